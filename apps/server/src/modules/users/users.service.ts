import type { Kysely } from 'kysely';
import {
  AVATAR_MAX_BYTES,
  AVATAR_MIME_TYPES,
  type Configuracion,
  type Profile,
  type SaveConfigBody,
  type SaveProfileBody,
  type TimeZoneSetting,
} from '@rumbo/contracts';
import type { Database } from '../../db/schema.js';
import { fileTooLarge, fileTypeRefused } from '../../lib/upload-errors.js';
import { DomainError } from '../../lib/errors.js';
import type { Principal } from '../../kernel/principal.js';
import {
  findAvatar,
  findUserById,
  updateAvatar,
  updateConfig,
  updateProfile,
  type User,
} from './users.repository.js';

async function currentUser(db: Kysely<Database>, principal: Principal): Promise<User> {
  const user = await findUserById(db, principal.tenantId, principal.userId);
  if (!user) throw new DomainError('unauthorized');
  return user;
}

function toProfile(user: User): Profile {
  return {
    idPersonaFisica: user.id,
    nombre: user.nombre,
    apellido: user.apellido,
    telefono: user.telefono,
    email: user.email,
    domicilio: user.domicilio,
    username: user.username,
  };
}

/** `POST /rest/auth/user`: the signed-in user's configuration. */
export async function getConfiguracion(
  db: Kysely<Database>,
  principal: Principal,
): Promise<Configuracion> {
  const user = await currentUser(db, principal);
  return {
    idUsuario: user.id,
    usuario: { nombre: user.username, email: user.email },
    personaFisica: { idPersonaFisica: user.id, nombre: user.nombre, apellido: user.apellido },
    telefono: user.telefono,
    domicilio: user.domicilio,
    hasAvatar: user.hasAvatar,
    configuracion: user.config,
    config: user.config,
    darkMode: user.darkMode,
    rol: user.roleName,
    tenant: { id: user.tenantId, name: user.tenantName },
  };
}

/** The signed-in user's time zone (days and hours are counted in it). */
export async function userTimeZone(
  db: Kysely<Database>,
  principal: Principal,
): Promise<TimeZoneSetting> {
  return (await findUserById(db, principal.tenantId, principal.userId))?.config.timeZone ?? 'UTC';
}

/** `GET /rest/user/get_profile`. */
export async function getProfile(db: Kysely<Database>, principal: Principal): Promise<Profile> {
  return toProfile(await currentUser(db, principal));
}

/** `POST /rest/user/save_profile`: only one's own profile. */
export async function saveProfile(
  db: Kysely<Database>,
  principal: Principal,
  body: SaveProfileBody,
): Promise<Profile> {
  if (body.idPersonaFisica !== principal.userId) throw new DomainError('forbidden');
  await updateProfile(db, principal.tenantId, principal.userId, {
    nombre: body.nombre,
    apellido: body.apellido,
    telefono: body.telefono,
    email: body.email,
  });
  return getProfile(db, principal);
}

/** `POST /rest/user/save_config`. */
export async function saveConfig(
  db: Kysely<Database>,
  principal: Principal,
  body: SaveConfigBody,
): Promise<void> {
  const { darkMode, ...config } = body;
  await updateConfig(db, principal.tenantId, principal.userId, config, darkMode);
}

/** `GET /rest/user/get_avatar`: a data URL, or null. */
export async function getAvatar(
  db: Kysely<Database>,
  principal: Principal,
): Promise<string | null> {
  const avatar = await findAvatar(db, principal.tenantId, principal.userId);
  return avatar ? `data:${avatar.mime};base64,${avatar.bytes.toString('base64')}` : null;
}

/** The image type by its first bytes (what is declared is not trusted). */
export function sniffImageType(bytes: Buffer): 'image/png' | 'image/jpeg' | 'image/webp' | null {
  if (
    bytes.length >= 8 &&
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  ) {
    return 'image/png';
  }
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return 'image/jpeg';
  if (
    bytes.length >= 12 &&
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  ) {
    return 'image/webp';
  }
  return null;
}

/** `POST /rest/user/upload_avatar`: PNG, JPEG or WebP up to 2 MB. */
export async function saveAvatar(
  db: Kysely<Database>,
  principal: Principal,
  bytes: Buffer,
): Promise<string> {
  if (bytes.length > AVATAR_MAX_BYTES) {
    throw fileTooLarge(AVATAR_MAX_BYTES);
  }
  const mime = sniffImageType(bytes);
  if (!mime) throw fileTypeRefused(AVATAR_MIME_TYPES);
  await updateAvatar(db, principal.tenantId, principal.userId, bytes, mime);
  return `data:${mime};base64,${bytes.toString('base64')}`;
}
