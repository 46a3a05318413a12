// Zone evaluation with 10,000 geofences (issue 12; goals: ≤ 5 µs CPU per record, index rebuild
// after an edit ≤ 50 ms). 10,000 polygons of 50 vertices spread over a country (Argentina's
// extent, 300 m – 5 km across), 1,000 trucks reporting every 10 s (10 s of a 10,000 records/s
// load per round), a third of them driving through zones. Measured in one process, pure CPU:
//   - the index lookup alone (PlaceIndex.query: Flatbush search + exact depth in metres);
//   - the detector chain with the zone detector and the vehicles' places, minus the chain without
//     them (the zone rules plus the status rule's zone speed limit), per record;
//   - building the tenant's index from scratch, as a save does (PlacesCache.reloadTenant).
// Run: npx tsx bench/geofence-eval.ts   (ZONES, VERTICES, TRUCKS, RECORDS, ROUNDS to change it)
import {
  DEFAULT_DETECTORS,
  DEFAULT_REDUCER_SETTINGS,
  PlaceIndex,
  initialDeviceState,
  step,
  zoneDetector,
  type DetectorChain,
  type DeviceState,
  type IndexedZone,
  type PlaceLookup,
  type Position,
} from '@rumbo/telematics';

const ZONES = Number(process.env.ZONES ?? 10_000);
const VERTICES = Number(process.env.VERTICES ?? 50);
const TRUCKS = Number(process.env.TRUCKS ?? 1_000);
const RECORDS = Number(process.env.RECORDS ?? 100);
const ROUNDS = Number(process.env.ROUNDS ?? 7);
const COUNTRY = { minLng: -68, maxLng: -56, minLat: -40, maxLat: -26 };
const M_LAT = 111_195;

/** A small deterministic generator (mulberry32). */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
const rnd = random(12);
const between = (lo: number, hi: number) => lo + (hi - lo) * rnd();

/** A star-shaped (so simple) polygon of `n` vertices around (lng, lat), radius metres. */
function polygon(id: number, lng: number, lat: number, radiusM: number, n: number): IndexedZone {
  const kx = M_LAT * Math.cos((lat * Math.PI) / 180);
  const ring: [number, number][] = [];
  for (let i = 0; i < n - 1; i++) {
    const a = (2 * Math.PI * i) / (n - 1);
    const r = radiusM * between(0.6, 1);
    ring.push([lng + (Math.cos(a) * r) / kx, lat + (Math.sin(a) * r) / M_LAT]);
  }
  ring.push(ring[0]!);
  const kinds = ['none', 'none', 'allowed', 'forbidden'] as const;
  const zone: IndexedZone = {
    id,
    shape: { kind: 'polygon', rings: [ring] },
    accessType: kinds[id % 4]!,
    autoAsign: true,
    version: 1,
  };
  if (id % 5 === 0) zone.speedLimitKmh = 60;
  return zone;
}

const zones: IndexedZone[] = [];
for (let id = 1; id <= ZONES; id++) {
  zones.push(
    polygon(
      id,
      between(COUNTRY.minLng, COUNTRY.maxLng),
      between(COUNTRY.minLat, COUNTRY.maxLat),
      between(150, 2_500),
      VERTICES,
    ),
  );
}

/** Trucks driving at 60–100 km/h with slow turns, one record every 10 s. */
function trucks(): Position[][] {
  const out: Position[][] = [];
  const t0 = Date.UTC(2025, 2, 3, 8);
  for (let v = 0; v < TRUCKS; v++) {
    let lng: number;
    let lat: number;
    if (v % 3 === 0) {
      // Start a kilometre or two from a zone's centre, heading somewhere: it drives through.
      const shape = zones[Math.floor(rnd() * zones.length)]!.shape;
      if (shape.kind !== 'polygon') throw new Error('polygons only');
      const ring = shape.rings[0]!;
      lng = ring[0]![0] + between(-0.02, 0.02);
      lat = ring[0]![1] + between(-0.02, 0.02);
    } else {
      lng = between(COUNTRY.minLng, COUNTRY.maxLng);
      lat = between(COUNTRY.minLat, COUNTRY.maxLat);
    }
    let heading = between(0, 2 * Math.PI);
    const positions: Position[] = [];
    for (let k = 0; k < RECORDS; k++) {
      const speedKmh = k % 40 < 35 ? between(60, 100) : 0;
      const stepM = (speedKmh / 3.6) * 10;
      heading += between(-0.2, 0.2);
      lat += (Math.sin(heading) * stepM) / M_LAT;
      lng += (Math.cos(heading) * stepM) / (M_LAT * Math.cos((lat * Math.PI) / 180));
      positions.push({
        deviceId: `bench-${v}`,
        fixTimeMs: t0 + k * 10_000,
        lat,
        lng,
        satellites: 10,
        hdop: 0.9,
        speedKmh,
        ignition: true,
        rpm: speedKmh > 0 ? 1_300 : 650,
        attributes: {},
      });
    }
    out.push(positions);
  }
  return out;
}

