import type { AdminRole, AdminUser, Device, Driver, Group, Vehicle } from '@rumbo/contracts';
import type { FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import type { ApiClient } from '../../shared/api/http-client';
import type { TFunction } from '../../shared/i18n/i18n';
import { devicesApi, driversApi, groupsApi, rolesApi, usersApi, vehiclesApi } from './admin-api';
import {
  deviceFormSchema,
  groupFormSchema,
  roleFormSchema,
  toDeviceInput,
  toRoleInput,
  toUserInput,
  toVehicleInput,
  userFormSchema,
  vehicleFormSchema,
  vehicleToForm,
  type DeviceForm,
  type GroupForm,
  type RoleForm,
  type UserForm,
  type VehicleForm,
} from './admin-forms';
import { driverFormSchema, driverToForm, toDriverInput, type DriverForm } from './driver-form';

/**
 * What a create/edit dialog needs of an entity: its form's schema (for a new one or an edit),
 * its values, and the calls that save them.
 */
export interface EntityForm<F extends FieldValues, E> {
  /** Prefix of the dialog's test ids and field ids. */
  name: string;
  schema: (t: TFunction, editing: boolean) => z.ZodType<F, F>;
  toForm: (entity: E | null) => F;
  create: (api: ApiClient, values: F) => Promise<unknown>;
  update: (api: ApiClient, entity: E, values: F) => Promise<unknown>;
  /** The i18n keys of the success texts (`admin.common.saved`/`created` unless told). */
  saved?: string;
  created?: string;
  /** Where a 409 without details goes (a taken group name). */
  conflictField?: keyof F & string;
}

export const deviceForm: EntityForm<DeviceForm, Device> = {
  name: 'device',
  schema: deviceFormSchema,
  toForm: (device) => ({
    uniqueId: device?.uniqueId ?? '',
    protocol: device?.protocol ?? 'teltonika',
    model: device?.model ?? '',
    vehicleId: device?.vehicleId ? String(device.vehicleId) : '',
  }),
  create: (api, values) => devicesApi.create(api, toDeviceInput(values)),
  update: (api, device, values) => devicesApi.update(api, device.id, toDeviceInput(values)),
};

export const driverForm: EntityForm<DriverForm, Driver> = {
  name: 'driver',
  schema: driverFormSchema,
  toForm: driverToForm,
  create: (api, values) => driversApi.create(api, toDriverInput(values)),
  update: (api, driver, values) => driversApi.update(api, driver.driverId, toDriverInput(values)),
  saved: 'drivers.saved',
  created: 'drivers.created',
};

export const groupForm: EntityForm<GroupForm, Group> = {
  name: 'group',
  schema: groupFormSchema,
  toForm: (group) => ({ name: group?.name ?? '' }),
  create: (api, { name }) => groupsApi.create(api, name.trim()),
  update: (api, group, { name }) => groupsApi.update(api, group.id, name.trim()),
  conflictField: 'name',
};

export const roleForm: EntityForm<RoleForm, AdminRole> = {
  name: 'role',
  schema: roleFormSchema,
  toForm: (role) => ({
    name: role?.name ?? '',
    startOn: role?.startOn ?? 'dashboard',
    views: role?.views ?? ['dashboard'],
  }),
  create: (api, values) => rolesApi.create(api, toRoleInput(values)),
  update: (api, role, values) => rolesApi.update(api, role.id, toRoleInput(values)),
};

/** The password is required for a new user, optional when editing. */
export const userForm: EntityForm<UserForm, AdminUser> = {
  name: 'user',
  schema: (t, editing) => userFormSchema(t, editing ? 'edit' : 'create'),
  toForm: (user) => ({
    username: user?.username ?? '',
    email: user?.email ?? '',
    nombre: user?.nombre ?? '',
    apellido: user?.apellido ?? '',
    telefono: user?.telefono ?? '',
    roleId: user ? String(user.roleId) : '',
    password: '',
    disabled: user?.disabled ?? false,
  }),
  create: (api, values) => usersApi.create(api, toUserInput(values, 'create')),
  update: (api, user, values) => usersApi.update(api, user.id, toUserInput(values, 'edit')),
};

export const vehicleForm: EntityForm<VehicleForm, Vehicle> = {
  name: 'vehicle',
  schema: vehicleFormSchema,
  toForm: vehicleToForm,
  create: (api, values) => vehiclesApi.create(api, toVehicleInput(values)),
  update: (api, vehicle, values) =>
    vehiclesApi.update(api, vehicle.vehicleId, toVehicleInput(values)),
};
