import { z } from 'zod';
import { id, text } from './fields.js';
import { timeZoneSchema } from './time-zone-schema.js';

/** Unit codes of the specification (decisions.md). */
export const unitsSchema = z.object({
  volume: z.enum(['lt', 'gal']),
  distance: z.enum(['km', 'mi']),
  consumption: z.enum(['l/100km', 'km/l', 'mpg']),
  mass: z.enum(['kg', 'lbs']),
  speed: z.enum(['km/h', 'mi/h']),
  temperature: z.enum(['C', 'F']),
  pressure: z.enum(['bar', 'psi']),
});
export type Units = z.infer<typeof unitsSchema>;

export const DEFAULT_UNITS: Units = {
  volume: 'lt',
  distance: 'km',
  consumption: 'l/100km',
  mass: 'kg',
  speed: 'km/h',
  temperature: 'C',
  pressure: 'bar',
};

export const languageSchema = z.enum(['es', 'en']);
export type Language = z.infer<typeof languageSchema>;

/**
 * A user's configuration; `timeZone` is an IANA zone name, or a number read as a fixed UTC offset
 * in hours (old clients; docs/decisions/0035).
 */
export const userConfigSchema = z.object({
  idioma: languageSchema,
  timeZone: timeZoneSchema,
  units: unitsSchema,
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
  zoom: z.number().min(0).max(22),
});
export type UserConfig = z.infer<typeof userConfigSchema>;

export const DEFAULT_USER_CONFIG: UserConfig = {
  idioma: 'es',
  timeZone: 'America/Argentina/Buenos_Aires',
  units: DEFAULT_UNITS,
  lat: -34.6,
  lng: -58.45,
  zoom: 6,
};

/** `POST /rest/user/save_config`. */
export const saveConfigBody = z.strictObject({
  ...userConfigSchema.shape,
  units: z.strictObject(unitsSchema.shape),
  darkMode: z.boolean(),
});
export type SaveConfigBody = z.infer<typeof saveConfigBody>;

/** `POST /rest/user/save_profile`. */
export const saveProfileBody = z.strictObject({
  idPersonaFisica: id(),
  nombre: text().trim().min(1).max(100),
  apellido: text().trim().max(100),
  telefono: text().trim().max(40),
  email: z.email().max(254),
});
export type SaveProfileBody = z.infer<typeof saveProfileBody>;

/** `GET /rest/user/get_profile`. */
export const profileSchema = z.object({
  idPersonaFisica: z.number(),
  nombre: z.string(),
  apellido: z.string(),
  telefono: z.string(),
  email: z.string(),
  domicilio: z.string(),
  username: z.string(),
});
export type Profile = z.infer<typeof profileSchema>;

/** `POST /rest/auth/user` → configuracion: everything the shell needs about the signed-in user. */
export const configuracionSchema = z.object({
  idUsuario: z.number(),
  usuario: z.object({ nombre: z.string(), email: z.string() }),
  personaFisica: z.object({
    idPersonaFisica: z.number(),
    nombre: z.string(),
    apellido: z.string(),
  }),
  telefono: z.string(),
  domicilio: z.string(),
  hasAvatar: z.boolean(),
  /** The user's configuration, named as spec §7 names it. */
  configuracion: userConfigSchema,
  /** The same configuration under its §3 entity name (the web app reads this one). */
  config: userConfigSchema,
  darkMode: z.boolean(),
  rol: z.string(),
  tenant: z.object({ id: z.number(), name: z.string() }),
});
export type Configuracion = z.infer<typeof configuracionSchema>;

/** `GET /rest/user/get_avatar` and `POST /rest/user/upload_avatar`: a data URL or null. */
export const avatarReply = z.object({ avatar: z.string().nullable() });
export type AvatarReply = z.infer<typeof avatarReply>;

/** Largest avatar accepted, bytes. */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_MIME_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
