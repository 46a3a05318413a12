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

export const maintenanceApi = {
  async forecast(api: ApiClient, view: 'forecast' | 'calendar', signal?: AbortSignal) {
    return z.array(forecastRowSchema).parse(await api.get(`maintenance/${view}`, opts(signal)));
  },
  async plans(api: ApiClient, signal?: AbortSignal): Promise<MaintenancePlan[]> {
    return z.array(planSchema).parse(await api.get('maintenance/plans', opts(signal)));
  },
  async savePlan(api: ApiClient, id: number | null, plan: PlanSaveInput) {
    return planSchema.parse(
      await api.request(id === null ? 'maintenance/plans' : `maintenance/plans/${id}`, {
        method: id === null ? 'POST' : 'PUT',
        body: plan,
      }),
    );
  },
  removePlan: (api: ApiClient, id: number) =>
    api.request(`maintenance/plans/${id}`, { method: 'DELETE' }),
  async additional(api: ApiClient, signal?: AbortSignal): Promise<AdditionalMaintenance[]> {
    return z.array(additionalSchema).parse(await api.get('maintenance/additional', opts(signal)));
  },
  async saveAdditional(api: ApiClient, id: number | null, input: AdditionalSaveInput) {
    return additionalSchema.parse(
      await api.request(id === null ? 'maintenance/additional' : `maintenance/additional/${id}`, {
        method: id === null ? 'POST' : 'PUT',
        body: input,
      }),
    );
  },
  removeAdditional: (api: ApiClient, id: number) =>
    api.request(`maintenance/additional/${id}`, { method: 'DELETE' }),
  async services(api: ApiClient, signal?: AbortSignal): Promise<MaintenanceService[]> {
    return z.array(serviceSchema).parse(await api.get('maintenance/services', opts(signal)));
  },
  async recordService(api: ApiClient, input: ServiceCreateInput) {
    return serviceSchema.parse(await api.post('maintenance/services', input));
  },
  removeService: (api: ApiClient, id: number) =>
    api.request(`maintenance/services/${id}`, { method: 'DELETE' }),
  async upload(api: ApiClient, serviceId: number, file: File): Promise<MaintenanceAttachment> {
    return attachmentSchema.parse(
      await api.request(
        `maintenance/services/${serviceId}/attachments?name=${encodeURIComponent(file.name)}`,
        { method: 'POST', body: file },
      ),
    );
  },
  /** Downloads an attachment (credentials go in headers, so not a plain link). */
  async download(api: ApiClient, attachment: MaintenanceAttachment): Promise<Blob> {
    return api.request<Blob>(`maintenance/attachments/${attachment.id}`, {
      responseType: 'blob',
    });
  },
};

export type { ForecastRow };
