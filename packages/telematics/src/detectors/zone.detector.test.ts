import { describe, expect, it } from 'vitest';
import type { Position } from '../position.js';
import { initialDeviceState, step } from '../reducer/device.reducer.js';
import { reducerSettings } from '../reducer/reducer-settings.js';
import { T0, recordAt } from '../reducer/scenario.helpers.js';
import { PlaceIndex } from '../zones/place-index.js';
import { eventsOf } from './alert-scenario.helpers.js';
import type { ContextGeofence, ContextPoi, VehicleContext } from './detector.js';

// A local plane around the scenarios' origin: x metres east, y metres north of (-3.7, 40.4).
const LAT0 = 40.4;
const LNG0 = -3.7;
const M_LAT = 111_195.08;
const M_LNG = M_LAT * Math.cos((LAT0 * Math.PI) / 180);
const lngOf = (x: number) => LNG0 + x / M_LNG;
const latOf = (y: number) => LAT0 + y / M_LAT;

/** A record `s` seconds after T0 at (x, y) metres, driving at `speedKmh` (ignition on). */
function at(s: number, x: number, y: number, speedKmh: number, patch: Partial<Position> = {}) {
  return recordAt(s, {
    lat: latOf(y),
    lng: lngOf(x),
    speedKmh,
    ignition: true,
    rpm: speedKmh > 0 ? 1200 : 650,
    ...patch,
  });
}

/** Driving east along y from x0 at `speedKmh`, one record every `everyS`, for `forS`. */
function driveEast(
  fromS: number,
  x0: number,
  y: number,
  speedKmh: number,
  forS: number,
  everyS = 5,
) {
  const out: Position[] = [];
  for (let dt = 0; dt < forS; dt += everyS) {
    out.push(at(fromS + dt, x0 + (speedKmh / 3.6) * dt, y, speedKmh));
  }
  return out;
}

/** Parked at (x, y) from `fromS` for `forS` seconds, a record every 30 s. */
function parked(fromS: number, x: number, y: number, forS: number, ignition = true) {
  const out: Position[] = [];
  for (let dt = 0; dt < forS; dt += 30) {
    out.push(at(fromS + dt, x, y, 0, { ignition, rpm: ignition ? 650 : 0 }));
  }
  return out;
}

/** A rectangle from (x0, y0) to (x1, y1) metres. */
function box(
  id: number,
  [x0, y0, x1, y1]: [number, number, number, number],
  extra: Partial<ContextGeofence> = {},
): ContextGeofence {
  const ring: [number, number][] = [
    [lngOf(x0), latOf(y0)],
    [lngOf(x1), latOf(y0)],
    [lngOf(x1), latOf(y1)],
    [lngOf(x0), latOf(y1)],
    [lngOf(x0), latOf(y0)],
  ];
  return { id, accessType: 'none', shape: { kind: 'polygon', rings: [ring] }, ...extra };
}

const poiAt = (id: number, x: number, y: number, radiusM = 50): ContextPoi => ({
  id,
  lat: latOf(y),
  lng: lngOf(x),
  radiusM,
});

/** [code, seconds after T0 (the place's key offset removed), data id, value] of zone events. */
function zoneRows(positions: Position[], context: VehicleContext) {
  const codes = ['AZA', 'SDZ', 'AZP', 'DZP', 'DAZ', 'EEZ', 'AIP', 'DPI', 'CIP'];
  return eventsOf(positions, context)
    .filter((e) => codes.includes(e.code))
    .map((e) => {
      const id = Number(e.data?.idzona ?? e.data?.idinterestpoint ?? 0);
      return [
        e.code,
        Math.floor((e.startTimeMs - T0) / 1000),
        id,
        e.value === undefined ? null : Math.round(e.value),
      ];
    });
}

