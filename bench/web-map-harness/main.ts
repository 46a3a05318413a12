// Bench-only page (never part of the app build): the live map's store, WebGL layer and
// clustering on a plain MapLibre map, fed with synthetic binary frames of N moving vehicles.
import 'maplibre-gl/dist/maplibre-gl.css';
import { encodeLiveFrame, type LastInfo, type LiveFrameEntry } from '@rumbo/contracts';
import { Map as MapLibre } from 'maplibre-gl';
import { LiveMapController } from '../../apps/web/src/features/map/live-map-controller';
import { LiveFleetStore } from '../../apps/web/src/shared/fleet/live-fleet-store';
import { STATUS_COLORS, VEHICLE_STATUSES } from '../../apps/web/src/shared/fleet/vehicle-status';
import { configureMapLibre } from '../../apps/web/src/shared/map/configure-maplibre';

const params = new URLSearchParams(location.search);
const N = Number(params.get('n') ?? 10_000);
const FRAMES = 30;

// Deterministic pseudo-random fleet over Argentina.
let seed = 42;
const rnd = () => (seed = (seed * 1664525 + 1013904223) >>> 0) / 2 ** 32;
const base = Array.from({ length: N }, () => ({
  lng: -70 + rnd() * 15,
  lat: -40 + rnd() * 15,
  dl: (rnd() - 0.5) * 0.002,
  dt: (rnd() - 0.5) * 0.002,
}));
const snapshot: LastInfo[] = base.map((b, i) => ({
  idvehiculo: i + 1,
  plate: `AB${String(i).padStart(5, '0')}`,
  lastConnection: new Date().toISOString(),
  status: 'in-transit',
  statusCode: 3,
  lat: b.lat,
  lng: b.lng,
  speedKmh: 60,
  heading: 90,
  implementos: null,
  marca: 'Scania',
  modelo: 'R450',
  modelyear: 2022,
  fms1: { odometro: null, ureaLevel: null },
  fms4: { engineHours: null },
  driverCode: null,
}));
// Frames are made before measuring: in the app they arrive from the socket.
const frames = Array.from({ length: FRAMES }, (_, k) => {
  const entries: LiveFrameEntry[] = base.map((b, i) => ({
    vehicleId: i + 1,
    fixTimeMs: Date.now() + k * 1000,
    lat: b.lat + b.dt * k,
    lng: b.lng + b.dl * k,
    speedKmh: 40 + (i % 50),
    heading: (i * 7 + k) % 360,
    statusCode: (i + k) % 7,
  }));
  return encodeLiveFrame(entries);
});

configureMapLibre();
const map = new MapLibre({
  container: 'map',
  style: {
    version: 8,
    sources: {},
    layers: [{ id: 'bg', type: 'background', paint: { 'background-color': '#dfe6ee' } }],
  },
  center: [-62, -32],
  zoom: Number(params.get('zoom') ?? 5),
  attributionControl: false,
});
const store = new LiveFleetStore();
const controller = new LiveMapController(store, {
  colors: VEHICLE_STATUSES.map((s) => STATUS_COLORS.light[s]),
  cluster: '#0b5cad',
  clusterText: '#ffffff',
  label: '#111111',
  halo: '#ffffff',
});
const ready = new Promise<void>((resolve) => {
  map.on('load', () => {
    controller.attach(map);
    store.applyJson(snapshot);
    controller.setPass(new Uint8Array(store.count).fill(1));
    map.once('idle', () => resolve());
  });
});

interface Uploader {
  upload(): void;
}
const layer = () =>
  (map.getLayer('rumbo-vehicles') as unknown as { implementation: Uploader }).implementation;

let next = 0;
const frame = () => frames[next++ % FRAMES]!;

/** Main-thread time of one update: binary frame into the store, then the GPU upload. */
function applyOne(): { apply: number; upload: number } {
  const f = frame();
  const t0 = performance.now();
  store.applyBinary(f);
  const t1 = performance.now();
  layer().upload();
  const t2 = performance.now();
  return { apply: t1 - t0, upload: t2 - t1 };
}

/** Wraps an instance method to record how long each call takes on the main thread. */
function timed(target: object, name: string, into: number[]): () => void {
  const host = target as Record<string, (...args: unknown[]) => unknown>;
  const original = host[name]!;
  host[name] = function (this: unknown, ...args: unknown[]) {
    const t0 = performance.now();
    try {
      return original.apply(this, args);
    } finally {
      into.push(performance.now() - t0);
    }
  };
  return () => {
    host[name] = original;
  };
}

const summary = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return {
    calls: s.length,
    p95: s[Math.floor(s.length * 0.95)] ?? 0,
    max: s.at(-1) ?? 0,
    over50: s.filter((x) => x > 50).length,
  };
};

/** Long tasks while every vehicle updates once a second, with a pan every 3 s. */
async function longTasks(seconds: number) {
  // Attribution: our layer's draw, reclustering, label refresh, and MapLibre's whole frame.
  const layerMs: number[] = [];
  const reclusterMs: number[] = [];
  const labelsMs: number[] = [];
  const frameMs: number[] = [];
  const restore = [
    timed(layer(), 'render', layerMs),
    timed(controller, 'recluster', reclusterMs),
    timed(controller, 'updateLabels', labelsMs),
    timed(map, '_render', frameMs),
  ];
  const tasks: number[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) tasks.push(e.duration);
  });
  observer.observe({ type: 'longtask', buffered: false });
  const frameGaps: number[] = [];
  let last = performance.now();
  let running = true;
  const raf = () => {
    const now = performance.now();
    frameGaps.push(now - last);
    last = now;
    if (running) requestAnimationFrame(raf);
  };
  requestAnimationFrame(raf);
  const updateMs: number[] = [];
  for (let s = 0; s < seconds; s++) {
    const t0 = performance.now();
    store.applyBinary(frame());
    updateMs.push(performance.now() - t0);
    if (s % 3 === 2) map.panBy([120 * (s % 2 ? 1 : -1), 60], { duration: 400 });
    await new Promise((r) => setTimeout(r, 1000));
  }
  running = false;
  observer.disconnect();
  restore.forEach((r) => r());
  frameGaps.sort((a, b) => a - b);
  return {
    longTasks: tasks.length,
    maxLongTaskMs: tasks.length ? Math.max(...tasks) : 0,
    over50: tasks.filter((d) => d > 50).length,
    frames: frameGaps.length,
    p95FrameMs: frameGaps[Math.floor(frameGaps.length * 0.95)] ?? 0,
    maxFrameMs: frameGaps.at(-1) ?? 0,
    maxUpdateMs: Math.max(...updateMs),
    clusters: controller.clusterCount,
    layer: summary(layerMs),
    recluster: summary(reclusterMs),
    labels: summary(labelsMs),
    mapFrame: summary(frameMs),
  };
}

/** Main-thread time of one reclustering (what a viewport change costs). */
function recluster(): number {
  const t0 = performance.now();
  controller.recluster();
  return performance.now() - t0;
}

Object.assign(window, {
  bench: { ready, applyOne, longTasks, recluster, count: () => store.count },
});
