import { setWorkerUrl } from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';

let configured = false;

/**
 * Points MapLibre at its worker as a file of the build: the library's default address is relative
 * to its own module, which no longer holds once bundled.
 */
export function configureMapLibre(): void {
  if (configured) return;
  configured = true;
  setWorkerUrl(workerUrl);
}
