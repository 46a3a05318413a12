import {
  additionalSchema,
  attachmentSchema,
  forecastRowSchema,
  planSchema,
  serviceSchema,
  type AdditionalSaveInput,
  type ForecastRow,
  type MaintenanceAttachment,
  type PlanSaveInput,
  type ServiceCreateInput,
} from '@rumbo/contracts';
import { z } from 'zod';
import { getParsed } from '../../shared/api/api-query';
import type { ApiClient } from '../../shared/api/http-client';

/** Query keys of the maintenance screens; every change invalidates them all. */
export const maintenanceKeys = {
  all: ['maintenance'] as const,
  forecast: ['maintenance', 'forecast'] as const,
  plans: ['maintenance', 'plans'] as const,
  additional: ['maintenance', 'additional'] as const,
  services: ['maintenance', 'services'] as const,
};

/**
 * The module's own address: maintenance is no service key of the specification, so its calls go
 * to `/api/maintenance` as they are (the client passes unknown keys through with the credentials).
 */
const BASE = '/api/maintenance';

/** A list of the module, checked against its row schema. */
const list =
  <S extends z.ZodType>(path: string, row: S) =>
  (api: ApiClient, signal?: AbortSignal): Promise<z.infer<S>[]> =>
    getParsed(api, `${BASE}/${path}`, z.array(row), signal);

/** Creates (`id` null: POST) or replaces (PUT) one row of a list. */
const save =
  <S extends z.ZodType, I>(path: string, row: S) =>
  async (api: ApiClient, id: number | null, input: I): Promise<z.infer<S>> =>
    row.parse(
      await api.request(id === null ? `${BASE}/${path}` : `${BASE}/${path}/${id}`, {
        method: id === null ? 'POST' : 'PUT',
        body: input,
      }),
    );

const remove = (path: string) => (api: ApiClient, id: number) =>
  api.request(`${BASE}/${path}/${id}`, { method: 'DELETE' });

export const maintenanceApi = {
  forecast: (api: ApiClient, view: 'forecast' | 'calendar', signal?: AbortSignal) =>
    list(view, forecastRowSchema)(api, signal),
  plans: list('plans', planSchema),
  savePlan: save<typeof planSchema, PlanSaveInput>('plans', planSchema),
  removePlan: remove('plans'),
  additional: list('additional', additionalSchema),
  saveAdditional: save<typeof additionalSchema, AdditionalSaveInput>(
    'additional',
    additionalSchema,
  ),
  removeAdditional: remove('additional'),
  services: list('services', serviceSchema),
  async recordService(api: ApiClient, input: ServiceCreateInput) {
    return serviceSchema.parse(await api.post(`${BASE}/services`, input));
  },
  removeService: remove('services'),
  async upload(api: ApiClient, serviceId: number, file: File): Promise<MaintenanceAttachment> {
    return attachmentSchema.parse(
      await api.request(
        `${BASE}/services/${serviceId}/attachments?name=${encodeURIComponent(file.name)}`,
        { method: 'POST', body: file },
      ),
    );
  },
  /** Downloads an attachment (credentials go in headers, so not a plain link). */
  async download(api: ApiClient, attachment: MaintenanceAttachment): Promise<Blob> {
    return api.request<Blob>(`${BASE}/attachments/${attachment.id}`, {
      responseType: 'blob',
    });
  },
};

export type { ForecastRow };
