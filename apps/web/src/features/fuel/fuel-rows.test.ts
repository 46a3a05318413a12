import { DEFAULT_UNITS, type FuelEventsAnswer } from '@rumbo/contracts';
import { describe, expect, it } from 'vitest';
import { fleetFormat } from '../../shared/fleet/fleet-format';
import type { TFunction } from '../../shared/i18n/i18n';
import { adBlueTotals, ratioTone } from './adblue-rows';
import { consumptionTotals, residualText } from './consumption-rows';
import { fuelQuery } from './fuel-api';
import { eventTotals, filterEvents, levelText, periodTotals } from './fuel-event-rows';
import { inGroup, vehicleOptions } from './fuel-filters';
import { balance, consumptionRow, fuelEvent } from './fuel-test-fixtures';
import { levelChartData } from './level-chart-data';

const t = ((key: string) => key) as TFunction;
const litres = fleetFormat(t, 'es', DEFAULT_UNITS, -3);
const gallons = fleetFormat(t, 'en', { ...DEFAULT_UNITS, volume: 'gal', consumption: 'mpg' }, 0);

describe('fuel event lists', () => {
  const refill = fuelEvent({ id: 1 });
  const theft = fuelEvent({ id: 2, code: 'DCS', volumeL: 60, groupId: null });
  const dismissed = fuelEvent({
    id: 3,
    code: 'DCS',
    volumeL: 30,
    review: { status: 'dismissed', at: 0, userId: 1, userName: 'ana', note: '' },
  });

  it('filters by kind, thefts to review and vehicles without a group', () => {
    const all = [refill, theft, dismissed];
    expect(filterEvents(all, '', 'CRG').map((e) => e.id)).toEqual([1]);
    expect(filterEvents(all, '', 'DCS').map((e) => e.id)).toEqual([2, 3]);
    expect(filterEvents(all, '', 'pending').map((e) => e.id)).toEqual([2]);
    expect(filterEvents(all, 'none', '').map((e) => e.id)).toEqual([2]);
    expect(filterEvents(all, '1', '').map((e) => e.id)).toEqual([1, 3]);
  });

  it('counts a dismissed theft as no theft', () => {
    expect(eventTotals([refill, theft, dismissed])).toMatchObject({
      refills: 1,
      refillsL: 180,
      thefts: 1,
      theftsL: 60,
      pending: 1,
      confirmed: 0,
    });
  });

  it('takes the figures of a partial page from the server’s totals of the period', () => {
    const answer: FuelEventsAnswer = {
      total: 2500,
      totals: [
        { code: 'CRG', count: 2400, volumeL: 430_000 },
        { code: 'DCS', count: 12, volumeL: 700 },
      ],
      events: [refill, theft],
    };
    expect(periodTotals(answer, answer.events)).toMatchObject({
      refills: 2400,
      refillsL: 430_000,
      thefts: 12,
      theftsL: 700,
      pending: 1,
    });
    const whole = { ...answer, total: 2 };
    expect(periodTotals(whole, whole.events)).toMatchObject({ refills: 1, thefts: 1 });
  });

  it('shows levels in the user’s unit with the share of the tank', () => {
    expect(levelText(litres, 240, 40)).toBe('240,0 L (40,0 %)');
    expect(levelText(gallons, 378.5, null)).toBe('100.0 gal');
    expect(levelText(litres, null, 40)).toBe('—');
  });
});

describe('fuel filters', () => {
  it('asks the server for one vehicle or one group, and codes repeated', () => {
    expect(fuelQuery({ vehicleId: null, groupId: null })).toBe('');
    expect(fuelQuery({ vehicleId: 7, groupId: null }, { 'codes[]': ['CRG', 'DCS'] })).toBe(
      '?vids%5B%5D=7&codes%5B%5D=CRG&codes%5B%5D=DCS',
    );
    expect(fuelQuery({ vehicleId: null, groupId: 2 }, { by: ['driver'] })).toBe(
      '?gids%5B%5D=2&by=driver',
    );
  });

  it('narrows the vehicle choices to the chosen group', () => {
    expect(inGroup('', 4)).toBe(true);
    expect(inGroup('none', null)).toBe(true);
    expect(inGroup('none', 4)).toBe(false);
    expect(inGroup('4', 4)).toBe(true);
    const vehicles = [
      { vehicleId: 1, plate: 'ZZ 1', groupId: 4, groupName: 'Norte' },
      { vehicleId: 2, plate: 'AA 2', groupId: null, groupName: null },
      { vehicleId: 3, plate: 'BB 3', groupId: 4, groupName: 'Norte' },
    ];
    expect(vehicleOptions(vehicles, '4', 'es').map((o) => o.label)).toEqual(['BB 3', 'ZZ 1']);
    expect(vehicleOptions(vehicles, 'none', 'es').map((o) => o.label)).toEqual(['AA 2']);
  });
});

