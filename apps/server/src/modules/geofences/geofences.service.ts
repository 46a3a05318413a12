import type { Kysely } from 'kysely';
import {
  translations,
  type Geofence,
  type GeofenceSave,
  type InterestPoint,
  type InterestPointCreate,
  type InterestPointPatch,
  type InterestPointType,
  type Language,
  type PoiIcon,
} from '@rumbo/contracts';
import type { Database } from '../../db/schema.js';
import { DomainError } from '../../lib/errors.js';
import { deleteTenantRow } from '../../db/tenant-rows.js';
import {
  findGeofence,
  findInterestPoint,
  geofenceAttributeNames,
  insertGeofence,
  insertInterestPoint,
  insertInterestPointType,
  listGeofences,
  listInterestPoints,
  listInterestPointTypes,
  softDeleteInterestPoint,
  tenantGroupIds,
  tenantVehicleIds,
  updateGeofence,
  updateInterestPoint,
} from './geofences.repository.js';
import { orNotFound } from '../../lib/not-found.js';

/** What the geofence and POI use cases need. */
export interface GeofencesDeps {
  db: Kysely<Database>;
  /** Told after every change of a tenant's zones or POIs: every pipeline node rebuilds its index. */
  onChanged?: ((tenantId: number) => void) | undefined;
}

/** A 400 naming one field with a `validation.rule` key (worded by the error handler). */
function refuse(path: string, rule: string, lang: Language): never {
  const message = translations[lang].validation.rule[rule as 'unknown_vehicle'];
  throw new DomainError('validation', {}, [{ path, message }]);
}

export function geofencesOf(deps: GeofencesDeps, tenantId: number): Promise<Geofence[]> {
  return listGeofences(deps.db, tenantId);
}

export function attributesOf(deps: GeofencesDeps, tenantId: number): Promise<string[]> {
  return geofenceAttributeNames(deps.db, tenantId);
}

/**
 * `save`: creates the geofence, or replaces the one `properties.id` names (404 when it is not
 * the tenant's). Every vehicle and group named must be the tenant's (400 otherwise); nothing is
 * written when anything is refused.
 */
export async function saveGeofence(
  deps: GeofencesDeps,
  tenantId: number,
  userId: number,
  input: GeofenceSave,
  lang: Language,
): Promise<Geofence> {
  const { id, vehicles, groups } = input.properties;
  if (id !== undefined && !(await findGeofence(deps.db, tenantId, id))) {
    throw new DomainError('not_found');
  }
  const knownVehicles = await tenantVehicleIds(deps.db, tenantId, vehicles);
  if (vehicles.some((v) => !knownVehicles.has(v))) {
    refuse('body.properties.vehicles', 'unknown_vehicle', lang);
  }
  const knownGroups = await tenantGroupIds(deps.db, tenantId, groups);
  if (groups.some((g) => !knownGroups.has(g))) {
    refuse('body.properties.groups', 'unknown_group', lang);
  }
  let savedId: number;
  if (id === undefined) {
    savedId = await insertGeofence(deps.db, tenantId, userId, input);
  } else {
    if (!(await updateGeofence(deps.db, tenantId, id, input))) throw new DomainError('not_found');
    savedId = id;
  }
  const saved = orNotFound(await findGeofence(deps.db, tenantId, savedId));
  deps.onChanged?.(tenantId);
  return saved;
}

/** Deletes a geofence of the tenant (404 otherwise); its past events keep their `idzona`. */
export async function removeGeofence(deps: GeofencesDeps, tenantId: number, id: number) {
  if (!(await deleteTenantRow(deps.db, 'geofences', tenantId, id)))
    throw new DomainError('not_found');
  deps.onChanged?.(tenantId);
}

// ---------------------------------------------------------------------------------------------

/** POI types in the caller's language (built-in ones translated, the tenant's as named). */
export async function interestPointTypesOf(
  deps: GeofencesDeps,
  tenantId: number,
  lang: Language,
): Promise<InterestPointType[]> {
  const names: Record<string, string> = translations[lang].interest_point_types;
  const rows = await listInterestPointTypes(deps.db, tenantId);
  return rows.map((row) => ({
    idInterestPointType: row.id,
    nombre: (row.code !== null ? names[row.code] : undefined) ?? row.nombre,
    icono: row.icono,
    code: row.code,
  }));
}

export async function createInterestPointType(
  deps: GeofencesDeps,
  tenantId: number,
  input: { nombre: string; icono: PoiIcon },
  lang: Language,
): Promise<InterestPointType> {
  const id = await insertInterestPointType(deps.db, tenantId, input.nombre, input.icono);
  const created = (await interestPointTypesOf(deps, tenantId, lang)).find(
    (type) => type.idInterestPointType === id,
  );
  if (!created) throw new Error('POI type vanished after insert');
  return created;
}

async function checkType(
  deps: GeofencesDeps,
  tenantId: number,
  typeId: number | null | undefined,
  lang: Language,
): Promise<void> {
  if (typeId === null || typeId === undefined) return;
  const types = await listInterestPointTypes(deps.db, tenantId);
  if (!types.some((type) => type.id === typeId)) {
    refuse('body.idInterestPointType', 'unknown_poi_type', lang);
  }
}

export function interestPointsOf(
  deps: GeofencesDeps,
  tenantId: number,
  withDeleted: boolean,
): Promise<InterestPoint[]> {
  return listInterestPoints(deps.db, tenantId, withDeleted);
}

export async function createInterestPoint(
  deps: GeofencesDeps,
  tenantId: number,
  userId: number,
  input: InterestPointCreate,
  lang: Language,
): Promise<InterestPoint> {
  await checkType(deps, tenantId, input.idInterestPointType, lang);
  const id = await insertInterestPoint(deps.db, tenantId, userId, input);
  const created = await findInterestPoint(deps.db, tenantId, id);
  if (!created) throw new Error('POI vanished after insert');
  deps.onChanged?.(tenantId);
  return created;
}

export async function editInterestPoint(
  deps: GeofencesDeps,
  tenantId: number,
  id: number,
  patch: InterestPointPatch,
  lang: Language,
): Promise<InterestPoint> {
  const current = await findInterestPoint(deps.db, tenantId, id);
  if (!current || current.deleted) throw new DomainError('not_found');
  await checkType(deps, tenantId, patch.idInterestPointType, lang);
  if (!(await updateInterestPoint(deps.db, tenantId, id, patch))) {
    throw new DomainError('not_found');
  }
  const edited = orNotFound(await findInterestPoint(deps.db, tenantId, id));
  deps.onChanged?.(tenantId);
  return edited;
}

export async function removeInterestPoint(deps: GeofencesDeps, tenantId: number, id: number) {
  if (!(await softDeleteInterestPoint(deps.db, tenantId, id))) throw new DomainError('not_found');
  deps.onChanged?.(tenantId);
}
