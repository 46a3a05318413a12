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
import { withSignal } from '../../shared/api/api-query';
import { crudApi } from '../../shared/crud/crud-api';

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

const opts = withSignal;

/** Users and roles: `/api/rest/admin/...`. */
export const usersApi = {
  ...crudApi<AdminUser, AdminUserCreate, AdminUserUpdate>({ base: 'rest/admin/users' }),
  roleOptions: (api: ApiClient, signal?: AbortSignal) =>
    api.get<RoleOption[]>('rest/admin/users/roles', opts(signal)),
};

export const rolesApi = crudApi<AdminRole, AdminRoleInput>({ base: 'rest/admin/roles' });

/** Fleet administration: `/api/vehicles/...` and the trailer kinds of `/api/v2`. */
export const vehiclesApi = {
  ...crudApi<Vehicle, VehicleInput>({ base: 'vehicles/admin/vehicles', list: 'vehicles/vehicles' }),
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

export const devicesApi = crudApi<Device, DeviceInput>({ base: 'vehicles/admin/devices' });

const groupsCrud = crudApi<Group, { name: string }, { name: string }>({
  base: 'vehicles/admin/groups',
  list: 'vehicles/groups',
});
export const groupsApi = {
  list: groupsCrud.list,
  remove: groupsCrud.remove,
  create: (api: ApiClient, name: string) => groupsCrud.create(api, { name }),
  /** Answers `{ ok }`, not the group. */
  update: (api: ApiClient, id: number, name: string): Promise<unknown> =>
    groupsCrud.update(api, id, { name }),
};

/** Drivers: `/api/driver` (spec §7). */
export const driversApi = crudApi<Driver, DriverCreate, Partial<DriverCreate>>({
  base: 'driver',
  method: 'PATCH',
});

/** API keys (issue 27): `/api/v2/api-keys`. */
export const apiKeysApi = {
  list: (api: ApiClient, signal?: AbortSignal) => api.get<ApiKey[]>('v2/api-keys', opts(signal)),
  create: (api: ApiClient, body: ApiKeyCreateInput) => api.post<ApiKeyCreated>('v2/api-keys', body),
  revoke: (api: ApiClient, id: number) =>
    api.request<ApiKey>(`v2/api-keys/${id}`, { method: 'DELETE' }),
};