describe('zones (§10 AZA, SDZ, AZP)', () => {
  it('raises AZA entering a polygon and SDZ leaving it', () => {
    // 36 km/h = 10 m/s; the zone spans x 500…1000 m; records every 5 s (50 m).
    const track = driveEast(0, 0, 0, 36, 200);
    const context = { geofences: [box(7, [500, -100, 1000, 100])] };
    expect(zoneRows(track, context)).toEqual([
      ['AZA', 55, 7, null],
      ['SDZ', 105, 7, null],
    ]);
  });

  it('GPS jitter along a border gives exactly one AZA and one SDZ', () => {
    // Driving along the zone's south border (y = 0) with ±12 m of noise for 10 minutes, then
    // turning in 200 m deep, and back out across the border with noise again.
    const zone = box(3, [-5_000, 0, 5_000, 2_000]);
    const track: Position[] = [];
    let seed = 42;
    const noise = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return (seed / 2_147_483_648 - 0.5) * 24; // ±12 m
    };
    track.push(at(0, -4_100, -100, 36)); // coming from the south
    let t = 5;
    for (; t < 600; t += 5) track.push(at(t, -4_000 + t * 10, noise(), 36));
    for (let k = 1; k <= 20; k++, t += 5) track.push(at(t, 2_000, k * 10 + noise(), 36));
    for (let k = 20; k >= -20; k--, t += 5) track.push(at(t, 2_100, k * 10 + noise(), 36));
    for (let k = 0; k < 60; k++, t += 5) track.push(at(t, 2_100 + k * 50, -200 + noise(), 36));
    const rows = zoneRows(track, { geofences: [zone] });
    expect(rows.map((r) => r[0])).toEqual(['AZA', 'SDZ']);
  });

  it('enters a zone parked just inside its border after a minute, from the stop’s first fix', () => {
    // The zone starts at x = 500; the truck parks at x = 505 (5 m inside, within the band) with
    // ±3 m of noise, then drives back west out of it.
    const zone = box(8, [500, -100, 1_000, 100]);
    const jitter = [2, -1, 3, 0, -2, 1, 2, -3, 1, 0];
    const track = [
      ...driveEast(0, 0, 0, 36, 50),
      ...jitter.map((dx, k) => at(50 + k * 30, 505 + dx, 0, 0)),
      ...[1, 2, 3, 4, 5].map((k) => at(350 + k * 5, 505 - k * 50, 0, 36)),
    ];
    expect(zoneRows(track, { geofences: [zone] })).toEqual([
      ['AZA', 50, 8, null],
      ['SDZ', 355, 8, null],
    ]);
  });

  it('raises AZP (one alert, no AZA beside it) entering a forbidden zone, and DZP after 2 minutes stopped in it', () => {
    const zone = box(9, [200, -100, 600, 100], { accessType: 'forbidden' });
    const track = [
      ...driveEast(0, 0, 0, 36, 30),
      ...parked(30, 300, 0, 300),
      ...driveEast(330, 300, 0, 36, 60),
    ];
    expect(zoneRows(track, { geofences: [zone] })).toEqual([
      ['AZP', 25, 9, null],
      ['DZP', 30, 9, 120],
      ['SDZ', 365, 9, null],
    ]);
  });

  it("tells one alert per visit (the entry); the exit and an unmarked zone's crossings are quiet facts for the history", () => {
    const track = [
      ...driveEast(0, 0, 0, 36, 30),
      ...parked(30, 300, 0, 300),
      ...driveEast(330, 300, 0, 36, 60),
    ];
    const told = (context: VehicleContext) =>
      eventsOf(track, context)
        .filter((e) => ['AZA', 'SDZ', 'AZP', 'DZP'].includes(e.code))
        .map((e) => [e.code, e.quiet ?? false]);
    const marked = box(9, [200, -100, 600, 100], { notify: true });
    expect(told({ geofences: [marked] })).toEqual([
      ['AZA', false],
      ['SDZ', true],
    ]);
    const unmarked = box(9, [200, -100, 600, 100], { notify: false });
    expect(told({ geofences: [unmarked] })).toEqual([
      ['AZA', true],
      ['SDZ', true],
    ]);
    const forbidden = box(9, [200, -100, 600, 100], { accessType: 'forbidden', notify: false });
    expect(told({ geofences: [forbidden] })).toEqual([
      ['AZP', false],
      ['DZP', false],
      ['SDZ', true],
    ]);
  });

  it('follows a corridor: inside while on the line, leaving it sideways', () => {
    const corridor: ContextGeofence = {
      id: 21,
      accessType: 'allowed',
      shape: {
        kind: 'corridor',
        line: [
          [lngOf(-100), latOf(0)],
          [lngOf(2_000), latOf(0)],
        ],
        widthM: 100,
      },
    };
    const track = [
      at(0, 0, 200, 36), // north of it
      ...driveEast(5, 0, 0, 36, 100), // x 0…950 on the line
      ...[1, 2, 3, 4, 5, 6].map((k) => at(100 + k * 5, 1_000, k * 20, 36)), // north, off it
    ];
    expect(zoneRows(track, { geofences: [corridor] })).toEqual([
      ['AZA', 5, 21, null],
      ['SDZ', 120, 21, null],
    ]);
  });

  it('gives two events, with distinct keys, for two zones entered on the same record', () => {
    const context = {
      geofences: [box(1, [100, -100, 500, 100]), box(1002, [100, -50, 400, 50])],
    };
    const events = eventsOf(driveEast(0, 0, 0, 36, 60), context).filter((e) => e.code === 'AZA');
    expect(events.map((e) => e.data?.idzona)).toEqual([1, 1002]);
    expect(new Set(events.map((e) => e.startTimeMs)).size).toBe(2);
  });

  it('forgets a zone deleted while inside without SDZ', () => {
    const zone = box(5, [0, -100, 1_000, 100]);
    const settings = reducerSettings();
    let state = initialDeviceState();
    const codes: string[] = [];
    const track = driveEast(0, -100, 0, 36, 60);
    track.forEach((p, i) => {
      const context: VehicleContext =
        i < 8 ? { geofences: [zone] } : { geofences: [box(6, [5_000, 0, 6_000, 100])] };
      const r = step(state, p, settings, { context });
      state = r.state;
      for (const f of r.facts) if (f.type === 'event') codes.push(f.code);
    });
    expect(codes.filter((c) => c === 'AZA' || c === 'SDZ')).toEqual(['AZA']);
  });
});

