import { describe, expect, it } from 'vitest';
import { recordAt } from '../reducer/scenario.helpers.js';
import { eventsOf, rowsOf } from './alert-scenario.helpers.js';

const at = (s: number, powerV?: number, alarm?: string) =>
  recordAt(s, {
    speedKmh: 0,
    ignition: false,
    powerV,
    attributes: alarm === undefined ? {} : { alarm },
  });

describe('DFP: main power cut (§10)', () => {
  it('raises DFP once when the supply falls below 6 V, with the voltage', () => {
    const positions = [at(0, 27.8), at(60, 5.2), at(120, 0), at(180, 0.4)];
    expect(rowsOf(eventsOf(positions), 'DFP')).toEqual([['DFP', 60, null, 5.2]]);
  });

  it('ends the episode only once the supply is back at 9 V or more (hysteresis)', () => {
    const positions = [at(0, 12), at(60, 5.9), at(120, 7), at(180, 5.5), at(240, 12.5), at(300, 4)];
    expect(rowsOf(eventsOf(positions), 'DFP')).toEqual([
      ['DFP', 60, null, 5.9],
      ['DFP', 300, null, 4],
    ]);
  });

  it("raises DFP on the device's power-cut alarm, without a voltage", () => {
    const positions = [
      at(0),
      at(60, undefined, 'powerCut'),
      at(120, undefined, 'powerCut'),
      at(180, 24),
    ];
    expect(rowsOf(eventsOf(positions), 'DFP')).toEqual([['DFP', 60, null, null]]);
  });

  it('raises nothing for a healthy supply or none reported', () => {
    expect(rowsOf(eventsOf([at(0, 24.1), at(60), at(120, 13.8)]), 'DFP')).toEqual([]);
  });
});
