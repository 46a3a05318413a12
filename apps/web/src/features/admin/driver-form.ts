import { wallClockOf } from '@rumbo/contracts';
import type { TimeZoneSetting } from '@rumbo/contracts';
import type { Driver, DriverCreate, GenerateExcelBody, Language } from '@rumbo/contracts';
import type { TFunction } from '../../shared/i18n/i18n';
import { z } from 'zod';
import { formatDate } from '../../shared/format/format';
import { idOrNull } from './admin-forms';

// The driver dialog's values (what the inputs hold) and the `/driver` body made of them. The
// schema repeats the server's limits (packages/contracts/src/drivers.ts) with translated texts.

export interface DriverForm {
  nombre: string;
  apellido: string;
  documento: string;
  codigo: string;
  telefono: string;
  licencia: string;
  /** `yyyy-MM-dd` from a date input, '' when none. */
  licenciaVence: string;
  /** '' (no group) or the group's id. */
  groupId: string;
  notas: string;
}

const DAY_MS = 86_400_000;
/** A licence expiring within this many days is flagged. */
export const LICENCE_WARNING_DAYS = 30;

export function driverFormSchema(t: TFunction) {
  const text = (max: number) => z.string().trim().max(max, t('drivers.form.max', { max }));
  return z.object({
    nombre: text(100).min(1, t('drivers.form.required')),
    apellido: text(100),
    documento: text(40),
    codigo: text(64).regex(/^\S*$/u, t('drivers.form.no_whitespace')),
    telefono: text(40),
    licencia: text(40),
    licenciaVence: z.string().refine((v) => v === '' || isCalendarDay(v), t('drivers.form.date')),
    groupId: z.string(),
    notas: text(1000),
  });
}

/** Whether `yyyy-MM-dd` names a real day between 1900 and 2200. */
export function isCalendarDay(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  return (
    y >= 1900 &&
    y <= 2200 &&
    date.getUTCFullYear() === y &&
    date.getUTCMonth() === m - 1 &&
    date.getUTCDate() === d
  );
}

/** The dialog's values for a driver, or blank ones for a new driver. */
export function driverToForm(driver: Driver | null): DriverForm {
  return {
    nombre: driver?.nombre ?? '',
    apellido: driver?.apellido ?? '',
    documento: driver?.documento ?? '',
    codigo: driver?.codigo ?? '',
    telefono: driver?.telefono ?? '',
    licencia: driver?.licencia ?? '',
    licenciaVence: driver?.licenciaVence ?? '',
    groupId: driver?.groupId === null || driver === null ? '' : String(driver.groupId),
    notas: driver?.notas ?? '',
  };
}

/** The body of `POST /driver` and `PATCH /driver/{driverId}` (every field is sent). */
export function toDriverInput(form: DriverForm): DriverCreate {
  return {
    nombre: form.nombre.trim(),
    apellido: form.apellido.trim(),
    documento: form.documento.trim(),
    codigo: form.codigo.trim().toUpperCase(),
    telefono: form.telefono.trim(),
    licencia: form.licencia.trim(),
    licenciaVence: form.licenciaVence === '' ? null : form.licenciaVence,
    groupId: idOrNull(form.groupId),
    notas: form.notas.trim(),
  };
}

export type LicenceState = 'expired' | 'soon' | 'valid' | 'none';

/**
 * Whether a licence has expired (its expiry day is before today), expires within
 * {@link LICENCE_WARNING_DAYS}, or is valid — days counted in the user's UTC offset.
 */
export function licenceState(
  expiry: string | null,
  nowMs: number,
  offsetHours: TimeZoneSetting,
): LicenceState {
  if (!expiry || !isCalendarDay(expiry)) return 'none';
  const today = new Date(wallClockOf(offsetHours, nowMs)).toISOString().slice(0, 10);
  if (expiry < today) return 'expired';
  const days = (Date.parse(`${expiry}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY_MS;
  return days <= LICENCE_WARNING_DAYS ? 'soon' : 'valid';
}

/** A `yyyy-MM-dd` day in the language's date format (dd/MM/yyyy or MM/dd/yyyy). */
export function formatDay(day: string | null, language: Language): string {
  if (!day || !isCalendarDay(day)) return '';
  return formatDate(Date.parse(`${day}T12:00:00Z`), language, 0);
}

/** "Nombre Apellido" and the other texts the drivers search looks into. */
export function driverSearchTexts(driver: Driver): string[] {
  return [
    driver.nombre,
    driver.apellido,
    `${driver.nombre} ${driver.apellido}`,
    driver.documento,
    driver.codigo,
    driver.telefono,
    driver.licencia,
    driver.groupName ?? '',
    driver.notas,
  ];
}

/** The Excel table of the drivers shown: every field, the expiry as the user reads dates. */
export function driverExcel(
  drivers: readonly Driver[],
  ctx: { t: TFunction; language: Language; nowMs: number; offset: TimeZoneSetting },
): GenerateExcelBody {
  const { t } = ctx;
  const state = (d: Driver) => licenceState(d.licenciaVence, ctx.nowMs, ctx.offset);
  const columns: [string, string, (d: Driver) => string][] = [
    ['nombre', t('drivers.fields.nombre'), (d) => d.nombre],
    ['apellido', t('drivers.fields.apellido'), (d) => d.apellido],
    ['documento', t('drivers.fields.documento'), (d) => d.documento],
    ['codigo', t('drivers.fields.codigo'), (d) => d.codigo],
    ['telefono', t('drivers.fields.telefono'), (d) => d.telefono],
    ['licencia', t('drivers.fields.licencia'), (d) => d.licencia],
    [
      'licenciaVence',
      t('drivers.fields.licenciaVence'),
      // A calendar day: a date cell (docs/decisions/0035).
      (d) => (d.licenciaVence && isCalendarDay(d.licenciaVence) ? d.licenciaVence : ''),
    ],
    [
      'estado',
      t('drivers.licence_status'),
      (d) =>
        state(d) === 'expired'
          ? t('drivers.expired')
          : state(d) === 'soon'
            ? t('drivers.expires_soon')
            : '',
    ],
    ['grupo', t('drivers.fields.group'), (d) => d.groupName ?? ''],
    ['notas', t('drivers.fields.notas'), (d) => d.notas],
  ];
  return {
    title: t('drivers.export_title'),
    columns: columns.map(([key, label]) => ({
      key,
      label,
      type: key === 'licenciaVence' ? ('date' as const) : ('string' as const),
    })),
    rows: drivers.map((d) => Object.fromEntries(columns.map(([key, , value]) => [key, value(d)]))),
  };
}
