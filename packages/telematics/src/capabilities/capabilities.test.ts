import { describe, expect, it } from 'vitest';
import { RULE_ALERT_CODES } from '../detectors/alert-codes.js';
import { ALERT_DETECTORS, CAPABILITIES, CAPABILITY_ALERT_CODES, CORE_DETECTORS } from './index.js';

describe('the capability list', () => {
  it('builds the chains in the order the reducer has always run them', () => {
    expect(CORE_DETECTORS.map((d) => d.name)).toEqual([
      'status',
      'motion',
      'idle',
      'rollup',
      'indicators',
      'fault',
    ]);
    expect(ALERT_DETECTORS.map((d) => d.name)).toEqual([
      'speed',
      'stop-alerts',
      'harsh',
      'device-alerts',
      'driver-alerts',
      'temperature-alerts',
      'zones',
      'fuel',
      'route',
    ]);
  });

  it('names each capability, detector, fact kind and alert code once', () => {
    const names = CAPABILITIES.map((c) => c.name);
    expect(new Set(names).size).toBe(names.length);
    const detectors = [...CORE_DETECTORS, ...ALERT_DETECTORS].map((d) => d.name);
    expect(new Set(detectors).size).toBe(detectors.length);
    const kinds = CAPABILITIES.flatMap((c) => c.factKinds ?? []);
    expect(new Set(kinds).size).toBe(kinds.length);
    expect(new Set(CAPABILITY_ALERT_CODES).size).toBe(CAPABILITY_ALERT_CODES.length);
  });

  it('declares every code the rule detectors raise, plus fuel, faults and planned trips', () => {
    expect(CAPABILITY_ALERT_CODES).toEqual(expect.arrayContaining([...RULE_ALERT_CODES]));
    expect([...CAPABILITY_ALERT_CODES].sort()).toEqual(
      [...RULE_ALERT_CODES, 'CRG', 'DCS', 'AUR', 'FCR', 'DDR'].sort(),
    );
  });
});
