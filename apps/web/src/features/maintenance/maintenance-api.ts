import {
  additionalSchema,
  attachmentSchema,
  forecastRowSchema,
  planSchema,
  serviceSchema,
  type AdditionalMaintenance,
  type AdditionalSaveInput,
  type ForecastRow,
  type MaintenanceAttachment,
  type MaintenancePlan,
  type MaintenanceService,
  type PlanSaveInput,
  type ServiceCreateInput,
} from '@rumbo/contracts';
import { z } from 'zod';
import type { ApiClient } from '../../shared/api/http-client';

/** Query keys of the maintenance screens; every change invalidates them all. */
export const maintenanceKeys = {
  all: ['maintenance'] as const,
  forecast: ['maintenance', 'forecast'] as const,
  plans: ['maintenance', 'plans'] as const,
  additional: ['maintenance', 'additional'] as const,
  services: ['maintenance', 'services'] as const,
};

const opts = (signal?: AbortSignal) => (signal ? { signal } : {});

/**
 * The module's own address: maintenance is no service key of the specification, so its calls go
 * to `/api/maintenance` as they are (the client passes unknown keys through with the credentials).
 */
const BASE = '/api/maintenance';

export const maintenanceApi = {
  async forecast(api: ApiClient, view: 'forecast' | 'calendar', signal?: AbortSignal) {
    return z.array(forecastRowSchema).parse(await api.get(`${BASE}/${view}`, opts(signal)));
  },
  async plans(api: ApiClient, signal?: AbortSignal): Promise<MaintenancePlan[]> {
    return z.array(planSchema).parse(await api.get(`${BASE}/plans`, opts(signal)));
  },
  async savePlan(api: ApiClient, id: number | null, plan: PlanSaveInput) {
    return planSchema.parse(
      await api.request(id === null ? `${BASE}/plans` : `${BASE}/plans/${id}`, {
        method: id === null ? 'POST' : 'PUT',
        body: plan,
      }),
    );
  },
  removePlan: (api: ApiClient, id: number) =>
    api.request(`${BASE}/plans/${id}`, { method: 'DELETE' }),
  async additional(api: ApiClient, signal?: AbortSignal): Promise<AdditionalMaintenance[]> {
    return z.array(additionalSchema).parse(await api.get(`${BASE}/additional`, opts(signal)));
  },
  async saveAdditional(api: ApiClient, id: number | null, input: AdditionalSaveInput) {
    return additionalSchema.parse(
      await api.request(id === null ? `${BASE}/additional` : `${BASE}/additional/${id}`, {
        method: id === null ? 'POST' : 'PUT',
        body: input,
      }),
    );
  },
  removeAdditional: (api: ApiClient, id: number) =>
    api.request(`${BASE}/additional/${id}`, { method: 'DELETE' }),
  async services(api: ApiClient, signal?: AbortSignal): Promise<MaintenanceService[]> {
    return z.array(serviceSchema).parse(await api.get(`${BASE}/services`, opts(signal)));
  },
  async recordService(api: ApiClient, input: ServiceCreateInput) {
    return serviceSchema.parse(await api.post(`${BASE}/services`, input));
  },
  removeService: (api: ApiClient, id: number) =>
    api.request(`${BASE}/services/${id}`, { method: 'DELETE' }),
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
