import type {
  ApiKey,
  ApiKeyCreateInput,
  ApiKeyCreated,
  AdminRole,
  AdminRoleInput,
  AdminUser,
  AdminUserCreate,
  AdminUserUpdate,
  Device,
  DeviceInput,
  Driver,
  DriverCreate,
  Group,
  LastInfo,
  TrailerKind,
  Vehicle,
  VehicleInput,
  VehicleTanks,
} from '@rumbo/contracts';
import type { ApiClient } from '../../shared/api/http-client';

/** Query keys of the administration screens; a change invalidates the whole `admin` tree. */
export const adminKeys = {
  all: ['admin'] as const,
  users: ['admin', 'users'] as const,
  roleOptions: ['admin', 'role-options'] as const,
  roles: ['admin', 'roles'] as const,
  vehicles: ['admin', 'vehicles'] as const,
  devices: ['admin', 'devices'] as const,
  groups: ['admin', 'groups'] as const,
  trailerKinds: ['admin', 'trailer-kinds'] as const,
  lastInfo: ['admin', 'last-info'] as const,
  drivers: ['admin', 'drivers'] as const,
  tanks: (id: number) => ['admin', 'tanks', id] as const,
  apiKeys: ['admin', 'api-keys'] as const,
};

export interface RoleOption {
  id: number;
  name: string;
  builtIn: boolean;
}

const opts = (signal?: AbortSignal) => (signal ? { signal } : {});
const remove = (api: ApiClient, path: string) =>
  api.request<{ ok: boolean }>(path, { method: 'DELETE' });

/** Users and roles: `/api/rest/admin/...`. */
export const usersApi = {
  list: (api: ApiClient, signal?: AbortSignal) =>
    api.get<AdminUser[]>('rest/admin/users', opts(signal)),
  roleOptions: (api: ApiClient, signal?: AbortSignal) =>
    api.get<RoleOption[]>('rest/admin/users/roles', opts(signal)),
  create: (api: ApiClient, body: AdminUserCreate) => api.post<AdminUser>('rest/admin/users', body),
  update: (api: ApiClient, id: number, body: AdminUserUpdate) =>
    api.request<AdminUser>(`rest/admin/users/${id}`, { method: 'PUT', body }),
  remove: (api: ApiClient, id: number) => remove(api, `rest/admin/users/${id}`),
};

export const rolesApi = {
  list: (api: ApiClient, signal?: AbortSignal) =>
    api.get<AdminRole[]>('rest/admin/roles', opts(signal)),
  create: (api: ApiClient, body: AdminRoleInput) => api.post<AdminRole>('rest/admin/roles', body),
  update: (api: ApiClient, id: number, body: AdminRoleInput) =>
    api.request<AdminRole>(`rest/admin/roles/${id}`, { method: 'PUT', body }),
  remove: (api: ApiClient, id: number) => remove(api, `rest/admin/roles/${id}`),
};

/** Fleet administration: `/api/vehicles/...` and the trailer kinds of `/api/v2`. */
export const vehiclesApi = {
  list: (api: ApiClient, signal?: AbortSignal) =>
    api.get<Vehicle[]>('vehicles/vehicles', opts(signal)),
  create: (api: ApiClient, body: VehicleInput) =>
    api.post<Vehicle>('vehicles/admin/vehicles', body),
  update: (api: ApiClient, id: number, body: VehicleInput) =>
    api.request<Vehicle>(`vehicles/admin/vehicles/${id}`, { method: 'PUT', body }),
  remove: (api: ApiClient, id: number) => remove(api, `vehicles/admin/vehicles/${id}`),
  trailerKinds: (api: ApiClient, signal?: AbortSignal) =>
    api.post<TrailerKind[]>('v2/vehicle/all_trailer_kind', {}, opts(signal)),
  lastInfo: (api: ApiClient, signal?: AbortSignal) =>
    api.get<LastInfo[]>('rest/vehicle/last_position', opts(signal)),
  /** The fuel tanks (capacity, calibration) and the AdBlue tank (decision 0024). */
  tanks: (api: ApiClient, id: number, signal?: AbortSignal) =>
    api.get<VehicleTanks>(`vehicles/admin/vehicles/${id}/tanks`, opts(signal)),
  saveTanks: (api: ApiClient, id: number, body: VehicleTanks) =>
    api.request<VehicleTanks>(`vehicles/admin/vehicles/${id}/tanks`, { method: 'PUT', body }),
};

export const devicesApi = {
  list: (api: ApiClient, signal?: AbortSignal) =>
    api.get<Device[]>('vehicles/admin/devices', opts(signal)),
  create: (api: ApiClient, body: DeviceInput) => api.post<Device>('vehicles/admin/devices', body),
  update: (api: ApiClient, id: number, body: DeviceInput) =>
    api.request<Device>(`vehicles/admin/devices/${id}`, { method: 'PUT', body }),
  remove: (api: ApiClient, id: number) => remove(api, `vehicles/admin/devices/${id}`),
};

export const groupsApi = {
  list: (api: ApiClient, signal?: AbortSignal) => api.get<Group[]>('vehicles/groups', opts(signal)),
  create: (api: ApiClient, name: string) => api.post<Group>('vehicles/admin/groups', { name }),
  update: (api: ApiClient, id: number, name: string) =>
    api.request<{ ok: boolean }>(`vehicles/admin/groups/${id}`, { method: 'PUT', body: { name } }),
  remove: (api: ApiClient, id: number) => remove(api, `vehicles/admin/groups/${id}`),
};

/** Drivers: `/api/driver` (spec §7). */
export const driversApi = {
  list: (api: ApiClient, signal?: AbortSignal) => api.get<Driver[]>('driver', opts(signal)),
  create: (api: ApiClient, body: DriverCreate) => api.post<Driver>('driver', body),
  update: (api: ApiClient, id: number, body: Partial<DriverCreate>) =>
    api.request<Driver>(`driver/${id}`, { method: 'PATCH', body }),
  remove: (api: ApiClient, id: number) => remove(api, `driver/${id}`),
};

/** API keys (issue 27): `/api/v2/api-keys`. */
export const apiKeysApi = {
  list: (api: ApiClient, signal?: AbortSignal) => api.get<ApiKey[]>('v2/api-keys', opts(signal)),
  create: (api: ApiClient, body: ApiKeyCreateInput) => api.post<ApiKeyCreated>('v2/api-keys', body),
  revoke: (api: ApiClient, id: number) =>
    api.request<ApiKey>(`v2/api-keys/${id}`, { method: 'DELETE' }),
};
