// Accuracy of the zone rules (issue 12) against the simulator's true paths: trucks' records
// through the FMB640 encoding and the server's decoder, then GNSS noise added to every position
// (σ 4 m per axis, 2 % of fixes off by up to 25 m), into the pure reducer with the whole chain and
// the zones as the server indexes them. The truth is where the noise-free path crosses each zone's
// border, computed here with plain geometry (circles and rectangles). A crossing whose path does not
// reach 40 m on both sides (a graze) is undecidable and counted neither way
// (docs/decisions/0020-geofences.md: the rules' band is 15 m).

import { PlaceIndex, haversineM, type EventFact, type IndexedZone } from '@rumbo/telematics';
import { describe, expect, it } from 'vitest';
import { CORRIDORS, PLACES } from './corridors.js';
import { Random } from './random.js';
import {
  NO_SCORE,
  addScores,
  detectEvents,
  formatTable,
  rates,
  score,
  throughTeltonika,
  withGnssNoise,
  type Score,
  type ScoredTruth,
} from './test-support/alert-accuracy.js';
import { MONDAY_MS, makeTruck } from './test-support/trucks.js';

const TRUCKS = 20;
const DAYS = 3;
const DECIDABLE_M = 40;
/** A crossing is seen up to a few records late (noise near the band); moving records are 10 s apart. */
const SLACK_MS = 30_000;
/**
 * Standing just inside a border, the crossing is seen at the first fix the noise leaves inside,
 * a record or two later: standing records are 60 s apart, parked ones (ignition off) 300 s.
 */
const BORDER_SLACK_MS = 310_000;
const M_LAT = 111_195;

interface TruthZone {
  id: number;
  name: string;
  /** Signed depth of a place inside the zone, metres. */
  depth(lat: number, lng: number): number;
  indexed: IndexedZone;
}

function circleZone(
  id: number,
  name: string,
  lat: number,
  lng: number,
  radiusM: number,
): TruthZone {
  return {
    id,
    name,
    depth: (la, ln) => radiusM - haversineM(la, ln, lat, lng),
    indexed: {
      id,
      accessType: 'none',
      autoAsign: true,
      shape: { kind: 'circle', lat, lng, radiusM },
    },
  };
}

function rectangleZone(id: number, name: string, lat: number, lng: number, wM: number, hM: number) {
  const kx = M_LAT * Math.cos((lat * Math.PI) / 180);
  const dx = wM / 2 / kx;
  const dy = hM / 2 / M_LAT;
  const ring: [number, number][] = [
    [lng - dx, lat - dy],
    [lng + dx, lat - dy],
    [lng + dx, lat + dy],
    [lng - dx, lat + dy],
    [lng - dx, lat - dy],
  ];
  const zone: TruthZone = {
    id,
    name,
    depth: (la, ln) => {
      const x = Math.abs(ln - lng) * kx - wM / 2;
      const y = Math.abs(la - lat) * M_LAT - hM / 2;
      if (x <= 0 && y <= 0) return Math.min(-x, -y);
      return -Math.hypot(Math.max(x, 0), Math.max(y, 0));
    },
    indexed: {
      id,
      accessType: 'none',
      autoAsign: true,
      shape: { kind: 'polygon', rings: [ring] },
    },
  };
  return zone;
}

/**
 * Harder zones: a 300 m circle whose border passes 10 m from where trucks park at a named place
 * (the truck stands inside it for hours while the noise moves its fixes across the border).
 */
function borderZones(firstId: number): TruthZone[] {
  let id = firstId;
  return Object.values(PLACES).map((place) =>
    circleZone(id++, `${place.name} (border)`, place.lat + 290 / M_LAT, place.lng, 300),
  );
}

/** 500 m circles on every named place, 2 × 1.2 km rectangles across every corridor. */
function zones(): TruthZone[] {
  const out: TruthZone[] = [];
  let id = 1;
  for (const place of Object.values(PLACES)) {
    out.push(circleZone(id++, place.name, place.lat, place.lng, 500));
  }
  for (const [name, corridor] of Object.entries(CORRIDORS)) {
    for (const at of [0.25, 0.5, 0.75]) {
      const v = corridor.vertices[Math.floor((corridor.vertices.length - 1) * at)]!;
      if (typeof v === 'string') continue;
      out.push(rectangleZone(id++, `${name} ${at}`, v[0], v[1], 2_000, 1_200));
    }
  }
  return out;
}

