// Bench-only page (never part of the app build): the geofence screen's zone layers (one GeoJSON
// source, fill/line/symbol layers) with N zones, and the drawing tool holding one zone being
// edited, on a plain MapLibre map; the bench pans it and counts long tasks.
import 'maplibre-gl/dist/maplibre-gl.css';
import type { Geofence, InterestPoint } from '@rumbo/contracts';
import { Map as MapLibre } from 'maplibre-gl';
import { DrawController } from '../../apps/web/src/features/geofences/draw-controller';
import { addZoneLayers } from '../../apps/web/src/shared/geofences/zone-layers';
import { circleRing, zoneFeatures } from '../../apps/web/src/shared/geofences/zone-shapes';
import { configureMapLibre } from '../../apps/web/src/shared/map/configure-maplibre';

const params = new URLSearchParams(location.search);
const N = Number(params.get('n') ?? 2_000);
const CENTER: [number, number] = [-59, -34.5];

// Deterministic pseudo-random zones around Buenos Aires: 80 % polygons of 50 vertices (a
// jagged ring), 10 % circles, 10 % corridors of 20 points; a POI per four zones.
let seed = 7;
const rnd = () => (seed = (seed * 1664525 + 1013904223) >>> 0) / 2 ** 32;
const at = (): [number, number] => [CENTER[0] + (rnd() - 0.5) * 4, CENTER[1] + (rnd() - 0.5) * 3];
const colors = ['#2e7d32', '#c62828', '#1565c0', '#ef6c00', '#6a1b9a'];

function zone(i: number): Geofence {
  const center = at();
  const common = {
    id: i + 1,
    name: `Zona ${i + 1}`,
    recordedat: '',
    attributes: {},
    accessType: (['allowed', 'forbidden', 'none'] as const)[i % 3]!,
    autoAsign: true,
    color: colors[i % colors.length]!,
    speedLimit: null,
    vehicles: [],
    groups: [],
  };
  const kind = i % 10;
  if (kind === 0) {
    return {
      ...common,
      geom: { type: 'Point', coordinates: center },
      radius: 300 + rnd() * 2000,
      width: null,
    };
  }
  if (kind === 1) {
    const line: [number, number][] = [center];
    for (let k = 1; k < 20; k++) {
      const [x, y] = line[k - 1]!;
      line.push([x + (rnd() - 0.3) * 0.02, y + (rnd() - 0.5) * 0.02]);
    }
    return {
      ...common,
      geom: { type: 'LineString', coordinates: line },
      width: 100 + rnd() * 400,
      radius: null,
    };
  }
  const radius = 500 + rnd() * 3000;
  const ring = circleRing(center, radius, 50).map(([x, y], k, all) =>
    k === all.length - 1 ? all[0]! : [x! + (rnd() - 0.5) * 0.004, y! + (rnd() - 0.5) * 0.004],
  ) as [number, number][];
  ring[ring.length - 1] = ring[0]!;
  return { ...common, geom: { type: 'Polygon', coordinates: [ring] }, width: null, radius: null };
}

const geofences = Array.from({ length: N }, (_, i) => zone(i));
const pois: InterestPoint[] = Array.from({ length: Math.floor(N / 4) }, (_, i) => ({
  idInterestPoint: i + 1,
  idInterestPointType: null,
  nombre: `Punto ${i + 1}`,
  idUsuario: null,
  idCliente: null,
  descripcion: '',
  radio: 150,
  recordedat: '',
  geom: { type: 'Point', coordinates: at() },
  deleted: false,
}));

configureMapLibre();
const map = new MapLibre({
  container: 'map',
  style: {
    version: 8,
    sources: {},
    layers: [{ id: 'bg', type: 'background', paint: { 'background-color': '#dfe6ee' } }],
  },
  center: CENTER,
  zoom: Number(params.get('zoom') ?? 8),
  attributionControl: false,
});
const controller = new DrawController(() => {});
let buildMs = 0;
const ready = new Promise<void>((resolve) => {
  map.on('load', () => {
    const t0 = performance.now();
    const data = zoneFeatures(geofences, pois);
    buildMs = performance.now() - t0;
    addZoneLayers(map, { dark: false, poiColor: '#f9a825' }, data);
    for (const id of (params.get('hide') ?? '').split(',').filter(Boolean)) {
      map.setLayoutProperty(id, 'visibility', 'none');
    }
    if (params.get('draw') !== '0') {
      controller.attach(map);
      // One zone open for editing, as on the screen.
      const first = geofences.find((g) => g.geom.type === 'Polygon')!;
      controller.load({ geometry: first.geom });
    }
    map.once('idle', () => resolve());
  });
});

/** Long tasks while the map pans: a 400 px pan of 800 ms every second. */
async function longTasks(seconds: number) {
  const frameMs: number[] = [];
  const host = map as unknown as Record<string, (...args: unknown[]) => unknown>;
  const original = host._render!;
  host._render = function (this: unknown, ...args: unknown[]) {
    const t0 = performance.now();
    try {
      return original.apply(this, args);
    } finally {
      frameMs.push(performance.now() - t0);
    }
  };
  const tasks: number[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) tasks.push(e.duration);
  });
  observer.observe({ type: 'longtask', buffered: false });
  for (let s = 0; s < seconds; s++) {
    const dx = 400 * (s % 4 < 2 ? 1 : -1);
    const dy = 200 * (s % 2 ? 1 : -1);
    map.panBy([dx, dy], { duration: 800 });
    await new Promise((r) => setTimeout(r, 1000));
  }
  observer.disconnect();
  host._render = original;
  const sorted = [...frameMs].sort((a, b) => a - b);
  return {
    over50: tasks.filter((d) => d > 50).length,
    longTasks: tasks.length,
    maxLongTaskMs: tasks.length ? Math.max(...tasks) : 0,
    frames: sorted.length,
    p95FrameMs: sorted[Math.floor(sorted.length * 0.95)] ?? 0,
    maxFrameMs: sorted.at(-1) ?? 0,
    frameOver50: sorted.filter((x) => x > 50).length,
    buildMs,
    features: geofences.length + pois.length,
  };
}

/** Main-thread time of replacing the source's data (what a save or a deletion costs). */
function setDataMs(): number {
  const t0 = performance.now();
  const data = zoneFeatures(geofences, pois, { geofence: 1 });
  const source = map.getSource('rumbo-zones') as unknown as { setData: (d: unknown) => void };
  source.setData(data);
  return performance.now() - t0;
}

Object.assign(window, { bench: { ready, longTasks, setDataMs } });
