import { z } from 'zod';
import { epochMs, id, multilineText, text } from './fields.js';
import { notificationSchema } from './realtime.js';

// Alerts (issue 11): the catalogue, stored events and their handling, and the per-user
// notification list. Spec §3 fixes the type and notification fields; decisions.md ("Analysis,
// alerts and zones") the `get_all_types` answer; the rest is Rumbo's (docs/decisions/).

/** Alert type groups of the catalogue (domain.md §10, plus Rumbo's own codes). */
export const ALERT_GROUP_CODES = [
  'speed',
  'zones',
  'pois',
  'stops',
  'route',
  'driver',
  'device',
  'driving',
  'temperature',
  'ours',
] as const;
export type AlertGroupCode = (typeof ALERT_GROUP_CODES)[number];

/** Every alert code of the catalogue, by group (domain.md §10 and decisions.md). */
export const ALERT_CODES_BY_GROUP: Readonly<Record<AlertGroupCode, readonly string[]>> = {
  speed: [
    'V20',
    'V25',
    'V30',
    'V40',
    'V45',
    'V50',
    'V55',
    'V60',
    'V75',
    'V85',
    'V95',
    'EXV',
    'EEZ',
  ],
  zones: ['AZA', 'SDZ', 'AZP', 'DZP', 'DAZ'],
  pois: ['AIP', 'DPI', 'CIP'],
  stops: ['D20', 'EDT'],
  route: ['DDR'],
  driver: ['IDD', 'NUM'],
  device: ['DFP', 'DTS'],
  driving: ['AAB', 'AFI', 'CAB'],
  temperature: ['TSC', 'TIC', 'TFC', 'TCC', 'SCT'],
  ours: ['CRG', 'DCS', 'AUR', 'MNP', 'MNV', 'FCR', 'DTB', 'DTD', 'DTI'],
};

/** The speed levels of the `V..` codes, km/h. */
export const SPEED_LEVELS_KMH = [20, 25, 30, 40, 45, 50, 55, 60, 75, 85, 95] as const;

/**
 * How much a code matters to a fleet manager (issue 22): the bell and the alert list show it, the
 * snackbar pops for `critical` ones unless the user widens it (`snackbarLevel`).
 */
export const ALERT_LEVELS = ['information', 'warning', 'critical'] as const;
export type AlertLevel = (typeof ALERT_LEVELS)[number];

/** `POST /v2/alert/get_all_types`: groups and types, descriptions in the caller's language. */
export const alertTypeGroupSchema = z.object({
  ideventtypegroup: z.number(),
  code: z.string(),
  description: z.string(),
});
export const alertTypeSchema = z.object({
  ideventtype: z.number(),
  code: z.string(),
  description: z.string(),
  ideventtypegroup: z.number(),
  /** Rumbo's (additive): information, warning or critical. */
  severity: z.enum(ALERT_LEVELS),
});
export const alertTypesAnswer = z.object({
  groups: z.array(alertTypeGroupSchema),
  types: z.array(alertTypeSchema),
});
export type AlertTypeGroup = z.infer<typeof alertTypeGroupSchema>;
export type AlertType = z.infer<typeof alertTypeSchema>;
export type AlertTypesAnswer = z.infer<typeof alertTypesAnswer>;

/** An alert code in a request (looked up case-insensitively). */
const alertCode = () =>
  text()
    .trim()
    .min(2)
    .max(8)
    .regex(/^[A-Za-z0-9]+$/u);

/** Where a page of events ends (newest first): the last event's start and id. */
export const eventsCursor = z.strictObject({
  startTime: epochMs(),
  id: z.number().int().min(0),
});
export type EventsCursor = z.infer<typeof eventsCursor>;

/** Most events one page of `get_all` holds. */
export const MAX_EVENTS_PAGE = 20_000;

/**
 * `POST /v2/event/get_all`: a period's events, optionally narrowed; `[from, to)`. Rumbo's
 * (issue 22): pages of `limit` events (default and most {@link MAX_EVENTS_PAGE}), each after
 * the `before` cursor the previous page answered as `next`, so no row count is a ceiling.
 */
