import { z } from 'zod';
import { id, idParam, isoDay, multilineText, text } from './fields.js';

// Maintenance (spec §2 views maintenance-forecast/-calendar/-list/-history, domain.md §8, issue 15;
// docs/decisions/0025-maintenance.md): plans of items with intervals, their forecast, one-off
// ("additional") maintenance and the services done, with attachments.

/** What a plan item is (its name says the rest). */
export const MAINTENANCE_KINDS = [
  'oil',
  'filters',
  'tyres',
  'brakes',
  'inspection',
  'tachograph',
  'other',
] as const;
export const maintenanceKind = z.enum(MAINTENANCE_KINDS);
export type MaintenanceKind = z.infer<typeof maintenanceKind>;

export const MAINTENANCE_STATUSES = ['overdue', 'due_soon', 'ok'] as const;
export type MaintenanceStatusCode = (typeof MAINTENANCE_STATUSES)[number];
export const MAINTENANCE_AXES = ['km', 'hours', 'days'] as const;

/** `yyyy-MM-dd`, a real calendar day. */
const day = isoDay();
const positive = (max: number) => z.number().positive().max(max);
/** Counters as they are typed: km and engine hours, at least 0. */
const counter = z.number().min(0).max(10_000_000);

/** One item of a plan: at least one interval (the first reached makes it due). */
export const planItemInput = z
  .strictObject({
    /** An existing item keeps its id (and its services); without one it is new. */
    id: id().optional(),
    kind: maintenanceKind,
    name: text().trim().min(1).max(100),
    intervalKm: positive(2_000_000).nullable().default(null),
    intervalHours: positive(100_000).nullable().default(null),
    intervalDays: z.number().int().min(1).max(3_660).nullable().default(null),
  })
  .refine(
    (item) => item.intervalKm !== null || item.intervalHours !== null || item.intervalDays !== null,
    { message: 'interval_required', path: ['intervalKm'] },
  );
export type PlanItemInput = z.infer<typeof planItemInput>;

/** `POST /maintenance/plans`, `PUT /maintenance/plans/{id}`: the whole plan. */
export const planSave = z.strictObject({
  name: text().trim().min(1).max(100),
  items: z.array(planItemInput).min(1).max(50),
  vehicleIds: z.array(id()).max(10_000).default([]),
  groupIds: z.array(id()).max(1_000).default([]),
});
export type PlanSave = z.infer<typeof planSave>;
export type PlanSaveInput = z.input<typeof planSave>;

export const planItemSchema = z.object({
  id: z.number(),
  kind: maintenanceKind,
  name: z.string(),
  intervalKm: z.number().nullable(),
  intervalHours: z.number().nullable(),
  intervalDays: z.number().nullable(),
});
export type PlanItem = z.infer<typeof planItemSchema>;

export const planSchema = z.object({
  id: z.number(),
  name: z.string(),
  items: z.array(planItemSchema),
  vehicleIds: z.array(z.number()),
  groupIds: z.array(z.number()),
});
export type MaintenancePlan = z.infer<typeof planSchema>;

/** One row of the forecast: a plan item on a vehicle, or a pending additional maintenance. */
export const forecastRowSchema = z.object({
  /** `plan:<itemId>:<vehicleId>` or `extra:<id>`. */
  key: z.string(),
  source: z.enum(['plan', 'additional']),
  vehicleId: z.number(),
  plate: z.string(),
  groupId: z.number().nullable(),
  groupName: z.string().nullable(),
  planId: z.number().nullable(),
  planName: z.string().nullable(),
  /** The plan item's id, or the additional maintenance's. */
  itemId: z.number(),
  kind: maintenanceKind,
  name: z.string(),
  status: z.enum(MAINTENANCE_STATUSES),
  /** The axis that makes it due first (null: nothing to reach it). */
  axis: z.enum(MAINTENANCE_AXES).nullable(),
  /** `yyyy-MM-dd`; null when no axis reaches it at the current usage. */
  dueDate: z.string().nullable(),
  intervalKm: z.number().nullable(),
  intervalHours: z.number().nullable(),
  intervalDays: z.number().nullable(),
  /** Left on each axis (negative: overdue by that much); null where the axis does not apply. */
  remainingKm: z.number().nullable(),
  remainingHours: z.number().nullable(),
  remainingDays: z.number().nullable(),
  /** The anchor: last service day and counters then. */
  lastDate: z.string(),
  lastOdometerKm: z.number().nullable(),
  lastEngineHours: z.number().nullable(),
  odometerKm: z.number().nullable(),
  engineHours: z.number().nullable(),
  kmPerDay: z.number(),
  hoursPerDay: z.number(),
  /** The vehicle's own FMS service distance (IO 113), when it reports one. */
  serviceDistanceKm: z.number().nullable(),
});
export type ForecastRow = z.infer<typeof forecastRowSchema>;

