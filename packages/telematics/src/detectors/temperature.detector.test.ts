import { describe, expect, it } from 'vitest';
import { recordAt } from '../reducer/scenario.helpers.js';
import { eventsOf, rowsOf } from './alert-scenario.helpers.js';
import type { VehicleContext } from './detector.js';

const REEFER: VehicleContext = {
  alerts: { reefer: { setPointC: -18, toleranceC: 2, minC: -25, maxC: -12 } },
};
const CODES = ['TSC', 'TIC', 'TFC', 'TCC', 'SCT'];
/** One record a minute with these readings (°C; null = no sensor value; undefined = no sensors). */
function series(temps: (number | null | undefined)[], ignition = true) {
  return temps.map((t, i) =>
    recordAt(i * 60, {
      speedKmh: 0,
      ignition,
      rpm: ignition ? 650 : 0,
      temperaturesC: t === undefined ? undefined : [t],
    }),
  );
}
const rows = (temps: (number | null | undefined)[], context = REEFER, ignition = true) =>
  rowsOf(eventsOf(series(temps, ignition), context), ...CODES);

describe('reefer temperature alerts (§10)', () => {
  it('raises TSC after 5 min above set-point + tolerance, and TCC when back in range', () => {
    const temps = [-18, -15, -15, -14, -15, -15, -14.5, -15, -18, -18];
    expect(rows(temps)).toEqual([
      ['TSC', 60, null, -14.5], // the reading when it has lasted 5 min
      ['TCC', 480, null, -18],
    ]);
  });

  it('raises nothing for an excursion shorter than 5 min', () => {
    expect(rows([-18, -15, -15, -15, -15, -18, -18])).toEqual([]);
  });

  it('raises TIC after 5 min below set-point − tolerance', () => {
    expect(rows([-18, -21, -21, -22, -21, -21, -21, -18])).toEqual([
      ['TIC', 60, null, -21],
      ['TCC', 420, null, -18],
    ]);
  });

  it('raises TFC at once outside [min, max], then TSC if it lasts, and one TCC', () => {
    const temps = [-18, -10, -9, -9, -9, -9, -9, -18];
    expect(rows(temps)).toEqual([
      ['TFC', 60, null, -10],
      ['TSC', 60, null, -9],
      ['TCC', 420, null, -18],
    ]);
  });

  it('carries the temperature as data.temperature', () => {
    const events = eventsOf(series([-18, -30]), REEFER);
    expect(events.map((e) => [e.code, e.data])).toEqual([['TFC', { temperature: -30 }]]);
  });

  it('judges the hottest and the coldest of the load sensors; other slots are ignored', () => {
    const context: VehicleContext = {
      alerts: { reefer: { setPointC: 4, toleranceC: 2, minC: 0, maxC: 8, sensorSlots: [0, 1] } },
    };
    const positions = [0, 60, 120].map((s) =>
      recordAt(s, { speedKmh: 0, ignition: true, temperaturesC: [4, s > 0 ? 9 : 5, 40] }),
    );
    expect(rowsOf(eventsOf(positions, context), ...CODES)).toEqual([['TFC', 60, null, 9]]);
  });

  it('raises SCT after 10 min with ignition on and no reading, once per silence', () => {
    const temps: (number | null | undefined)[] = [
      -18,
      null,
      ...Array<undefined>(12).fill(undefined),
      -18,
    ];
    expect(rows(temps)).toEqual([['SCT', 60, null, 600]]);
    expect(rows([-18, ...Array<undefined>(12).fill(undefined)], REEFER, false)).toEqual([]);
  });

  it('raises nothing for a vehicle that is not a reefer', () => {
    expect(rows([-18, -5, -5, -5, -5, -5, -5, -5, undefined], {})).toEqual([]);
  });
});