const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;

// Index build: from scratch (a process start), and after one zone's edit (a save: the other
// zones' compiled shapes are reused by version, the tree is packed again).
const scratch: number[] = [];
const builds: number[] = [];
let index = new PlaceIndex(zones, []);
for (let round = 0; round < ROUNDS + 1; round++) {
  let started = performance.now();
  const fresh = new PlaceIndex(zones, []);
  if (round > 0) scratch.push(performance.now() - started);
  const edited = zones.slice();
  edited[round] = { ...polygon(edited[round]!.id, -60, -33, 1_000, VERTICES), version: 2 + round };
  started = performance.now();
  index = new PlaceIndex(edited, [], { previous: fresh });
  if (round > 0) builds.push(performance.now() - started);
}

const streams = trucks();
const records = streams.reduce((n, s) => n + s.length, 0);

// The lookup alone.
const lookups: number[] = [];
let hits = 0;
for (let round = 0; round < ROUNDS + 1; round++) {
  hits = 0;
  const cpu = process.cpuUsage();
  for (const positions of streams) {
    for (const p of positions) hits += index.query(p.lat, p.lng, 1, null).zones.length;
  }
  const used = process.cpuUsage(cpu);
  if (round > 0) lookups.push(((used.user + used.system) * 1000) / records);
}

/** CPU ns per record of stepping every truck through `detectors` with (or without) places. */
function chain(detectors: DetectorChain, withPlaces: boolean): { ns: number; events: number } {
  let events = 0;
  const cpu = process.cpuUsage();
  streams.forEach((positions, v) => {
    let state: DeviceState = initialDeviceState(detectors);
    const places: PlaceLookup | undefined = withPlaces ? index.lookupFor(v, null) : undefined;
    const context = places ? { places } : {};
    for (const p of positions) {
      const r = step(state, p, DEFAULT_REDUCER_SETTINGS, { context, detectors });
      state = r.state;
      for (const f of r.facts) if (f.type === 'event') events++;
    }
  });
  const used = process.cpuUsage(cpu);
  return { ns: ((used.user + used.system) * 1000) / records, events };
}

const withoutZones = DEFAULT_DETECTORS.filter((d) => d !== zoneDetector);
const full: number[] = [];
const base: number[] = [];
let zoneEvents = 0;
for (let round = 0; round < ROUNDS + 1; round++) {
  const a = chain(DEFAULT_DETECTORS, true);
  const b = chain(withoutZones, false);
  if (round > 0) {
    full.push(a.ns);
    base.push(b.ns);
  }
  zoneEvents = a.events - b.events;
}

const fmt = (ns: number) => `${(ns / 1000).toFixed(2)} µs`;
console.log(
  `geofence evaluation: ${ZONES} polygons × ${VERTICES} vertices over ${COUNTRY.maxLng - COUNTRY.minLng}° × ${COUNTRY.maxLat - COUNTRY.minLat}°, ` +
    `${TRUCKS} trucks × ${RECORDS} records (${records} records = ${records / 10_000} s at 10,000 records/s), ${hits} zone hits per round, ${zoneEvents} zone events\n` +
    `  index rebuild after an edit  ${median(builds).toFixed(1)} ms (median of ${builds.length}; goal ≤ 50 ms)\n` +
    `  index build from scratch     ${median(scratch).toFixed(1)} ms\n` +
    `  lookup alone                 ${fmt(median(lookups))} CPU/record\n` +
    `  chain with zones             ${fmt(median(full))} CPU/record\n` +
    `  chain without zones          ${fmt(median(base))} CPU/record\n` +
    `  zone evaluation              ${fmt(median(full) - median(base))} CPU/record (goal ≤ 5 µs; medians of ${ROUNDS} rounds after a warm-up)`,
);
