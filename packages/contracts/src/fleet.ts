import { z } from 'zod';
import { co2Schema } from './co2.js';
import { epochMsParam, id, multilineText, text } from './fields.js';
import { visitedPlaceSchema } from './geofences.js';
import { DEVICE_PROTOCOLS } from './protocols.js';

/** Vehicle statuses (domain.md §2), in the order of their numeric `statusCode`. */
export const VEHICLE_STATUSES = [
  'undefined',
  'off',
  'idling',
  'in-transit',
  'speeding',
  'offline-in-transit',
  'offline-off',
] as const;
export type VehicleStatus = (typeof VEHICLE_STATUSES)[number];

/**
 * How devices report: Teltonika trackers (CAN-bus / FMS data when wired), OsmAnd (phones with
 * Traccar Client: GPS only, never CAN data), MQTT gateways that decode CAN themselves. The list
 * lives in `protocols.ts`.
 */
export { DEVICE_PROTOCOLS, PROTOCOLS, protocolPortSetting } from './protocols.js';
export type { DeviceProtocol, ProtocolInfo } from './protocols.js';

/** Kinds of vehicle; the consumption reference of analysis depends on it. */
export const VEHICLE_KINDS = ['tractor', 'rigid', 'van', 'bus', 'car', 'other'] as const;

const plate = text()
  .trim()
  .min(1)
  .max(20)
  .regex(/^[\w .-]+$/u, 'plate_format');

/** A vehicle as administration edits it. */
export const vehicleInput = z.strictObject({
  plate,
  vim: text().trim().max(40).default(''),
  kind: z.enum(VEHICLE_KINDS).default('tractor'),
  description: multilineText().trim().max(200).default(''),
  brand: text().trim().max(60).default(''),
  model: text().trim().max(60).default(''),
  modelYear: z.number().int().min(1950).max(2100).nullable().default(null),
  implementId: id().nullable().default(null),
  tankCapacityL: z.number().positive().max(5000).nullable().default(null),
  ureaCapacityL: z.number().positive().max(500).nullable().default(null),
  speedLimitKmh: z.number().positive().max(200).nullable().default(null),
  groupId: id().nullable().default(null),
});
export type VehicleInput = z.infer<typeof vehicleInput>;

/** A vehicle (spec §3: vehicleId, plate, vim, kind, description) with its administration fields. */
export const vehicleSchema = z.object({
  plate: z.string(),
  vim: z.string(),
  kind: z.enum(VEHICLE_KINDS),
  description: z.string(),
  brand: z.string(),
  model: z.string(),
  modelYear: z.number().nullable(),
  implementId: z.number().nullable(),
  tankCapacityL: z.number().nullable(),
  ureaCapacityL: z.number().nullable(),
  speedLimitKmh: z.number().nullable(),
  groupId: z.number().nullable(),
  vehicleId: z.number(),
  groupName: z.string().nullable(),
  implementName: z.string().nullable(),
  deviceUniqueId: z.string().nullable(),
  /** How the vehicle's device reports (`osmand`: a phone, no CAN data); null without a device. */
  deviceProtocol: z.enum(DEVICE_PROTOCOLS).nullable().optional(),
});
export type Vehicle = z.infer<typeof vehicleSchema>;

/** `GET /vehicles/groups/vehicles`: groups with their vehicles. */
export const groupWithVehicles = z.object({
  groupId: z.number().nullable(),
  name: z.string(),
  vehicleList: z.array(z.object({ vehicleId: z.number(), plate: z.string() })),
});
export type GroupWithVehicles = z.infer<typeof groupWithVehicles>;

export const groupInput = z.strictObject({ name: text().trim().min(1).max(80) });
export const groupSchema = z.object({ id: z.number(), name: z.string(), vehicleCount: z.number() });
export type Group = z.infer<typeof groupSchema>;

/** A tracking device as administration edits it. */
export const deviceInput = z.strictObject({
  uniqueId: text()
    .trim()
    .min(3)
    .max(40)
    .regex(/^[\w.:-]+$/, 'device_id_format'),
  protocol: z.enum(DEVICE_PROTOCOLS),
  model: text().trim().max(40).nullable().default(null),
  vehicleId: id().nullable().default(null),
});
export type DeviceInput = z.infer<typeof deviceInput>;
export const deviceSchema = z.object({
  uniqueId: z.string(),
  protocol: z.enum(DEVICE_PROTOCOLS),
  model: z.string().nullable(),
  vehicleId: z.number().nullable(),
  id: z.number(),
  autoRegistered: z.boolean(),
  plate: z.string().nullable(),
  lastConnection: z.string().nullable(),
});
export type Device = z.infer<typeof deviceSchema>;

