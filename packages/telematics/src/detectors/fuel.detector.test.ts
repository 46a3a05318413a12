import { describe, expect, it } from 'vitest';
import type { Position } from '../position.js';
import { T0 } from '../reducer/scenario.helpers.js';
import { eventsOf, rowsOf } from './alert-scenario.helpers.js';
import type { VehicleContext } from './detector.js';

const TANKS: VehicleContext = { fuelTanksL: [400, 200], ureaTankL: 80 };
const CODES = ['CRG', 'DCS', 'AUR'];

interface Segment {
  forS: number;
  speedKmh: number;
  /** Fuel level, % of 600 L, at `t` seconds into the segment. */
  level: (t: number) => number;
  urea?: (t: number) => number;
  ignition?: boolean;
  /** Litres burnt per hour in this segment (counter). */
  burnLph?: number;
}

/** Records every 10 s moving, 60 s standing; levels quantised to 1 % when `quantise`. */
function series(segments: Segment[], quantise = false): Position[] {
  const out: Position[] = [];
  let t = 0;
  let used = 10_000;
  /** Metres driven east along latitude 40 (a degree of longitude is about 85 km there). */
  let metres = 0;
  for (const seg of segments) {
    const every = seg.speedKmh > 0 ? 10 : 60;
    for (let o = 0; o < seg.forS; o += every) {
      const pct = seg.level(o);
      const ignition = seg.ignition ?? seg.speedKmh > 0;
      out.push({
        deviceId: 'truck-1',
        fixTimeMs: T0 + t * 1000,
        lat: 40,
        lng: -3.7 + metres / 85_000,
        satellites: 10,
        hdop: 0.9,
        speedKmh: seg.speedKmh,
        wheelSpeedKmh: seg.speedKmh,
        ignition,
        rpm: ignition ? 1200 : 0,
        fuelUsedL: Math.floor(used),
        fuelLevelPct: quantise ? Math.round(pct) : pct,
        ureaLevelPct: Math.round(seg.urea ? seg.urea(o) : 50),
        attributes: {},
      });
      used += ((seg.burnLph ?? (seg.speedKmh > 0 ? 30 : 0)) * every) / 3600;
      metres += (seg.speedKmh / 3.6) * every;
      t += every;
    }
  }
  return out;
}

/** ±2.5 % of slosh around the level, a new value every record. */
const slosh = (base: number) => (t: number) => base + 2.5 * Math.sin(t * 1.3);
const flat = (v: number) => () => v;
const rows = (segments: Segment[], quantise = false) =>
  rowsOf(eventsOf(series(segments, quantise), TANKS), ...CODES);
const values = (segments: Segment[], quantise = false) =>
  eventsOf(series(segments, quantise), TANKS)
    .filter((e) => CODES.includes(e.code))
    .map((e) => [e.code, Math.round(e.value ?? 0)]);

