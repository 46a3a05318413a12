import {
  DEVICE_PROTOCOLS,
  MIN_CREDENTIAL_LENGTH,
  VEHICLE_KINDS,
  type AdminRoleInput,
  type AdminUserCreate,
  type AdminUserUpdate,
  type DeviceInput,
  type VehicleInput,
  type ViewName,
} from '@rumbo/contracts';
import type { TFunction } from '../../shared/i18n/i18n';
import { z } from 'zod';

// Form values are what the inputs hold (text, selects as text); `to…Input` turns them into the
// API's bodies. The schemas repeat the server's limits so most mistakes never leave the browser.

const text = (t: TFunction, max: number) =>
  z.string().trim().max(max, t('admin.validation.max_length', { max }));
const requiredText = (t: TFunction, max: number) => text(t, max).min(1, t('validation.required'));

/** '' or a number in range (a decimal comma is accepted). */
export function optionalNumber(t: TFunction, min: number, max: number, integer = false) {
  return z.string().superRefine((raw, ctx) => {
    const value = raw.trim();
    if (value === '') return;
    const n = Number(value.replace(',', '.'));
    if (!Number.isFinite(n) || n < min || n > max) {
      ctx.addIssue({ code: 'custom', message: t('admin.validation.number_range', { min, max }) });
    } else if (integer && !Number.isInteger(n)) {
      ctx.addIssue({ code: 'custom', message: t('admin.validation.integer') });
    }
  });
}

/** The number of an optional numeric field, or null when empty. */
export function numberOrNull(raw: string): number | null {
  const value = raw.trim();
  return value === '' ? null : Number(value.replace(',', '.'));
}

/** The id of a select holding '' (none) or an id. */
export function idOrNull(raw: string): number | null {
  return raw === '' ? null : Number(raw);
}

// Users -------------------------------------------------------------------------------------

export interface UserForm {
  username: string;
  email: string;
  nombre: string;
  apellido: string;
  telefono: string;
  roleId: string;
  password: string;
  disabled: boolean;
}

/** Creating needs a password; editing keeps the current one when the field is empty. */
export function userFormSchema(t: TFunction, mode: 'create' | 'edit') {
  const minMessage = t('validation.min', { value: MIN_CREDENTIAL_LENGTH });
  const password = z
    .string()
    .max(256, t('admin.validation.max_length', { max: 256 }))
    .refine((v) => !/\s/.test(v), t('validation.no_whitespace'))
    .refine((v) => (mode === 'edit' && v === '') || v.length >= MIN_CREDENTIAL_LENGTH, minMessage);
  return z.object({
    username: requiredText(t, 60)
      .min(MIN_CREDENTIAL_LENGTH, minMessage)
      .regex(/^[\w.@-]*$/u, t('admin.validation.username_format')),
    email: requiredText(t, 254).pipe(z.email(t('validation.email'))),
    nombre: requiredText(t, 100),
    apellido: text(t, 100),
    telefono: text(t, 40),
    roleId: z.string().min(1, t('validation.required')),
    password,
    disabled: z.boolean(),
  });
}

export function toUserInput(form: UserForm, mode: 'create'): AdminUserCreate;
export function toUserInput(form: UserForm, mode: 'edit'): AdminUserUpdate;
export function toUserInput(
  form: UserForm,
  mode: 'create' | 'edit',
): AdminUserCreate | AdminUserUpdate {
  const base = {
    username: form.username.trim(),
    email: form.email.trim(),
    nombre: form.nombre.trim(),
    apellido: form.apellido.trim(),
    telefono: form.telefono.trim(),
    roleId: Number(form.roleId),
    disabled: form.disabled,
  };
  if (mode === 'create') return { ...base, password: form.password };
  return { ...base, password: form.password === '' ? null : form.password };
}

// Roles -------------------------------------------------------------------------------------

export interface RoleForm {
  name: string;
  startOn: string;
  views: string[];
}

export function roleFormSchema(t: TFunction) {
  return z
    .object({
      name: requiredText(t, 60),
      startOn: z.string().min(1, t('validation.required')),
      views: z.array(z.string()).min(1, t('admin.validation.views_required')),
    })
    .refine((role) => role.startOn === '' || role.views.includes(role.startOn), {
      message: t('admin.validation.start_on_allowed'),
      path: ['startOn'],
    });
}

