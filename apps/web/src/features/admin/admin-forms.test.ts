import { translations } from '@rumbo/contracts';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../shared/i18n/create-i18n';
import {
  deviceFormSchema,
  roleFormSchema,
  toDeviceInput,
  toggleViews,
  toRoleInput,
  toUserInput,
  toVehicleInput,
  userFormSchema,
  vehicleFormSchema,
  vehicleToForm,
  type UserForm,
} from './admin-forms';

const t = createI18n('en', { en: translations.en }).t;

const user: UserForm = {
  username: 'jperez',
  email: 'jperez@fleet.test',
  nombre: 'Juan',
  apellido: 'Pérez',
  telefono: '',
  roleId: '3',
  password: 'secreto1',
  disabled: false,
};

function messages(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  return Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
}

describe('user form', () => {
  it('requires a password of at least 6 characters without spaces when creating', () => {
    const schema = userFormSchema(t, 'create');
    expect(schema.safeParse(user).success).toBe(true);
    expect(messages(schema.safeParse({ ...user, password: '' }))).toEqual({
      password: "can't be less than 6",
    });
    expect(messages(schema.safeParse({ ...user, password: 'two words' }))).toEqual({
      password: 'white space is not allowed',
    });
  });

  it('keeps the current password when editing with the field empty', () => {
    const schema = userFormSchema(t, 'edit');
    expect(schema.safeParse({ ...user, password: '' }).success).toBe(true);
    expect(toUserInput({ ...user, password: '' }, 'edit').password).toBeNull();
    expect(toUserInput(user, 'edit').password).toBe('secreto1');
  });

  it('checks username, e-mail, name and role with translated messages', () => {
    const result = userFormSchema(t, 'create').safeParse({
      ...user,
      username: 'ab',
      email: 'nope',
      nombre: ' ',
      roleId: '',
    });
    expect(messages(result)).toMatchObject({
      username: "can't be less than 6",
      email: 'Invalid format',
      nombre: 'Required value',
      roleId: 'Required value',
    });
    expect(
      messages(userFormSchema(t, 'create').safeParse({ ...user, username: 'juan pérez' })),
    ).toEqual({ username: 'Only letters, digits, dots, dashes, underscores and @' });
  });

  it('turns the form into the API body with a numeric role and trimmed texts', () => {
    expect(toUserInput({ ...user, nombre: ' Juan ', roleId: '7' }, 'create')).toEqual({
      username: 'jperez',
      email: 'jperez@fleet.test',
      nombre: 'Juan',
      apellido: 'Pérez',
      telefono: '',
      roleId: 7,
      disabled: false,
      password: 'secreto1',
    });
  });
});

describe('role form', () => {
  it('needs at least one view and a start view among them', () => {
    const schema = roleFormSchema(t);
    expect(
      schema.safeParse({ name: 'Despacho', startOn: 'dashboard', views: ['dashboard'] }).success,
    ).toBe(true);
    expect(
      messages(schema.safeParse({ name: 'Despacho', startOn: 'dashboard', views: [] })),
    ).toMatchObject({
      views: 'Choose at least one view',
    });
    expect(
      messages(schema.safeParse({ name: 'X', startOn: 'dashboard', views: ['fleet-vehicles'] })),
    ).toEqual({ startOn: 'The start view must be one of the allowed views' });
    expect(toRoleInput({ name: ' X ', startOn: 'dashboard', views: ['dashboard'] }).name).toBe('X');
  });

  it('toggles a whole menu group or one view, keeping menu order', () => {
    const order = ['dashboard', 'fleet-vehicles', 'fleet-groups', 'admin-users'];
    expect(toggleViews(['admin-users'], ['fleet-groups', 'fleet-vehicles'], true, order)).toEqual([
      'fleet-vehicles',
      'fleet-groups',
      'admin-users',
    ]);
    expect(toggleViews(order, ['fleet-vehicles', 'fleet-groups'], false, order)).toEqual([
      'dashboard',
      'admin-users',
    ]);
  });
});

describe('vehicle form', () => {
  const empty = vehicleToForm(null);

  it('accepts empty optional numbers and a decimal comma, refusing out-of-range values', () => {
    const schema = vehicleFormSchema(t);
    expect(schema.safeParse({ ...empty, plate: 'AE 123 CD' }).success).toBe(true);
    const bad = schema.safeParse({
      ...empty,
      plate: 'AE/123',
      modelYear: '2021.5',
      tankCapacityL: '9000',
      speedLimitKmh: 'fast',
    });
    expect(messages(bad)).toEqual({
      plate: 'Only letters, digits, spaces, dots and dashes',
      modelYear: 'Must be a whole number',
      tankCapacityL: 'Must be a number between 1 and 5000',
      speedLimitKmh: 'Must be a number between 1 and 200',
    });
    expect(
      toVehicleInput({ ...empty, plate: ' AE123CD ', tankCapacityL: '650,5', groupId: '4' }),
    ).toMatchObject({
      plate: 'AE123CD',
      tankCapacityL: 650.5,
      groupId: 4,
      implementId: null,
      modelYear: null,
    });
  });

  it('round-trips a stored vehicle through the form', () => {
    const stored = toVehicleInput({
      ...empty,
      plate: 'AB123CD',
      modelYear: '2020',
      implementId: '2',
      speedLimitKmh: '90',
    });
    expect(toVehicleInput(vehicleToForm(stored))).toEqual(stored);
  });
});

describe('device form', () => {
  it('checks the id format and maps an empty model and vehicle to null', () => {
    const schema = deviceFormSchema(t);
    const form = {
      uniqueId: '352094081234567',
      protocol: 'teltonika' as const,
      model: ' ',
      vehicleId: '',
    };
    expect(schema.safeParse(form).success).toBe(true);
    expect(messages(schema.safeParse({ ...form, uniqueId: '35 20' }))).toEqual({
      uniqueId: 'Only letters, digits, dots, colons and dashes',
    });
    expect(toDeviceInput(form)).toEqual({
      uniqueId: '352094081234567',
      protocol: 'teltonika',
      model: null,
      vehicleId: null,
    });
  });
});