export const eventsQuery = z.strictObject({
  from: epochMs(),
  to: epochMs(),
  vehicles: z.array(id()).max(10_000).optional(),
  groups: z.array(id()).max(1_000).optional(),
  codes: z.array(alertCode()).max(100).optional(),
  limit: z.number().int().min(1).max(MAX_EVENTS_PAGE).optional(),
  before: eventsCursor.optional(),
});
export type EventsQuery = z.infer<typeof eventsQuery>;

/**
 * Optional data of an event (spec §3): the zone, the POI, the temperature (°C) and the planned
 * trip (`route`, its id as a string) the event is about. Rules keep other keys of their own in the
 * stored row (a fault's `dtc`); answers carry these four and the episode details below only,
 * shaped by `eventDataOf`.
 */
export const eventDataSchema = z.object({
  idzona: z.number().optional(),
  idinterestpoint: z.number().optional(),
  temperature: z.number().optional(),
  route: z.string().optional(),
  /**
   * Rumbo's (issue 22): codes of the facts that fired with this alert and are told inside it
   * (comma-separated, e.g. `EXV` in a `V95` episode), and the vehicle's limit then (km/h).
   */
  details: z.string().optional(),
  speedLimit: z.number().optional(),
  /** A speed level's alert: when the vehicle went over its limit (epoch ms). */
  overLimitFromMs: z.number().optional(),
});
export type AlertEventData = z.infer<typeof eventDataSchema>;

/**
 * The spec's data of a stored event, whatever wrote it: numbers stay numbers, `route` is always a
 * string (a `DDR` written before migration 0019 stored the plan id as a number); null when none.
 */
export function eventDataOf(raw: unknown): AlertEventData | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const d = raw as Record<string, unknown>;
  const out: AlertEventData = {};
  const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
  const idzona = num(d['idzona']);
  const idinterestpoint = num(d['idinterestpoint']);
  const temperature = num(d['temperature']);
  if (idzona !== undefined) out.idzona = idzona;
  if (idinterestpoint !== undefined) out.idinterestpoint = idinterestpoint;
  if (temperature !== undefined) out.temperature = temperature;
  const route = d['route'];
  if (typeof route === 'string' || num(route) !== undefined) out.route = String(route);
  // Rumbo's episode details (issue 22): what fired with the alert and is told inside it.
  if (typeof d['details'] === 'string') out.details = d['details'];
  const speedLimit = num(d['speedLimit']);
  const overLimitFromMs = num(d['overLimitFromMs']);
  if (speedLimit !== undefined) out.speedLimit = speedLimit;
  if (overLimitFromMs !== undefined) out.overLimitFromMs = overLimitFromMs;
  return Object.keys(out).length > 0 ? out : null;
}

/** A stored event with its handling. Times are epoch ms; `value` in SI-like units (domain.md). */
export const eventSchema = z.object({
  id: z.number(),
  code: z.string(),
  ideventtype: z.number(),
  vehicleId: z.number(),
  plate: z.string(),
  codigoChofer: z.string().nullable(),
  driverName: z.string().nullable(),
  startTime: z.number(),
  endTime: z.number().nullable(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  /** Where it was, in the caller's language (issue 23: the tenant's place, else a locality). */
  place: z.string().nullable().optional(),
  /** Top speed km/h, duration s, acceleration m/s², temperature °C, power V — by code. */
  value: z.number().nullable(),
  data: eventDataSchema.nullable(),
  acknowledgedAt: z.number().nullable(),
  acknowledgedBy: z.string().nullable(),
  comment: z.string().nullable(),
});
export type AlertEvent = z.infer<typeof eventSchema>;
export const eventsAnswer = z.object({
  payload: z.array(eventSchema),
  /** Rumbo's: the cursor of the next page; null or absent when this page is the last. */
  next: eventsCursor.nullable().optional(),
});

/** `POST /v2/event/acknowledge`: handle one event, with an optional comment. */
export const eventAcknowledgeInput = z.strictObject({
  id: id(),
  comment: multilineText().trim().max(500).default(''),
});
export type EventAcknowledgeInput = z.infer<typeof eventAcknowledgeInput>;

/**
 * `GET /rest/notifications`: the caller's notification list, kept on the server (at most 99,
 * newest first), so a reload, a phone and a desktop agree. `POST /rest/notifications/read_all`
 * marks all read; `DELETE /rest/notifications` clears the list.
 */
export const notificationListAnswer = z.object({ payload: z.array(notificationSchema) });