/**
 * `POST /maintenance/additional`: a one-off maintenance, due on a day and/or an odometer (one of
 * them is required; the service says so after the ids are checked, so an unknown id is a 404).
 */
export const additionalSave = z.strictObject({
  vehicleId: id(),
  kind: maintenanceKind.default('other'),
  name: text().trim().min(1).max(100),
  dueDate: day.nullable().default(null),
  dueKm: counter.nullable().default(null),
  notes: multilineText().trim().max(1000).default(''),
});
export type AdditionalSave = z.infer<typeof additionalSave>;
export type AdditionalSaveInput = z.input<typeof additionalSave>;

export const additionalSchema = z.object({
  id: z.number(),
  vehicleId: z.number(),
  plate: z.string(),
  kind: maintenanceKind,
  name: z.string(),
  dueDate: z.string().nullable(),
  dueKm: z.number().nullable(),
  notes: z.string(),
  /** The service that did it, null while pending. */
  serviceId: z.number().nullable(),
  doneDate: z.string().nullable(),
  createdAt: z.string(),
});
export type AdditionalMaintenance = z.infer<typeof additionalSchema>;

/** `POST /maintenance/services`: a service done; the items named are re-anchored on it. */
export const serviceCreate = z.strictObject({
  vehicleId: id(),
  date: day,
  /** Odometer and engine hours at the service; without them, the vehicle's counters now. */
  odometerKm: counter.nullable().default(null),
  engineHours: counter.nullable().default(null),
  cost: z.number().min(0).max(100_000_000).nullable().default(null),
  workshop: text().trim().max(100).default(''),
  notes: multilineText().trim().max(2000).default(''),
  itemIds: z.array(id()).max(50).default([]),
  additionalIds: z.array(id()).max(50).default([]),
});
export type ServiceCreate = z.infer<typeof serviceCreate>;
export type ServiceCreateInput = z.input<typeof serviceCreate>;

export const attachmentSchema = z.object({
  id: z.number(),
  name: z.string(),
  mime: z.string(),
  size: z.number(),
});
export type MaintenanceAttachment = z.infer<typeof attachmentSchema>;

export const serviceSchema = z.object({
  id: z.number(),
  vehicleId: z.number(),
  plate: z.string(),
  date: z.string(),
  odometerKm: z.number().nullable(),
  engineHours: z.number().nullable(),
  cost: z.number().nullable(),
  workshop: z.string(),
  notes: z.string(),
  /** What it did: plan items and additional maintenance, by name. */
  done: z.array(
    z.object({ source: z.enum(['plan', 'additional']), id: z.number(), name: z.string() }),
  ),
  attachments: z.array(attachmentSchema),
});
export type MaintenanceService = z.infer<typeof serviceSchema>;

/** `GET /maintenance/services?vehicleId=` */
export const serviceQuery = z.object({ vehicleId: idParam().optional() });

/** An attachment's file name, as the query string of the upload gives it. */
export const attachmentQuery = z.object({
  name: text()
    .trim()
    .min(1)
    .max(200)
    .regex(/^[^/\\]+$/u, 'file_name'),
});

/** Largest attachment (bytes). */
export const MAX_ATTACHMENT_BYTES = 5 * 1024 * 1024;
/** Attachment types, as their bytes say (not their name). */
export const ATTACHMENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;

export const maintenanceIdParams = z.object({ id: idParam() });
