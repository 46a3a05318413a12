// Pure: a tenant's alert settings resolved for one vehicle, and the matcher that says who is
// told of an event (docs/decisions/0017-alert-engine.md). No I/O; tested in alert-rules.test.ts.

import {
  ALERT_CODES,
  defaultAlertSettings,
  SPEED_LEVELS_KMH,
  alertSettingsSchema,
  type AlertCodeSetting,
  type AlertSettings,
  type AlertThresholds,
} from '@rumbo/contracts';
import type { ReducerSettings } from '@rumbo/telematics';

/** A speed-level code's level (`V95` → 95), or undefined. */
export function speedLevelOf(code: string): number | undefined {
  const match = /^V(\d+)$/i.exec(code);
  if (!match) return undefined;
  const level = Number(match[1]);
  return (SPEED_LEVELS_KMH as readonly number[]).includes(level) ? level : undefined;
}

/**
 * A stored settings document as the engine reads it: every catalogue code present (defaults
 * for those it lacks, codes upper-cased), thresholds filled in. A document that no longer parses
 * (a code dropped from the catalogue) falls back to what still does.
 */
export function normalizeSettings(stored: unknown): AlertSettings {
  const defaults = defaultAlertSettings();
  if (stored === undefined || stored === null) return defaults;
  const parsed = alertSettingsSchema.partial().safeParse(stored);
  if (!parsed.success) return defaults;
  const given = new Map<string, AlertCodeSetting>();
  for (const c of parsed.data.codes ?? []) given.set(c.code.toUpperCase(), c);
  return {
    codes: defaults.codes.map((d) => {
      const c = given.get(d.code);
      return c ? { ...c, code: d.code } : d;
    }),
    thresholds: { ...defaults.thresholds, ...parsed.data.thresholds },
    groups: parsed.data.groups ?? [],
    vehicles: parsed.data.vehicles ?? [],
    zones: parsed.data.zones ?? [],
  };
}

/** A vehicle's effective settings: speed levels and thresholds, vehicle over group over tenant. */
export interface VehicleAlertSettings {
  speedLevels: number[];
  thresholds: AlertThresholds;
  reefer?: { setPointC: number; toleranceC: number; minC: number; maxC: number };
}

/** Tenant → group → vehicle. */
export function resolveVehicle(
  settings: AlertSettings,
  vehicleId: number,
  groupId: number | null,
): VehicleAlertSettings {
  const tenantLevels = settings.codes
    .filter((c) => c.enabled && speedLevelOf(c.code) !== undefined)
    .map((c) => speedLevelOf(c.code)!);
  const group = groupId === null ? undefined : settings.groups.find((g) => g.groupId === groupId);
  const vehicle = settings.vehicles.find((v) => v.vehicleId === vehicleId);
  const speedLevels = [...(vehicle?.speedLevels ?? group?.speedLevels ?? tenantLevels)].sort(
    (a, b) => a - b,
  );
  const thresholds = { ...settings.thresholds, ...group?.thresholds, ...vehicle?.thresholds };
  const reefer = vehicle?.reefer ?? group?.reefer ?? undefined;
  return reefer ? { speedLevels, thresholds, reefer } : { speedLevels, thresholds };
}

/** Whether an event of `code` is raised for a vehicle with these settings. */
export function isRaised(
  settings: AlertSettings,
  vehicle: VehicleAlertSettings,
  code: string,
): boolean {
  const upper = code.toUpperCase();
  const level = speedLevelOf(upper);
  // A level on inside a zone is raised there only (the speed detector reads the zones).
  if (level !== undefined)
    return (
      vehicle.speedLevels.includes(level) ||
      settings.zones.some((z) => z.speedLevels.includes(level))
    );
  const setting = settings.codes.find((c) => c.code === upper);
  // A code outside the catalogue (a rule added later) is raised until the catalogue knows it.
  return setting ? setting.enabled : !ALERT_CODES.includes(upper);
}

/** The thresholds as reducer settings (the rule detectors' names). */
export function reducerOverrides(t: AlertThresholds): Partial<ReducerSettings> {
  return {
    speedLevelMinS: t.speedMinS,
    speedLevelHysteresisKmh: t.speedHysteresisKmh,
    longStopS: t.stopMinutes * 60,
    longIdleS: t.idleMinutes * 60,
    harshAccelMps2: t.harshAccelMs2,
    harshBrakeMps2: t.harshBrakeMs2,
    harshCornerMps2: t.harshCornerMs2,
    powerCutV: t.powerCutVolts,
    unknownDriverDrivingS: t.unknownDriverMinutes * 60,
    reeferExcursionS: t.temperatureMinutes * 60,
    temperatureSilentS: t.sensorSilentMinutes * 60,
  };
}

/** A user who may be told: their role, its views, their address and language. */
export interface Candidate {
  id: number;
  roleId: number;
  views: Record<string, boolean>;
  email: string;
  lang: 'es' | 'en';
}

/** Who is told of an event of `code`, in the app and by e-mail. */
export function recipientsOf<C extends Candidate>(
  settings: AlertSettings,
  code: string,
  candidates: readonly C[],
): { app: C[]; email: C[] } {
  const setting = settings.codes.find((c) => c.code === code.toUpperCase());
  if (!setting || !setting.enabled || (!setting.app && !setting.email)) {
    // A code outside the catalogue: every user who may open the alerts screen, in the app.
    if (!setting && !ALERT_CODES.includes(code.toUpperCase())) {
      return { app: candidates.filter((c) => Boolean(c.views['fleet-alerts'])), email: [] };
    }
    return { app: [], email: [] };
  }
  const roles = new Set(setting.roles);
  const users = new Set(setting.users);
  const chosen = candidates.filter(
    (c) =>
      (setting.everyone && Boolean(c.views['fleet-alerts'])) ||
      roles.has(c.roleId) ||
      users.has(c.id),
  );
  return {
    app: setting.app ? chosen : [],
    email: setting.email ? chosen.filter((c) => c.email.includes('@')) : [],
  };
}