describe('a fresh state (a device’s first record, a recompute from a stop)', () => {
  it('takes the zones and POIs it starts in without AZA, AIP or CIP', () => {
    const track = driveEast(0, 600, 0, 36, 60);
    const context = {
      geofences: [box(4, [500, -100, 2_000, 100])],
      pois: [poiAt(3, 600, 0)],
    };
    expect(zoneRows(track, context)).toEqual([]);
  });
});

describe('stops and zones (§10 DAZ)', () => {
  const depot = box(11, [-200, -200, 200, 200], { accessType: 'allowed' });

  it('raises DAZ after 20 minutes stopped outside every allowed zone', () => {
    const track = [...driveEast(0, 0, 0, 36, 100), ...parked(100, 1_000, 0, 1_500)];
    expect(zoneRows(track, { geofences: [depot] }).filter((r) => r[0] === 'DAZ')).toEqual([
      ['DAZ', 100, 0, 1200],
    ]);
  });

  it('raises no DAZ stopped inside an allowed zone, nor for a vehicle without allowed zones', () => {
    const inDepot = [...driveEast(0, -150, 0, 36, 10), ...parked(10, 0, 0, 1_500, false)];
    expect(zoneRows(inDepot, { geofences: [depot] }).filter((r) => r[0] === 'DAZ')).toEqual([]);
    const noAllowed = [...driveEast(0, 0, 0, 36, 100), ...parked(100, 1_000, 0, 1_500)];
    const none = { geofences: [{ ...depot, accessType: 'none' as const }] };
    expect(zoneRows(noAllowed, none).filter((r) => r[0] === 'DAZ')).toEqual([]);
  });
});

