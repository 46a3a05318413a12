import { z } from 'zod';
import { id, idParam, isoDay, multilineText, text } from './fields.js';

// Drivers (spec §3 "Driver: driverId, id", §7 `GET/POST /driver`, `PATCH/DELETE /driver/{driverId}`;
// issue 11). Field names follow the user contracts (Spanish, as the spec's): docs/decisions/0017.

/**
 * A driver's card or key code as devices report it (tachograph card IO 195/196, iButton IO 78):
 * trimmed and upper-cased, so `0a1b…` typed by hand matches the device's `0A1B…`. Empty: none.
 */
export const driverCode = text()
  .trim()
  .max(64)
  .regex(/^[^\s]*$/u, 'no_whitespace')
  .transform((value) => value.toUpperCase());

/** `yyyy-MM-dd`, a real calendar day. */
export const isoDate = isoDay();

const driverFields = {
  nombre: text().trim().min(1).max(100),
  apellido: text().trim().max(100),
  documento: text().trim().max(40),
  codigo: driverCode,
  telefono: text().trim().max(40),
  licencia: text().trim().max(40),
  licenciaVence: isoDate.nullable(),
  groupId: id().nullable(),
  notas: multilineText().trim().max(1000),
};

/** `POST /driver`: a new driver of the caller's tenant (only `nombre` is required). */
export const driverCreate = z.strictObject({
  nombre: driverFields.nombre,
  apellido: driverFields.apellido.default(''),
  documento: driverFields.documento.default(''),
  codigo: driverFields.codigo.default(''),
  telefono: driverFields.telefono.default(''),
  licencia: driverFields.licencia.default(''),
  licenciaVence: driverFields.licenciaVence.default(null),
  groupId: driverFields.groupId.default(null),
  notas: driverFields.notas.default(''),
});
export type DriverCreate = z.infer<typeof driverCreate>;
export type DriverCreateInput = z.input<typeof driverCreate>;

/** `PATCH /driver/{driverId}`: the fields to change; the others keep their value. */
export const driverPatch = z.strictObject({
  nombre: driverFields.nombre.optional(),
  apellido: driverFields.apellido.optional(),
  documento: driverFields.documento.optional(),
  codigo: driverFields.codigo.optional(),
  telefono: driverFields.telefono.optional(),
  licencia: driverFields.licencia.optional(),
  licenciaVence: driverFields.licenciaVence.optional(),
  groupId: driverFields.groupId.optional(),
  notas: driverFields.notas.optional(),
});
export type DriverPatch = z.infer<typeof driverPatch>;

/** Path of one driver: `/driver/{driverId}`. */
export const driverIdParams = z.object({ driverId: idParam() });

/** A driver as `GET /driver` lists it; `driverId` and `id` are the same number (spec §3). */
export const driverSchema = z.object({
  driverId: z.number(),
  id: z.number(),
  nombre: z.string(),
  apellido: z.string(),
  documento: z.string(),
  codigo: z.string(),
  telefono: z.string(),
  licencia: z.string(),
  /** `yyyy-MM-dd`, null when not given. */
  licenciaVence: z.string().nullable(),
  groupId: z.number().nullable(),
  groupName: z.string().nullable(),
  notas: z.string(),
  /** ISO times. */
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Driver = z.infer<typeof driverSchema>;

/** "Nombre Apellido", as the vehicle popup, the live list and the alerts show a driver. */
export function driverDisplayName(driver: { nombre: string; apellido: string }): string {
  const nombre = driver.nombre.trim();
  const apellido = driver.apellido.trim();
  return apellido ? `${nombre} ${apellido}` : nombre;
}
