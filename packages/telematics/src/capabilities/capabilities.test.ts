import { describe, expect, it } from 'vitest';
import { RULE_ALERT_CODES } from '../detectors/alert-codes.js';
import {
  ALERT_DETECTORS,
  CAPABILITIES,
  CAPABILITY_ALERT_CODES,
  CORE_DETECTORS,
  DEFAULT_DETECTORS,
} from './index.js';

/** `names` in the order of `order`, for those of `order` present (a capability may come or go). */
const inOrder = (names: readonly string[], order: readonly string[]) =>
  expect(names.filter((n) => order.includes(n))).toEqual(order.filter((n) => names.includes(n)));

describe('the capability list', () => {
  it('builds the chains from the list, in list order', () => {
    expect(CORE_DETECTORS).toEqual(CAPABILITIES.flatMap((c) => c.detectors ?? []));
    expect(ALERT_DETECTORS).toEqual(CAPABILITIES.flatMap((c) => c.alertDetectors ?? []));
    expect(DEFAULT_DETECTORS).toEqual([...CORE_DETECTORS, ...ALERT_DETECTORS]);
  });

  it('keeps the order the reducer has always run the detectors in (persisted states align)', () => {
    inOrder(
      CORE_DETECTORS.map((d) => d.name),
      ['status', 'motion', 'idle', 'rollup', 'indicators', 'fault'],
    );
    inOrder(
      ALERT_DETECTORS.map((d) => d.name),
      [
        'speed',
        'stop-alerts',
        'harsh',
        'device-alerts',
        'driver-alerts',
        'temperature-alerts',
        'zones',
        'fuel',
        'route',
      ],
    );
  });

  it('names each capability, detector, fact kind and alert code once', () => {
    const names = CAPABILITIES.map((c) => c.name);
    expect(new Set(names).size).toBe(names.length);
    const detectors = DEFAULT_DETECTORS.map((d) => d.name);
    expect(new Set(detectors).size).toBe(detectors.length);
    const kinds = CAPABILITIES.flatMap((c) => c.factKinds ?? []);
    expect(new Set(kinds).size).toBe(kinds.length);
    expect(new Set(CAPABILITY_ALERT_CODES).size).toBe(CAPABILITY_ALERT_CODES.length);
  });

  it('declares every code the rule detectors raise', () => {
    expect(CAPABILITY_ALERT_CODES).toEqual(expect.arrayContaining([...RULE_ALERT_CODES]));
  });
});
