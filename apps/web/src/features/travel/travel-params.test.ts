import { describe, expect, it } from 'vitest';
import {
  MAX_PERIOD_MS,
  fromLocalInput,
  parseTravelParams,
  periodProblem,
  presetPeriod,
  startOfDay,
  toLocalInput,
  travelPath,
} from './travel-params';

const NOW = Date.UTC(2026, 10, 22, 2, 30, 0); // 23:30 on the 21st at UTC−3
const H = 3_600_000;

describe('travel consultation route params', () => {
  it('reads a vehicle and a period in epoch ms', () => {
    const from = Date.UTC(2026, 10, 20, 3);
    const to = Date.UTC(2026, 10, 21, 3);
    expect(parseTravelParams({ id: '7', from: String(from), to: String(to) }, NOW, -3)).toEqual({
      vehicleId: 7,
      fromMs: from,
      toMs: to,
      complete: true,
    });
  });

  it('fills a missing period with today in the user’s offset, up to now', () => {
    const parsed = parseTravelParams({ id: '7' }, NOW, -3);
    expect(parsed).toEqual({
      vehicleId: 7,
      fromMs: Date.UTC(2026, 10, 21, 3),
      toMs: NOW,
      complete: false,
    });
    expect(parseTravelParams({}, NOW, 0)).toMatchObject({
      vehicleId: null,
      fromMs: Date.UTC(2026, 10, 22),
    });
  });

  it('keeps the day of a lone `from`', () => {
    const from = Date.UTC(2026, 10, 19, 12);
    expect(parseTravelParams({ id: '3', from: String(from) }, NOW, 0)).toMatchObject({
      fromMs: from,
      toMs: Date.UTC(2026, 10, 20),
      complete: false,
    });
  });

  it('replaces a reversed, too long or unreadable period', () => {
    const today = { fromMs: Date.UTC(2026, 10, 22), toMs: NOW, complete: false };
    expect(parseTravelParams({ id: '1', from: '2000', to: '1000' }, NOW, 0)).toMatchObject(today);
    expect(
      parseTravelParams({ id: '1', from: '0', to: String(MAX_PERIOD_MS + 1) }, NOW, 0),
    ).toMatchObject(today);
    expect(parseTravelParams({ id: '1', from: '1e5', to: 'x' }, NOW, 0)).toMatchObject(today);
    expect(parseTravelParams({ id: '0' }, NOW, 0).vehicleId).toBeNull();
    expect(parseTravelParams({ id: '-4' }, NOW, 0).vehicleId).toBeNull();
  });

  it('writes the address back, and round-trips', () => {
    const selection = { vehicleId: 12, fromMs: 1_000, toMs: 86_401_000 };
    const path = travelPath(selection);
    expect(path).toBe('/app/map/travel_consultation/12/1000/86401000');
    const [, , , , id, from, to] = path.split('/');
    expect(parseTravelParams({ id, from, to }, NOW, 0)).toEqual({ ...selection, complete: true });
    expect(travelPath({ vehicleId: null, fromMs: 1, toMs: 2 })).toBe(
      '/app/map/travel_consultation',
    );
  });

  it('judges periods', () => {
    expect(periodProblem(10, 10)).toBe('reversed');
    expect(periodProblem(10, 5)).toBe('reversed');
    expect(periodProblem(0, MAX_PERIOD_MS)).toBeNull();
    expect(periodProblem(0, MAX_PERIOD_MS + 1)).toBe('too_long');
  });

  it('computes presets in the user’s offset', () => {
    expect(startOfDay(NOW, -3)).toBe(Date.UTC(2026, 10, 21, 3));
    expect(startOfDay(NOW, 5.5)).toBe(Date.UTC(2026, 10, 21, 18, 30));
    expect(presetPeriod('yesterday', NOW, -3)).toEqual({
      fromMs: Date.UTC(2026, 10, 20, 3),
      toMs: Date.UTC(2026, 10, 21, 3),
    });
    expect(presetPeriod('last24h', NOW, -3)).toEqual({ fromMs: NOW - 24 * H, toMs: NOW });
    expect(presetPeriod('last7d', NOW, -3).fromMs).toBe(Date.UTC(2026, 10, 15, 3));
  });

  it('converts datetime-local values at the user’s offset', () => {
    expect(toLocalInput(NOW, -3)).toBe('2026-11-21T23:30');
    expect(fromLocalInput('2026-11-21T23:30', -3)).toBe(NOW);
    expect(fromLocalInput('2026-11-21T23:30:15', 0)).toBe(Date.UTC(2026, 10, 21, 23, 30, 15));
    expect(fromLocalInput('', 0)).toBeNull();
    expect(fromLocalInput('21/11/2026', 0)).toBeNull();
  });
});
