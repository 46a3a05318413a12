import { describe, expect, it } from 'vitest';
import type { Position } from '../position.js';
import { buildTrack, type Segment } from '../reducer/scenario.helpers.js';
import { eventsOf, rowsOf } from './alert-scenario.helpers.js';
import type { VehicleContext } from './detector.js';

const drive = (forS: number, driverCode?: string): Segment => ({
  forS,
  speedKmh: 60,
  with: { driverCode },
});
const parked = (forS: number): Segment => ({ forS, speedKmh: 0, ignition: false, everyS: 60 });
const still = (forS: number, driverCode?: string): Segment => ({
  forS,
  speedKmh: 0,
  everyS: 30,
  with: { driverCode },
});
const rows = (segments: Segment[], context: VehicleContext = {}) =>
  rowsOf(eventsOf(buildTrack(segments), context), 'IDD', 'NUM');
const KNOWN = { alerts: { knownDriverCodes: ['ARG0000000000001'] } };

describe('IDD: driver identified (§10)', () => {
  it('raises IDD at the first moving record of a session with a card, and when it changes', () => {
    const segments = [parked(120), drive(60, 'ARG0000000000001'), drive(60, 'ARG0000000000002')];
    expect(rows(segments)).toEqual([
      ['IDD', 120, null, null],
      ['IDD', 180, null, null],
    ]);
  });

  it('raises it once per session while the same card stays in, again after a stop of 5 min', () => {
    expect(rows([drive(600, 'C1'), still(120, 'C1'), drive(60, 'C1')])).toEqual([
      ['IDD', 0, null, null],
    ]);
    expect(rows([drive(600, 'C1'), still(330, 'C1'), drive(60, 'C1')])).toEqual([
      ['IDD', 0, null, null],
      ['IDD', 930, null, null],
    ]);
  });

  it('raises nothing for a card read while standing until the truck moves', () => {
    expect(rows([parked(60), still(120, 'C1'), drive(60, 'C1')])).toEqual([
      ['IDD', 180, null, null],
    ]);
  });

  it('carries the driver code', () => {
    const events = eventsOf(buildTrack([parked(60), drive(60, 'ARG0000000000001')]));
    expect(events.map((e) => [e.code, e.driverCode])).toEqual([['IDD', 'ARG0000000000001']]);
  });
});

describe('NUM: unknown driver (§10)', () => {
  it('raises NUM instead of IDD for a code not in the known list (one alert, IDD its detail)', () => {
    expect(rows([parked(60), drive(60, 'ARG0000000000009')], KNOWN)).toEqual([
      ['NUM', 60, null, null],
    ]);
    expect(rows([parked(60), drive(60, 'ARG0000000000001')], KNOWN)).toEqual([
      ['IDD', 60, null, null],
    ]);
  });

  it('judges no code as unknown when the vehicle has no known list', () => {
    expect(rows([parked(60), drive(60, 'ANY')])).toEqual([['IDD', 60, null, null]]);
  });

  it('raises NUM once after 5 min of driving without a code', () => {
    expect(rows([parked(60), drive(1200)])).toEqual([['NUM', 60, null, 300]]);
  });

  it('raises no NUM for driving without a code on a tracker that cannot read cards (a phone)', () => {
    expect(rows([parked(60), drive(1200)], { readsDriverCards: false })).toEqual([]);
  });

  it('counts driving time only: a short stop pauses the count, a stop of 5 min ends the episode', () => {
    expect(rows([parked(60), drive(200), still(120), drive(200)])).toEqual([
      ['NUM', 60, null, 300],
    ]);
    expect(rows([parked(60), drive(200), still(330), drive(200)])).toEqual([]);
    expect(rows([parked(60), drive(400), still(330), drive(400)])).toEqual([
      ['NUM', 60, null, 300],
      ['NUM', 790, null, 300],
    ]);
  });

  it('ends the episode at ignition off and when a card is read', () => {
    expect(rows([parked(60), drive(400), parked(60), drive(400)])).toEqual([
      ['NUM', 60, null, 300],
      ['NUM', 520, null, 300],
    ]);
    const withCard: Segment[] = [parked(60), drive(200), drive(60, 'C1'), drive(200)];
    expect(rows(withCard)).toEqual([['IDD', 260, null, null]]);
  });

  it('raises nothing while parked without a code', () => {
    const positions: Position[] = buildTrack([parked(7200)]);
    expect(rowsOf(eventsOf(positions), 'NUM')).toEqual([]);
  });
});