/** Entries and exits of one zone along a noise-free path, as scored truths. */
function crossings(zone: TruthZone, path: readonly { t: number; lat: number; lng: number }[]) {
  const depths = path.map((p) => zone.depth(p.lat, p.lng));
  const entries: ScoredTruth[] = [];
  const exits: ScoredTruth[] = [];
  // Runs of one side: [from, to) indices, and the extreme depth reached in each.
  const runs: { inside: boolean; from: number; to: number; extreme: number }[] = [];
  depths.forEach((d, i) => {
    const inside = d > 0;
    const last = runs[runs.length - 1];
    if (last && last.inside === inside) {
      last.to = i + 1;
      last.extreme = inside ? Math.max(last.extreme, d) : Math.min(last.extreme, d);
    } else runs.push({ inside, from: i, to: i + 1, extreme: d });
  });
  runs.forEach((run, k) => {
    const before = runs[k - 1];
    const isDecided = (a: number | undefined, b: number) =>
      a === undefined
        ? Math.abs(b) >= DECIDABLE_M
        : Math.abs(a) >= DECIDABLE_M && Math.abs(b) >= DECIDABLE_M;
    const startMs = before ? path[run.from - 1]!.t : path[run.from]!.t;
    const endMs = path[run.from]!.t;
    const truth = {
      startMs,
      endMs,
      isPositive: isDecided(before?.extreme, run.extreme) ? true : undefined,
    };
    // A truck's first record inside a zone is its starting point, not an entry (zone.detector.ts).
    if (!before) return;
    if (run.inside) entries.push(truth);
    else exits.push(truth);
  });
  return { entries, exits };
}

describe('zone rules against the simulator’s true paths', () => {
  it('find geofence entries and exits with ≥ 98 % precision and recall under GNSS noise', () => {
    const regular = zones();
    const border = borderZones(regular.length + 1);
    const all = [...regular, ...border];
    const index = new PlaceIndex(
      all.map((z) => z.indexed),
      [],
    );
    const places = index.lookupFor(null, null);
    const totals = new Map<string, Score>();
    let records = 0;
    let noisyTransitions = 0;
    for (let i = 0; i < TRUCKS; i++) {
      const truck = makeTruck(i, { seed: 'zones' });
      const positions = throughTeltonika(
        truck.advanceTo(MONDAY_MS + DAYS * 86_400_000),
        truck.identity.imei,
      );
      records += positions.length;
      const path = positions.map((p) => ({ t: p.fixTimeMs, lat: p.lat, lng: p.lng }));
      const noisy = withGnssNoise(positions, new Random(`zones/noise/${i}`));
      const events = detectEvents(noisy, { places });
      const byZone = (code: string, id: number) =>
        events
          .filter((e: EventFact) => e.code === code && e.data?.idzona === id)
          .map((e) => e.startTimeMs - (id % 1000));
      const add = (name: string, value: Score) =>
        totals.set(name, addScores(totals.get(name) ?? NO_SCORE, value));
      for (const zone of all) {
        const truth = crossings(zone, path);
        const isBorder = zone.id >= border[0]!.id;
        const slack = isBorder ? BORDER_SLACK_MS : SLACK_MS;
        const entry = score(truth.entries, byZone('AZA', zone.id), slack);
        const exit = score(truth.exits, byZone('SDZ', zone.id), slack);
        const kind = isBorder ? ', border 10 m' : '';
        add(`zone entry (AZA${kind})`, entry);
        add(`zone exit (SDZ${kind})`, exit);
        noisyTransitions += truth.entries.length + truth.exits.length;
      }
    }
    const rows = [...totals.entries()].sort(([a], [b]) => a.localeCompare(b));
    console.log(
      `zone accuracy, ${TRUCKS} trucks × ${DAYS} days, ${records} records, ${all.length} zones ` +
        `(σ 4 m GNSS noise, 2 % outliers ≤ 25 m), ${noisyTransitions} true border crossings:\n` +
        formatTable(rows),
    );
    for (const [name, s] of rows) {
      // Parking 10 m inside a border: crossings there are undecidable; only flaps count (precision).
      if (name.includes('border')) {
        expect(rates(s).precision, `${name} precision`).toBeGreaterThanOrEqual(0.95);
        continue;
      }
      expect(s.positives, name).toBeGreaterThan(50);
      const r = rates(s);
      expect(r.recall, `${name} recall`).toBeGreaterThanOrEqual(0.98);
      expect(r.precision, `${name} precision`).toBeGreaterThanOrEqual(0.98);
    }
  }, 300_000);
});