export function toRoleInput(form: RoleForm): AdminRoleInput {
  return {
    name: form.name.trim(),
    startOn: form.startOn as ViewName,
    views: form.views as ViewName[],
  };
}

/** Toggles a set of views on or off, keeping the result in the given order. */
export function toggleViews(
  current: readonly string[],
  views: readonly string[],
  on: boolean,
  order: readonly string[],
): string[] {
  const set = new Set(current);
  for (const view of views) {
    if (on) set.add(view);
    else set.delete(view);
  }
  return order.filter((view) => set.has(view));
}

// Vehicles ----------------------------------------------------------------------------------

export interface VehicleForm {
  plate: string;
  vim: string;
  kind: (typeof VEHICLE_KINDS)[number];
  description: string;
  brand: string;
  model: string;
  modelYear: string;
  implementId: string;
  tankCapacityL: string;
  ureaCapacityL: string;
  speedLimitKmh: string;
  groupId: string;
}

export function vehicleFormSchema(t: TFunction) {
  return z.object({
    plate: requiredText(t, 20).regex(/^[\w .-]*$/u, t('admin.validation.plate_format')),
    vim: text(t, 40),
    kind: z.enum(VEHICLE_KINDS),
    description: text(t, 200),
    brand: text(t, 60),
    model: text(t, 60),
    modelYear: optionalNumber(t, 1950, 2100, true),
    implementId: z.string(),
    tankCapacityL: optionalNumber(t, 1, 5000),
    ureaCapacityL: optionalNumber(t, 1, 500),
    speedLimitKmh: optionalNumber(t, 1, 200),
    groupId: z.string(),
  });
}

export function toVehicleInput(form: VehicleForm): VehicleInput {
  return {
    plate: form.plate.trim(),
    vim: form.vim.trim(),
    kind: form.kind,
    description: form.description.trim(),
    brand: form.brand.trim(),
    model: form.model.trim(),
    modelYear: numberOrNull(form.modelYear),
    implementId: idOrNull(form.implementId),
    tankCapacityL: numberOrNull(form.tankCapacityL),
    ureaCapacityL: numberOrNull(form.ureaCapacityL),
    speedLimitKmh: numberOrNull(form.speedLimitKmh),
    groupId: idOrNull(form.groupId),
  };
}

const blank = (value: number | null) => (value === null ? '' : String(value));

export function vehicleToForm(vehicle: VehicleInput | null): VehicleForm {
  return {
    plate: vehicle?.plate ?? '',
    vim: vehicle?.vim ?? '',
    kind: vehicle?.kind ?? 'tractor',
    description: vehicle?.description ?? '',
    brand: vehicle?.brand ?? '',
    model: vehicle?.model ?? '',
    modelYear: blank(vehicle?.modelYear ?? null),
    implementId: blank(vehicle?.implementId ?? null),
    tankCapacityL: blank(vehicle?.tankCapacityL ?? null),
    ureaCapacityL: blank(vehicle?.ureaCapacityL ?? null),
    speedLimitKmh: blank(vehicle?.speedLimitKmh ?? null),
    groupId: blank(vehicle?.groupId ?? null),
  };
}

// Devices -----------------------------------------------------------------------------------

export interface DeviceForm {
  uniqueId: string;
  protocol: (typeof DEVICE_PROTOCOLS)[number];
  model: string;
  vehicleId: string;
}

export function deviceFormSchema(t: TFunction) {
  return z.object({
    uniqueId: requiredText(t, 40)
      .min(3, t('validation.min', { value: 3 }))
      .regex(/^[\w.:-]*$/, t('admin.validation.unique_id_format')),
    protocol: z.enum(DEVICE_PROTOCOLS),
    model: text(t, 40),
    vehicleId: z.string(),
  });
}

export function toDeviceInput(form: DeviceForm): DeviceInput {
  const model = form.model.trim();
  return {
    uniqueId: form.uniqueId.trim(),
    protocol: form.protocol,
    model: model === '' ? null : model,
    vehicleId: idOrNull(form.vehicleId),
  };
}

// Groups ------------------------------------------------------------------------------------

export interface GroupForm {
  name: string;
}

export function groupFormSchema(t: TFunction) {
  return z.object({ name: requiredText(t, 80) });
}
