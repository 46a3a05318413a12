// Issue 22 item 4, "scores that rank": a fleet like the demo's (50 vehicles of the catalogue, every
// tenth a phone, the catalogue's driver styles) driven for a week through the FMB640 encoding and
// the server's decoder into the whole detector chain, scored with the default letter settings.
// Prints the letter distribution of the safe-driving score and of each indicator and asserts that
// each spreads over at least four letters, that vehicles without the data are N/D, and that the
// most aggressive driver ranks in the bottom fifth.

import {
  addSums,
  DEFAULT_LETTER_FLOORS,
  DEFAULT_SCORE_SETTINGS,
  DOMAIN_SCALES,
  evaluate,
  evaluationSettingsOf,
  initialDeviceState,
  INDICATOR_KEYS,
  LETTERS,
  letterOf,
  safetyScore,
  step,
  zeroSums,
  type IndicatorKey,
  type IndicatorSums,
  type Letter,
  type Position,
  type ScoreSettings,
} from '@rumbo/telematics';
import { describe, expect, it } from 'vitest';
import { describeVehicle } from './catalog.js';
import { compileRoutes } from './routes.js';
import { throughTeltonika } from './test-support/alert-accuracy.js';
import { MONDAY_MS } from './test-support/trucks.js';
import { Truck } from './truck.js';
import type { DriverStyle } from './truck-profile.js';

const VEHICLES = Number(process.env['SPREAD_VEHICLES'] ?? 50);
const DAYS = Number(process.env['SPREAD_DAYS'] ?? 7);
const SEED = 'rumbo-demo';

/** Before issue 22: domain.md §5's scales and one set of letter floors for everything. */
const BEFORE: ScoreSettings = {
  letterFloors: DEFAULT_LETTER_FLOORS,
  safetyLetterFloors: DEFAULT_LETTER_FLOORS,
  scales: DOMAIN_SCALES,
};

interface Simulated {
  index: number;
  plate: string;
  kind: string;
  style: DriverStyle;
  isPhone: boolean;
  sums: IndicatorSums;
  excessAlerts: number;
}

interface Scored extends Simulated {
  safety: number | null;
  safetyLetter: Letter | null;
  letters: Record<IndicatorKey, Letter | null>;
  scores: Record<IndicatorKey, number | null>;
  values: Record<IndicatorKey, number | null>;
}

/** A phone (OsmAnd) reports position, GPS speed, heading and satellites only. */
function asPhone(p: Position): Position {
  const { deviceId, fixTimeMs, lat, lng, speedKmh, headingDeg, satellites } = p;
  return { deviceId, fixTimeMs, lat, lng, speedKmh, headingDeg, satellites, attributes: {} };
}

function simulate(): Simulated[] {
  const routes = new Map(compileRoutes().map((r) => [r.id, r]));
  const out: Simulated[] = [];
  for (let index = 0; index < VEHICLES; index++) {
    const device = describeVehicle(index, { seed: SEED });
    const truck = new Truck(
      { ...device, route: routes.get(device.routeId)! },
      { seed: `${SEED}/${index}`, startMs: MONDAY_MS },
    );
    const isPhone = device.protocol === 'osmand';
    let positions = throughTeltonika(truck.advanceTo(MONDAY_MS + DAYS * 86_400_000), device.imei);
    if (isPhone) positions = positions.map(asPhone);
    let state = initialDeviceState();
    const sums = zeroSums();
    let excessAlerts = 0;
    for (const p of positions) {
      const r = step(state, p);
      state = r.state;
      for (const f of r.facts) {
        if (f.type === 'indicators') addSums(sums, f);
        // An EXV episode, alone or told inside a speed level's alert (issue 22: one alert per
        // episode, `data.details` naming the facts folded into it).
        else if (
          f.type === 'event' &&
          (f.code === 'EXV' || String(f.data?.['details'] ?? '').includes('EXV'))
        )
          excessAlerts++;
      }
    }
    out.push({
      index,
      plate: device.plate,
      kind: device.kind,
      style: device.style,
      isPhone,
      sums,
      excessAlerts,
    });
  }
  return out;
}

/** The letters of each vehicle under `settings` (the server's analysis and safety_drive). */
function score(fleet: readonly Simulated[], settings: ScoreSettings): Scored[] {
  return fleet.map((v) => {
    const e = evaluate(v.sums, evaluationSettingsOf(settings, v.kind));
    const s = safetyScore(v.sums);
    const letters = {} as Record<IndicatorKey, Letter | null>;
    const scores = {} as Record<IndicatorKey, number | null>;
    const values = {} as Record<IndicatorKey, number | null>;
    for (const key of INDICATOR_KEYS) {
      letters[key] = e.evaluation[key].profile;
      scores[key] = e.evaluation[key].score;
      values[key] = e.evaluation[key].value;
    }
    return {
      ...v,
      safety: s.score,
      safetyLetter: s.score === null ? null : letterOf(s.score, settings.safetyLetterFloors),
      letters,
      scores,
      values,
    };
  });
}

/** Litres per 100 km of the vehicles `counts` keeps. */
function fleetL100(fleet: readonly Simulated[], counts: (v: Simulated) => boolean): number {
  let litres = 0;
  let km = 0;
  for (const v of fleet) {
    litres += v.sums.fuelL;
    if (counts(v)) km += v.sums.distanceKm;
  }
  return (100 * litres) / km;
}

function distribution(letters: readonly (Letter | null)[]): Record<Letter | 'N/D', number> {
  const d = Object.fromEntries([...LETTERS, 'N/D'].map((l) => [l, 0])) as Record<
    Letter | 'N/D',
    number
  >;
  for (const l of letters) d[l ?? 'N/D'] += 1;
  return d;
}

