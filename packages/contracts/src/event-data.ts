import { z } from 'zod';

// The data of an alert event: stored events (alerts.ts) and live notifications (realtime.ts) both
// carry it.

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
