import { z } from 'zod';
import { epochMsParam, idParam } from './fields.js';

// Fault diagnostics (issue 15, docs/decisions/0026-fault-diagnostics.md): fault episodes per
// vehicle and fleet, `GET /rest/diagnostics/faults` and `GET /rest/diagnostics/vehicles/{id}/faults`.

/** Severities from the DM1 lamps, most severe first (domain.md §9). */
export const FAULT_SEVERITY_VALUES = ['critical', 'warning', 'emissions', 'info'] as const;
export type FaultSeverityValue = (typeof FAULT_SEVERITY_VALUES)[number];

/** Which episodes a list shows. */
export const FAULT_STATUS_VALUES = ['all', 'open', 'closed'] as const;

/** Longest period one call may cover, days. */
export const FAULTS_MAX_DAYS = 366;
/** Most episodes one answer carries (`truncated` says when there were more). */
export const FAULTS_MAX_ROWS = 5000;

const many = <T extends z.ZodType>(item: T) =>
  z.union([item, z.array(item).max(1000)]).transform((v) => (Array.isArray(v) ? v : [v]));

const isOrdered = (p: { from: number; to: number }) => p.to > p.from;
const isShortEnough = (p: { from: number; to: number }) =>
  p.to - p.from <= FAULTS_MAX_DAYS * 86_400_000;

const period = { from: epochMsParam(), to: epochMsParam() };

/** `GET /rest/diagnostics/faults?from&to&status&severity[]&vids[]&gids[]`: episodes overlapping [from, to). */
export const faultsQuery = z
  .object({
    ...period,
    status: z.enum(FAULT_STATUS_VALUES).optional(),
    'severity[]': many(z.enum(FAULT_SEVERITY_VALUES)).optional(),
    severity: many(z.enum(FAULT_SEVERITY_VALUES)).optional(),
    'vids[]': many(idParam()).optional(),
    vids: many(idParam()).optional(),
    'gids[]': many(idParam()).optional(),
    gids: many(idParam()).optional(),
  })
  .strict()
  .refine(isOrdered, { message: 'period_order', path: ['to'] })
  .refine(isShortEnough, { message: 'period_max_year', path: ['to'] });
export type FaultsQuery = z.input<typeof faultsQuery>;

/** `GET /rest/diagnostics/vehicles/{vehicleId}/faults?from&to`. */
export const vehicleFaultsParams = z.object({ vehicleId: idParam() });
export const vehicleFaultsQuery = z
  .object(period)
  .strict()
  .refine(isOrdered, { message: 'period_order', path: ['to'] })
  .refine(isShortEnough, { message: 'period_max_year', path: ['to'] });

/** Where an episode opened or closed: time (epoch ms), place, odometer (km), engine hours. */
export const faultPointSchema = z.object({
  time: z.number(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  /** Where it was, in the caller's language (issue 23: the tenant's place, else a locality). */
  place: z.string().nullable().optional(),
  odometerKm: z.number().nullable(),
  engineHours: z.number().nullable(),
});
export type FaultPoint = z.infer<typeof faultPointSchema>;

/** One fault episode. */
export const faultRowSchema = z.object({
  id: z.number(),
  vehicleId: z.number(),
  plate: z.string(),
  source: z.enum(['j1939', 'obd']),
  /** As mechanics read it: `SPN 110 / FMI 0`, or `P0217`. */
  code: z.string(),
  spn: z.number().nullable(),
  fmi: z.number().nullable(),
  /** In the caller's language; an SPN not in the table shows its number. */
  description: z.string(),
  severity: z.enum(FAULT_SEVERITY_VALUES),
  lamps: z.object({
    mil: z.boolean(),
    redStop: z.boolean(),
    amber: z.boolean(),
    protect: z.boolean(),
  }),
  occurrences: z.number().nullable(),
  start: faultPointSchema,
  end: faultPointSchema.nullable(),
  endReason: z.enum(['absent', 'quiet']).nullable(),
  lastSeen: z.number(),
  open: z.boolean(),
});
export type FaultRow = z.infer<typeof faultRowSchema>;

/** A list of episodes, newest first. */
export const faultsAnswer = z.object({
  faults: z.array(faultRowSchema),
  truncated: z.boolean(),
});
export type FaultsAnswer = z.infer<typeof faultsAnswer>;