describe('fuel and AdBlue (§7)', () => {
  it('raises nothing for sloshing without a refill', () => {
    expect(
      rows([
        { forS: 1800, speedKmh: 80, level: slosh(50) },
        { forS: 1800, speedKmh: 0, level: flat(50) },
        { forS: 1800, speedKmh: 80, level: slosh(50) },
      ]),
    ).toEqual([]);
  });

  it('raises CRG for a refill during a stop, volume = after − before', () => {
    const events = eventsOf(
      series([
        { forS: 1200, speedKmh: 80, level: slosh(40) },
        { forS: 1800, speedKmh: 0, level: (t) => (t < 600 ? 40 : 70) },
        { forS: 1200, speedKmh: 80, level: slosh(70) },
      ]),
      TANKS,
    ).filter((e) => e.code === 'CRG');
    expect(events).toHaveLength(1);
    const e = events[0]!;
    expect(e.value).toBeCloseTo(180, -1);
    expect((e.startTimeMs - T0) / 1000).toBeGreaterThanOrEqual(1200);
    expect((e.startTimeMs - T0) / 1000).toBeLessThanOrEqual(1800);
    expect(e.data?.['levelBeforeL']).toBeCloseTo(240, -1);
    expect(String(e.data?.['samples'])).toContain(':420');
  });

  it('merges two refills 8 minutes apart into one', () => {
    expect(
      values([
        { forS: 1200, speedKmh: 80, level: slosh(30) },
        { forS: 1800, speedKmh: 0, level: (t) => (t < 300 ? 30 : t < 780 ? 50 : 75) },
        { forS: 1200, speedKmh: 80, level: slosh(75) },
      ]),
    ).toEqual([['CRG', 270]]); // 270 L in the tank, from the standing baseline (engine off)
  });

  it('merges refills at two pumps with a short move between them', () => {
    expect(
      values([
        { forS: 1200, speedKmh: 80, level: slosh(30) },
        { forS: 600, speedKmh: 0, level: (t) => (t < 300 ? 30 : 50) },
        { forS: 60, speedKmh: 10, level: flat(50) },
        { forS: 600, speedKmh: 0, level: (t) => (t < 240 ? 50 : 75) },
        { forS: 1200, speedKmh: 80, level: slosh(75) },
      ]),
    ).toEqual([['CRG', 270]]);
  });

  it('keeps the pump’s level when the truck stops again down the road before the confirmation', () => {
    // 30 % → 70 % at the pump (240 L of a 600 L tank); two minutes on, a halt 1.6 km away on a
    // slope that reads 4 % low, its first reading still sloshing 3 % high: neither is the refill.
    const found = values([
      { forS: 1200, speedKmh: 80, level: slosh(30) },
      { forS: 900, speedKmh: 0, level: (t) => (t < 300 ? 30 : 70) },
      { forS: 120, speedKmh: 50, level: slosh(70) },
      { forS: 240, speedKmh: 0, level: (t) => (t < 60 ? 73 : 66), ignition: true, burnLph: 2 },
      { forS: 1200, speedKmh: 80, level: slosh(70) },
    ]);
    expect(found.map(([code]) => code)).toEqual(['CRG']);
    expect(Math.abs(Number(found[0]![1]) - 240)).toBeLessThanOrEqual(3);
  });

  it('rejects a refill whose level falls back', () => {
    expect(
      rows([
        { forS: 1200, speedKmh: 80, level: slosh(40) },
        { forS: 1800, speedKmh: 0, level: (t) => (t < 600 || t > 1200 ? 40 : 70) },
        { forS: 1200, speedKmh: 80, level: slosh(40) },
      ]),
    ).toEqual([]);
    expect(
      rows([
        { forS: 1200, speedKmh: 80, level: slosh(40) },
        { forS: 1800, speedKmh: 0, level: (t) => (t < 600 ? 40 : 70) },
        { forS: 1200, speedKmh: 80, level: slosh(40) },
      ]),
    ).toEqual([]);
  });

  it('raises DCS for a theft during a long stop with the engine idling, net of burnt fuel', () => {
    // Idling burns 6 L/h over 3 h (18 L = 3 %); the level falls 3 % + 10 % (60 L stolen).
    const idleLevel = (t: number) =>
      60 - (3 * t) / 10_800 - (t > 3600 ? Math.min(10, ((t - 3600) / 1800) * 10) : 0);
    const found = values([
      { forS: 1200, speedKmh: 80, level: slosh(60) },
      { forS: 10_800, speedKmh: 0, level: idleLevel, ignition: true, burnLph: 6 },
      { forS: 1200, speedKmh: 80, level: slosh(47) },
    ]);
    expect(found.map(([code]) => code)).toEqual(['DCS']);
    // Within the whole litres of the ECU counter.
    expect(Math.abs(Number(found[0]![1]) - 60)).toBeLessThanOrEqual(1);
  });

  it('burnt fuel at a long idle alone is no theft', () => {
    expect(
      rows([
        { forS: 1200, speedKmh: 80, level: slosh(60) },
        {
          forS: 10_800,
          speedKmh: 0,
          level: (t) => 60 - (6 * t) / 10_800,
          ignition: true,
          burnLph: 12,
        },
        { forS: 1200, speedKmh: 80, level: slosh(54) },
      ]),
    ).toEqual([]);
  });

  it('works on levels quantised to 1 %, within one step per reading', () => {
    const found = values(
      [
        { forS: 1200, speedKmh: 80, level: (t) => 35.4 + 0.8 * Math.sin(t) },
        { forS: 1800, speedKmh: 0, level: (t) => (t < 600 ? 35.4 : 65.4) },
        { forS: 1200, speedKmh: 80, level: (t) => 65.4 + 0.8 * Math.sin(t) },
      ],
      true,
    );
    expect(found).toHaveLength(1);
    expect(found[0]![0]).toBe('CRG');
    expect(Math.abs(Number(found[0]![1]) - 181)).toBeLessThanOrEqual(12);
  });

  it('raises AUR for an AdBlue refill', () => {
    expect(
      values([
        { forS: 1200, speedKmh: 80, level: flat(50), urea: flat(20) },
        { forS: 1800, speedKmh: 0, level: flat(50), urea: (t) => (t < 600 ? 20 : 95) },
        { forS: 1200, speedKmh: 80, level: flat(50), urea: flat(95) },
      ]),
    ).toEqual([['AUR', 60]]);
  });

  it('decides nothing without a tank capacity', () => {
    const positions = series([
      { forS: 1200, speedKmh: 80, level: slosh(40) },
      { forS: 1800, speedKmh: 0, level: (t) => (t < 600 ? 40 : 70) },
      { forS: 1200, speedKmh: 80, level: slosh(70) },
    ]);
    expect(rowsOf(eventsOf(positions, {}), ...CODES)).toEqual([]);
  });

  it('converts % to litres through the calibration tables of two tanks', () => {
    // A 400 L saddle tank (narrow at the bottom and top) and a linear 200 L tank: 40 % → 70 %
    // is 200 → 335 L in the first (through its table) and 80 → 140 L in the second, 195 L
    // together; a linear reading of 600 L would say 180 L.
    const context: VehicleContext = {
      fuelTanks: [
        {
          capacityL: 400,
          calibration: [
            { pct: 10, litres: 20 },
            { pct: 40, litres: 200 },
            { pct: 70, litres: 335 },
            { pct: 90, litres: 380 },
          ],
        },
        { capacityL: 200 },
      ],
      ureaTankL: 80,
    };
    const found = eventsOf(
      series([
        { forS: 1200, speedKmh: 80, level: slosh(40) },
        { forS: 1800, speedKmh: 0, level: (t) => (t < 600 ? 40 : 70) },
        { forS: 1200, speedKmh: 80, level: slosh(70) },
      ]),
      context,
    ).filter((e) => CODES.includes(e.code));
    expect(found).toHaveLength(1);
    expect(found[0]!.code).toBe('CRG');
    // The stop burns nothing; the counter's drive before and after is outside the stop.
    expect(Math.abs((found[0]!.value ?? 0) - 195)).toBeLessThanOrEqual(3);
  });

  it('reads the baseline standing: minutes of slope slosh before a stop make no theft', () => {
    // The last minutes before the stop climb a grade: the sensor reads 4 % (24 L) high; standing,
    // the level is what it was. The moving median alone would say 24 L went missing.
    expect(
      rows([
        { forS: 600, speedKmh: 80, level: slosh(50) },
        { forS: 600, speedKmh: 80, level: (t) => 54 + Math.sin(t) },
        { forS: 2400, speedKmh: 0, level: flat(50) },
        { forS: 1200, speedKmh: 80, level: slosh(50) },
      ]),
    ).toEqual([]);
  });

  it('a rise that began before the stop settled still counts whole', () => {
    // The pump runs from the stop's first seconds: the standing baseline sees only its end.
    expect(
      values([
        { forS: 1200, speedKmh: 80, level: slosh(30) },
        { forS: 1800, speedKmh: 0, level: (t) => (t < 30 ? 30 : t < 120 ? 60 : 75) },
        { forS: 1200, speedKmh: 80, level: slosh(75) },
      ]),
    ).toEqual([['CRG', 271]]); // from the moving median: + 1 L the counter says was burnt braking
  });
});
