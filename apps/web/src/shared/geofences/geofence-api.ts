import {
  geofenceAttributesAnswer,
  geofenceListAnswer,
  geofenceSchema,
  interestPointSchema,
  interestPointTypeSchema,
  type Geofence,
  type GeofenceSaveInput,
  type InterestPoint,
  type InterestPointCreateInput,
  type InterestPointType,
} from '@rumbo/contracts';
import { z } from 'zod';
import { getParsed, useApiQuery, withSignal } from '../api/api-query';
import type { ApiClient } from '../api/http-client';

/** Query keys of zones and points of interest; a change invalidates the whole `zones` tree. */
export const zoneKeys = {
  all: ['zones'] as const,
  geofences: ['zones', 'geofences'] as const,
  attributes: ['zones', 'attributes'] as const,
  pois: ['zones', 'pois'] as const,
  poiTypes: ['zones', 'poi-types'] as const,
};

const poiPath = 'rest/routing/interest_point';

/** `POST /v2/geofence/get_all`: every geofence of the tenant. */
export async function fetchGeofences(api: ApiClient, signal?: AbortSignal): Promise<Geofence[]> {
  return geofenceListAnswer.parse(await api.post('v2/geofence/get_all', {}, withSignal(signal)));
}

/** `POST /v2/geofence/get_all_attributes`: the attribute names in use, sorted. */
export async function fetchGeofenceAttributes(
  api: ApiClient,
  signal?: AbortSignal,
): Promise<string[]> {
  return geofenceAttributesAnswer.parse(
    await api.post('v2/geofence/get_all_attributes', {}, withSignal(signal)),
  );
}

/** `POST /v2/geofence/save`: one GeoJSON Feature; creates, or updates when it carries an id. */
export async function saveGeofence(api: ApiClient, feature: GeofenceSaveInput): Promise<Geofence> {
  return geofenceSchema.parse(await api.post('v2/geofence/save', feature));
}

/** `POST /v2/geofence/delete`. */
export async function deleteGeofence(api: ApiClient, id: number): Promise<void> {
  await api.post('v2/geofence/delete', { id });
}

/** `GET /rest/routing/interest_point`: the tenant's points of interest (not the deleted ones). */
export async function fetchInterestPoints(
  api: ApiClient,
  signal?: AbortSignal,
): Promise<InterestPoint[]> {
  return getParsed(api, poiPath, z.array(interestPointSchema), signal);
}

/** `GET /rest/routing/interest_point_type`: the POI types with their icons. */
export async function fetchInterestPointTypes(
  api: ApiClient,
  signal?: AbortSignal,
): Promise<InterestPointType[]> {
  return getParsed(api, `${poiPath}_type`, z.array(interestPointTypeSchema), signal);
}

export async function createInterestPoint(
  api: ApiClient,
  body: InterestPointCreateInput,
): Promise<InterestPoint> {
  return interestPointSchema.parse(await api.post(poiPath, body));
}

export async function updateInterestPoint(
  api: ApiClient,
  id: number,
  body: Partial<InterestPointCreateInput>,
): Promise<InterestPoint> {
  return interestPointSchema.parse(
    await api.request(`${poiPath}/${id}`, { method: 'PATCH', body }),
  );
}

/** Soft delete (spec §3 `deleted`). */
export async function deleteInterestPoint(api: ApiClient, id: number): Promise<void> {
  await api.request(`${poiPath}/${id}`, { method: 'DELETE' });
}

/** Zones change rarely under a user: a list is kept for a minute. */
const STALE_MS = 60_000;

export const useGeofences = (enabled = true) =>
  useApiQuery(zoneKeys.geofences, fetchGeofences, { staleTime: STALE_MS, enabled });

export const useInterestPoints = (enabled = true) =>
  useApiQuery(zoneKeys.pois, fetchInterestPoints, { staleTime: STALE_MS, enabled });

export const useInterestPointTypes = (enabled = true) =>
  useApiQuery(zoneKeys.poiTypes, fetchInterestPointTypes, { staleTime: 10 * STALE_MS, enabled });

export const useGeofenceAttributes = (enabled = true) =>
  useApiQuery(zoneKeys.attributes, fetchGeofenceAttributes, { staleTime: STALE_MS, enabled });