describe(`letters of a demo-like fleet (${VEHICLES} vehicles × ${DAYS} days, default settings)`, () => {
  const simulated = simulate();
  const fleet = score(simulated, DEFAULT_SCORE_SETTINGS);
  const trucks = fleet.filter((v) => !v.isPhone);
  const phones = fleet.filter((v) => v.isPhone);

  it('prints the letter distribution and spreads safety and every indicator over ≥ 4 letters', () => {
    const rowsOf = (scored: readonly Scored[]): [string, (Letter | null)[]][] => [
      ['safety', scored.map((v) => v.safetyLetter)],
      ...INDICATOR_KEYS.map((k): [string, (Letter | null)[]] => [
        k,
        scored.map((v) => v.letters[k]),
      ]),
    ];
    const table = (scored: readonly Scored[]) =>
      [
        `${'score'.padEnd(24)}${[...LETTERS, 'N/D'].map((l) => l.padStart(5)).join('')}   letters`,
        ...rowsOf(scored).map(([name, letters]) => {
          const d = distribution(letters);
          const used = LETTERS.filter((l) => d[l] > 0).length;
          return `${name.padEnd(24)}${[...LETTERS, 'N/D'].map((l) => String(d[l as Letter]).padStart(5)).join('')}   ${used}`;
        }),
      ].join('\n');
    const styles = new Map<string, number>();
    for (const v of fleet) styles.set(v.style, (styles.get(v.style) ?? 0) + 1);
    console.log(
      `letter distribution, ${VEHICLES} vehicles (${phones.length} phones) × ${DAYS} days; styles ${[...styles].map(([s, n]) => `${s} ${n}`).join(', ')}\n` +
        `before (domain.md §5 scales, one set of letter floors):\n${table(score(simulated, BEFORE))}\n` +
        `after (default settings):\n${table(fleet)}\n` +
        `fleet L/100 km: ${fleetL100(fleet, () => true).toFixed(1)} over every vehicle's km (before), ` +
        `${fleetL100(fleet, (v) => v.sums.fuelL > 0).toFixed(1)} over the vehicles with fuel data (after)`,
    );
    // The figure the consumption screen shows: the phones' km have no litres.
    expect(fleetL100(fleet, (v) => v.sums.fuelL > 0)).toBeGreaterThan(fleetL100(fleet, () => true));
    if (process.env['SPREAD_DEBUG']) {
      for (const v of fleet) {
        console.log(
          `${v.plate} ${v.kind.padEnd(12)} ${v.style.padEnd(10)} torque≥90 % ${((100 * v.sums.torqueHighS) / Math.max(1, v.sums.torqueS)).toFixed(2)} safety ${v.safety?.toFixed(1) ?? 'N/D'} ${v.safetyLetter ?? '-'} ` +
            INDICATOR_KEYS.map(
              (k) => `${k.slice(0, 8)} ${v.values[k]?.toFixed(2) ?? '—'} ${v.letters[k] ?? '-'}`,
            ).join(' | '),
        );
      }
    }
    const rows = rowsOf(fleet);
    for (const [name, letters] of rows) {
      const used = LETTERS.filter((l) => letters.includes(l)).length;
      expect(used, `${name} spreads over ${used} letters`).toBeGreaterThanOrEqual(4);
    }
  });

  it('gives vehicles without CAN data or harsh-event input N/D, never a letter', () => {
    expect(phones.length).toBeGreaterThan(0);
    for (const v of phones) {
      expect(v.safety, `${v.plate} safety`).toBeNull();
      for (const key of INDICATOR_KEYS) {
        if (key === 'excessSpeed') continue;
        expect(v.letters[key], `${v.plate} ${key}`).toBeNull();
      }
    }
    for (const v of trucks) {
      expect(v.safetyLetter, `${v.plate} safety`).not.toBeNull();
      expect(v.letters.averageEcoDriving, `${v.plate} eco`).not.toBeNull();
    }
  });

  it('ranks the most aggressive driver in the bottom fifth of safety and eco-driving', () => {
    const aggressive = trucks.filter((v) => v.style === 'aggressive');
    expect(aggressive.length).toBeGreaterThan(0);
    // The most aggressive driver: the style's worst safety score.
    const worst = aggressive.reduce((a, b) => ((a.safety ?? 100) <= (b.safety ?? 100) ? a : b));
    const bySafety = [...trucks].sort((a, b) => (a.safety ?? 100) - (b.safety ?? 100));
    const rank = bySafety.indexOf(worst);
    const eco = (v: Scored) => v.scores.averageEcoDriving ?? 100;
    const byEco = [...trucks].sort((a, b) => eco(a) - eco(b));
    const ecoRank = byEco.indexOf(worst);
    console.log(
      `most aggressive driver ${worst.plate}: safety ${worst.safety?.toFixed(1)} ${worst.safetyLetter} (rank ${rank + 1} of ${trucks.length} from the bottom), eco ${eco(worst).toFixed(1)} (rank ${ecoRank + 1})`,
    );
    expect(rank).toBeLessThan(trucks.length / 5);
    expect(ecoRank).toBeLessThan(trucks.length / 5);
  });

  it('counts excess speed on the same episodes as the EXV alerts', () => {
    for (const v of trucks) {
      expect(
        v.sums.excessKm > 0,
        `${v.plate}: ${v.excessAlerts} EXV, ${v.sums.excessKm.toFixed(1)} km over`,
      ).toBe(v.excessAlerts > 0);
    }
  });
});