/** Vehicle last info (spec §3); units in decisions.md (km, %, hours). */
export const lastInfoSchema = z.object({
  idvehiculo: z.number(),
  plate: z.string(),
  lastConnection: z.string().nullable(),
  status: z.enum(VEHICLE_STATUSES),
  statusCode: z.number(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  /** Where it was, in the caller's language (issue 23: the tenant's place, else a locality). */
  place: z.string().nullable().optional(),
  speedKmh: z.number().nullable(),
  heading: z.number().nullable(),
  implementos: z.string().nullable(),
  marca: z.string().nullable(),
  modelo: z.string().nullable(),
  modelyear: z.number().nullable(),
  fms1: z.object({ odometro: z.number().nullable(), ureaLevel: z.number().nullable() }),
  fms4: z.object({ engineHours: z.number().nullable() }),
  driverCode: z.string().nullable(),
  /** The registered driver whose code the vehicle reads ("Nombre Apellido"); null when unknown. */
  driverName: z.string().nullable().optional(),
});
export type LastInfo = z.infer<typeof lastInfoSchema>;

/** `POST /v2/vehicle/all_trailer_kind`. */
export const trailerKindSchema = z.object({
  idTipoImplemento: z.number(),
  descripcion: z.string(),
  implementos: z.array(
    z.object({
      idImplemento: z.number(),
      descripcionImplemento: z.string(),
      idImplementoTipoVehiculo: z.number(),
    }),
  ),
});
export type TrailerKind = z.infer<typeof trailerKindSchema>;

/** History query of the replay screen: Unix epoch milliseconds. */
export const historyQuery = z
  .object({ from: epochMsParam(), to: epochMsParam() })
  .refine((q) => q.to > q.from, { message: 'period_order', path: ['to'] })
  .refine((q) => q.to - q.from <= 31 * 86_400_000, { message: 'period_max_days', path: ['to'] });

/** One point of a vehicle's route. */
export const historyPointSchema = z.object({
  t: z.number(),
  lat: z.number(),
  lng: z.number(),
  speedKmh: z.number().nullable(),
  heading: z.number().nullable(),
  ignition: z.boolean().nullable(),
});
export type HistoryPoint = z.infer<typeof historyPointSchema>;

export const tripSchema = z.object({
  id: z.number(),
  startTime: z.number(),
  endTime: z.number(),
  start: z.object({ lat: z.number(), lng: z.number() }),
  end: z.object({ lat: z.number(), lng: z.number() }),
  /** Where it started and ended, in the caller's language (issue 23). */
  startPlace: z.string().nullable().optional(),
  endPlace: z.string().nullable().optional(),
  distanceKm: z.number(),
  drivingS: z.number(),
  idleS: z.number(),
  fuelL: z.number().nullable(),
  maxSpeedKmh: z.number(),
  avgSpeedKmh: z.number(),
  driverCode: z.string().nullable(),
  /** The registered driver of `driverCode`; null when the code is not in the driver list. */
  driverName: z.string().nullable().optional(),
  /** Geofences the trip entered or started in, in order of first visit (issue 12). */
  zones: z.array(visitedPlaceSchema).optional(),
  /** Points of interest whose radius the trip reached, in order of first visit (issue 12). */
  pois: z.array(visitedPlaceSchema).optional(),
  /**
   * kg CO₂e of the trip (decision 0050): its counted litres × the factors, else its distance ×
   * the vehicle kind's default consumption, marked estimated.
   */
  co2: co2Schema.optional(),
});
export type Trip = z.infer<typeof tripSchema>;

export const stopSchema = z.object({
  id: z.number(),
  startTime: z.number(),
  endTime: z.number(),
  lat: z.number(),
  lng: z.number(),
  ignitionOnS: z.number(),
  /** Where it was, in the caller's language (issue 23: the tenant's place, else a locality). */
  place: z.string().nullable().optional(),
});
export type Stop = z.infer<typeof stopSchema>;