describe('zone speed limit (§10 EEZ, §2 speeding)', () => {
  const town = box(40, [500, -300, 2_000, 300], { speedLimitKmh: 50 });

  it('raises one EEZ per episode over the zone limit, with the top speed', () => {
    const track = [...driveEast(0, 0, 0, 72, 150)]; // 20 m/s: x 0…2,980
    const rows = zoneRows(track, { geofences: [town] });
    expect(rows).toEqual([
      ['AZA', 30, 40, null],
      ['EEZ', 30, 40, 72],
      ['SDZ', 105, 40, null],
    ]);
  });

  it('raises no EEZ for a burst shorter than 15 s, nor under the limit', () => {
    const track = [
      ...driveEast(0, 0, 0, 45, 60),
      at(60, 750, 0, 70),
      at(65, 800, 0, 70),
      ...driveEast(70, 850, 0, 45, 60),
    ];
    expect(zoneRows(track, { geofences: [town] }).filter((r) => r[0] === 'EEZ')).toEqual([]);
  });

  it('makes the vehicle speeding over the zone limit when it has none of its own', () => {
    const settings = reducerSettings();
    let state = initialDeviceState();
    const statuses: string[] = [];
    for (const p of driveEast(0, 600, 0, 70, 60)) {
      const r = step(state, p, settings, { context: { geofences: [town] } });
      state = r.state;
      for (const f of r.facts) if (f.type === 'status') statuses.push(f.to);
    }
    expect(statuses).toContain('speeding');
    state = initialDeviceState();
    const own: string[] = [];
    for (const p of driveEast(0, 600, 0, 70, 60)) {
      const context = { geofences: [town], speedLimitKmh: 80 };
      const r = step(state, p, settings, { context });
      state = r.state;
      for (const f of r.facts) if (f.type === 'status') own.push(f.to);
    }
    expect(own).not.toContain('speeding');
  });
});

describe('points of interest (§10 AIP, DPI, CIP)', () => {
  it('raises AIP and CIP passing a POI without stopping', () => {
    const track = driveEast(0, 0, 0, 36, 120);
    expect(zoneRows(track, { pois: [poiAt(77, 600, 20)] })).toEqual([
      ['AIP', 60, 77, null],
      ['CIP', 60, 77, null],
    ]);
  });

  it('raises AIP and DPI (after 5 minutes) stopping at a POI, and no CIP', () => {
    const track = [
      ...driveEast(0, 0, 0, 36, 60),
      ...parked(60, 600, 0, 400),
      ...driveEast(460, 600, 0, 36, 60),
    ];
    expect(zoneRows(track, { pois: [poiAt(77, 600, 20)] })).toEqual([
      ['AIP', 60, 77, null],
      ['DPI', 60, 77, 300],
    ]);
  });

  it('keeps D20 quiet at a POI known through the index', () => {
    const places = new PlaceIndex([], [poiAt(5, 600, 0)]).lookupFor(null, null);
    const track = [...driveEast(0, 0, 0, 36, 60), ...parked(60, 600, 0, 1_500)];
    const codes = eventsOf(track, { places }).map((e) => e.code);
    expect(codes).toContain('DPI');
    expect(codes).not.toContain('D20');
  });
});

describe('the place index', () => {
  it('answers the zones that apply to a vehicle, with depth', () => {
    const index = new PlaceIndex(
      [
        { ...box(1, [0, 0, 100, 100]), autoAsign: true },
        { ...box(2, [0, 0, 100, 100]), autoAsign: false, vehicleIds: [7] },
        { ...box(3, [0, 0, 100, 100]), autoAsign: false, groupIds: [4] },
      ],
      [],
    );
    const ids = (v: number, g: number | null) =>
      index.query(latOf(50), lngOf(50), v, g).zones.map((z) => z.id);
    expect(ids(7, null)).toEqual([1, 2]);
    expect(ids(8, 4)).toEqual([1, 3]);
    const hit = index.query(latOf(50), lngOf(10), 7, null).zones[0]!;
    expect(hit.depthM).toBeCloseTo(10, 0);
    expect(index.query(latOf(50), lngOf(-10), 7, null).zones[0]!.depthM).toBeCloseTo(-10, 0);
    expect(index.query(latOf(50), lngOf(-30), 7, null).zones).toEqual([]);
  });
});
