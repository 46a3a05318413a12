import { z } from 'zod';
import { ALERT_CODES_BY_GROUP, SPEED_LEVELS_KMH } from './alerts.js';
import { id } from './fields.js';

// Alert settings of a tenant (issue 11, docs/decisions/0017-alert-engine.md): which codes are on,
// the rules' thresholds (per tenant, overridable per group or vehicle), the speed levels enabled
// per group or vehicle, and who receives each code, in the app and/or by e-mail.

/** Every code of the catalogue, in catalogue order. */
export const ALERT_CODES: readonly string[] = Object.values(ALERT_CODES_BY_GROUP).flat();

/** The speed-level code of a level: 95 → `V95`. */
export const speedLevelCode = (kmh: number): string => `V${kmh}`;

/** Thresholds of the rules (domain.md §2, §4, §10 defaults). */
export const alertThresholdsSchema = z.strictObject({
  /** Speed levels and EXV: over the level for at least this long (s). */
  speedMinS: z.number().int().min(1).max(600),
  /** A speed-level episode ends below its level minus this (km/h). */
  speedHysteresisKmh: z.number().min(0).max(50),
  /** D20: stopped at least this long (min). */
  stopMinutes: z.number().int().min(1).max(1440),
  /** EDT: an idle period longer than this (min). */
  idleMinutes: z.number().int().min(1).max(1440),
  /** AAB, AFI, CAB: computed accelerations (m/s²). */
  harshAccelMs2: z.number().min(0.5).max(20),
  harshBrakeMs2: z.number().min(0.5).max(20),
  harshCornerMs2: z.number().min(0.5).max(20),
  /** DFP: external power below this (V). */
  powerCutVolts: z.number().min(0).max(60),
  /** NUM: driving this long without a driver code (min). */
  unknownDriverMinutes: z.number().int().min(1).max(1440),
  /** TSC/TIC/TFC: out of range this long (min); SCT: no reading this long (min). */
  temperatureMinutes: z.number().int().min(1).max(1440),
  sensorSilentMinutes: z.number().int().min(1).max(1440),
  /** Reefer set-point tolerance (°C). */
  temperatureToleranceC: z.number().min(0).max(50),
});
export type AlertThresholds = z.infer<typeof alertThresholdsSchema>;

/** domain.md's defaults. */
export const DEFAULT_ALERT_THRESHOLDS: Readonly<AlertThresholds> = Object.freeze({
  speedMinS: 15,
  speedHysteresisKmh: 5,
  stopMinutes: 20,
  idleMinutes: 10,
  harshAccelMs2: 2.5,
  harshBrakeMs2: 2.7,
  harshCornerMs2: 3.4,
  powerCutVolts: 6,
  unknownDriverMinutes: 5,
  temperatureMinutes: 5,
  sensorSilentMinutes: 10,
  temperatureToleranceC: 2,
});

/** Speed levels enabled out of the box: those above the default limit (90 km/h). */
export const DEFAULT_SPEED_LEVELS: readonly number[] = [95];

const speedLevel = z
  .number()
  .int()
  .refine((v) => (SPEED_LEVELS_KMH as readonly number[]).includes(v), 'speed_level');

/** Who receives one code and how; `enabled` false: the code is not raised at all. */
export const alertCodeSettingSchema = z.strictObject({
  code: z.string().refine((c) => ALERT_CODES.includes(c.toUpperCase()), 'alert_code'),
  enabled: z.boolean(),
  /** In the app (bell, snackbar, browser notification). */
  app: z.boolean(),
  /** By e-mail, to the recipients' addresses. */
  email: z.boolean(),
  /** Every user whose role may open `fleet-alerts`. */
  everyone: z.boolean(),
  /** Also (or instead) these roles and users of the tenant. */
  roles: z.array(id()).max(200),
  users: z.array(id()).max(1000),
});
export type AlertCodeSetting = z.infer<typeof alertCodeSettingSchema>;

/** A group's or a vehicle's overrides; null/absent = as the tenant (or the vehicle's group). */
export const alertScopeSchema = z.strictObject({
  /** Speed levels (km/h) enabled for this scope instead of the tenant's. */
  speedLevels: z.array(speedLevel).max(SPEED_LEVELS_KMH.length).nullable(),
  thresholds: alertThresholdsSchema.partial(),
  /** A refrigerated load: set-point, tolerance and allowed range, °C (TSC, TIC, TFC, TCC). */
  reefer: z
    .strictObject({
      setPointC: z.number().min(-60).max(60),
      toleranceC: z.number().min(0).max(50),
      minC: z.number().min(-60).max(60),
      maxC: z.number().min(-60).max(60),
    })
    .nullable()
    .optional(),
});
export type AlertScope = z.infer<typeof alertScopeSchema>;

/**
 * Speed levels turned on inside a geofence (a town at 40 km/h): on for every vehicle while it is
 * inside the zone, in addition to the vehicle's own levels.
 */
export const alertZoneScopeSchema = z.strictObject({
  zoneId: id(),
  speedLevels: z.array(speedLevel).max(SPEED_LEVELS_KMH.length),
});
export type AlertZoneScope = z.infer<typeof alertZoneScopeSchema>;

/** `GET/PUT /rest/alerts/settings`: the whole settings document (GET answers defaults filled in). */
export const alertSettingsSchema = z.strictObject({
  codes: z.array(alertCodeSettingSchema).max(200),
  thresholds: alertThresholdsSchema,
  groups: z.array(alertScopeSchema.extend({ groupId: id() })).max(1000),
  vehicles: z.array(alertScopeSchema.extend({ vehicleId: id() })).max(10_000),
  /** Absent in a document saved before zones had settings: none. */
  zones: z.array(alertZoneScopeSchema).max(10_000).default([]),
});
export type AlertSettings = z.infer<typeof alertSettingsSchema>;

/**
 * Codes off out of the box (issue 22, docs/decisions/0033-alert-episodes.md): facts another
 * screen already tells — a driver's card read (trips name the driver), a fuel or AdBlue refill
 * (the refill screen), reaching or passing a POI (the places a trip visited). Off, they are still
 * stored for those screens; they are not alerts until an administrator turns them on.
 */
export const CODES_OFF_BY_DEFAULT: readonly string[] = ['IDD', 'CRG', 'AUR', 'AIP', 'CIP'];

/** The defaults: every code on except V20…V85 and {@link CODES_OFF_BY_DEFAULT}, for everyone with `fleet-alerts`, in the app. */
export function defaultAlertSettings(): AlertSettings {
  return {
    codes: ALERT_CODES.map((code) => ({
      code,
      enabled: /^V\d+$/.test(code)
        ? DEFAULT_SPEED_LEVELS.includes(Number(code.slice(1)))
        : !CODES_OFF_BY_DEFAULT.includes(code),
      app: true,
      email: false,
      everyone: true,
      roles: [],
      users: [],
    })),
    thresholds: { ...DEFAULT_ALERT_THRESHOLDS },
    groups: [],
    vehicles: [],
    zones: [],
  };
}

/** Choices the settings screen offers: roles and users of the tenant. */
export const alertRecipientChoices = z.object({
  roles: z.array(z.object({ id: z.number(), name: z.string() })),
  users: z.array(
    z.object({ id: z.number(), name: z.string(), username: z.string(), email: z.string() }),
  ),
});
export type AlertRecipientChoices = z.infer<typeof alertRecipientChoices>;