describe('level chart data', () => {
  const event = fuelEvent({
    start: 600_000,
    end: 1_800_000,
    levelBeforeL: 240,
    levelAfterL: 420,
    samples: [
      { t: 540_000, litres: 240 },
      { t: 700_000, litres: 330 },
    ],
  });
  const levels = [
    { t: 0, pct: 40, litres: 240, speed: 50 },
    { t: 540_000, pct: 40, litres: 240, speed: 0 },
    { t: 900_000, pct: 70, litres: 420, speed: 0 },
    { t: 2_000_000, pct: 70, litres: 420, speed: 40 },
  ];

  it('joins readings and evidence on one time axis and finds the stop', () => {
    const data = levelChartData(levels, event, (l) => l);
    expect(data.xs).toEqual([0, 540, 700, 900, 2000]);
    expect(data.levels).toEqual([240, 240, null, 420, 420]);
    expect(data.evidence).toEqual([null, 240, 330, null, null]);
    expect(data.stops).toEqual([[540, 2000]]);
    expect(data.event).toEqual([600, 1800]);
    expect(data.range[0]).toBeLessThan(240);
    expect(data.range[1]).toBeGreaterThan(420);
  });

  it('converts to the user’s unit', () => {
    const data = levelChartData(levels, event, (l) => l / 3.785);
    expect(data.before).toBeCloseTo(63.4, 1);
    expect(data.levels[3]).toBeCloseTo(111, 0);
  });
});

describe('consumption and balance', () => {
  it('adds up the rows and their mean consumption', () => {
    const rows = [
      consumptionRow({ distanceKm: 1000, fuelL: 300, idleFuelL: 30, balance: balance(60) }),
      consumptionRow({ vehicleId: 11, distanceKm: 500, fuelL: 200, idleFuelL: 20 }),
    ];
    expect(consumptionTotals(rows)).toMatchObject({
      distanceKm: 1500,
      fuelL: 500,
      idleFuelL: 50,
      flagged: 1,
      idlePct: 10,
    });
    expect(consumptionTotals(rows).lPer100Km).toBeCloseTo(33.33, 2);
    expect(consumptionTotals([]).lPer100Km).toBeNull();
  });

  it('writes the residual with its sign and share', () => {
    expect(residualText(litres, balance(60))).toBe('+60,0 L (7,5 %)');
    expect(residualText(litres, balance(-20))).toBe('−20,0 L (2,5 %)');
    expect(residualText(litres, { ...balance(0), residualL: null })).toBe('—');
  });

  it('shows consumption in the user’s unit (mpg inverts L/100 km)', () => {
    expect(litres.consumption(32)).toBe('32,0 l/100km');
    expect(gallons.consumption(32)).toBe('7.3 mpg');
  });
});

describe('AdBlue ratios', () => {
  const row = {
    vehicleId: 1,
    plate: 'A',
    capacityL: 60,
    levelPct: 10,
    levelL: 6,
    levelAt: 0,
    refills: 1,
    refillsL: 40,
    usedL: 40,
    dieselL: 1000,
    distanceKm: 3000,
    ratioPct: 4,
    flag: null,
  };

  it('reads a ratio within 2–6 % as expected and a flag as such', () => {
    expect(ratioTone(row)).toBe('ok');
    expect(ratioTone({ ratioPct: 1.5, flag: null })).toBe('plain');
    expect(ratioTone({ ratioPct: 0.2, flag: 'low' })).toBe('flag');
  });

  it('gives the fleet ratio over the rows with both AdBlue and diesel', () => {
    const totals = adBlueTotals([
      row,
      { ...row, vehicleId: 2, usedL: 0, ratioPct: 0, flag: 'low', levelPct: 88 },
      { ...row, vehicleId: 3, usedL: null, dieselL: 500, ratioPct: null, levelPct: null },
    ]);
    expect(totals.ratioPct).toBe(2);
    expect(totals.flagged).toBe(1);
    expect(totals.lowLevel).toBe(1);
    expect(totals.refills).toBe(3);
  });
});
