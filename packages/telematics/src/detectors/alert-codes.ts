// The alert codes the rule detectors emit (docs/domain.md §10) and helpers shared by them.

import type { EventData, EventFact } from '../reducer/facts.js';
import type { Sample } from '../reducer/sample.js';
import { SPEED_LEVELS_KMH } from './detector.js';

/** A speed-level code: `V` and the level in km/h (`V95`). */
export type SpeedLevelCode = `V${number}`;

/** Codes raised by the rule detectors of this package (`DDR` and `DTS` are not). */
export type RuleAlertCode =
  | SpeedLevelCode
  | 'EXV'
  | 'D20'
  | 'EDT'
  | 'AAB'
  | 'AFI'
  | 'CAB'
  | 'DFP'
  | 'IDD'
  | 'NUM'
  | 'TSC'
  | 'TIC'
  | 'TFC'
  | 'TCC'
  | 'SCT'
  | ZoneAlertCode;

/** Zone and POI codes (zone.detector.ts). */
export type ZoneAlertCode = 'AZA' | 'SDZ' | 'AZP' | 'DZP' | 'DAZ' | 'EEZ' | 'AIP' | 'DPI' | 'CIP';

/** The code of a speed level. */
export function speedLevelCode(levelKmh: number): SpeedLevelCode {
  return `V${levelKmh}`;
}

/** Every code the rule detectors raise, speed levels first. */
export const RULE_ALERT_CODES: readonly RuleAlertCode[] = Object.freeze([
  ...SPEED_LEVELS_KMH.map(speedLevelCode),
  ...(['EXV', 'D20', 'EDT', 'AAB', 'AFI', 'CAB', 'DFP', 'IDD', 'NUM'] as const),
  ...(['TSC', 'TIC', 'TFC', 'TCC', 'SCT'] as const),
  ...(['AZA', 'SDZ', 'AZP', 'DZP', 'DAZ', 'EEZ', 'AIP', 'DPI', 'CIP'] as const),
]);

/** Where and when something started: a record's time, place (when usable) and driver. */
export interface EventOrigin {
  startTimeMs: number;
  lat?: number;
  lng?: number;
  driverCode?: string;
}

/** The origin of an event that starts at `s`. */
export function originOf(s: Sample): EventOrigin {
  return {
    startTimeMs: s.fixTimeMs,
    lat: s.hasLocation ? s.lat : undefined,
    lng: s.hasLocation ? s.lng : undefined,
    driverCode: s.driverCode,
  };
}

/** An event fact from its origin; optional parts are left out when undefined. */
export function eventFact(
  code: RuleAlertCode,
  origin: EventOrigin,
  extra: { endTimeMs?: number; value?: number; data?: EventData } = {},
): EventFact {
  const fact: EventFact = { type: 'event', code, startTimeMs: origin.startTimeMs };
  if (extra.endTimeMs !== undefined) fact.endTimeMs = extra.endTimeMs;
  if (origin.lat !== undefined && origin.lng !== undefined) {
    fact.lat = origin.lat;
    fact.lng = origin.lng;
  }
  if (extra.value !== undefined) fact.value = extra.value;
  if (origin.driverCode !== undefined) fact.driverCode = origin.driverCode;
  if (extra.data !== undefined) fact.data = extra.data;
  return fact;
}
