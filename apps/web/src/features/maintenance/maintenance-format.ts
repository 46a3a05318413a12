import type {
  AdditionalMaintenance,
  ForecastRow,
  GenerateExcelBody,
  Language,
  MaintenanceService,
  Units,
} from '@rumbo/contracts';
import { formatDate } from '../../shared/format/format';
import type { TFunction } from '../../shared/i18n/i18n';
import { convertFromBase, exportedDistance, unitSymbol } from '../../shared/units/units';
import { seededText } from '../../shared/i18n/seeded-text';

/** What the formatters need of the user. */
export interface FormatContext {
  t: TFunction;
  language: Language;
  units: Units;
}

const integer = new Map<Language, Intl.NumberFormat>();

/** A whole number in the language's locale. */
export function formatInteger(value: number, language: Language): string {
  let format = integer.get(language);
  if (!format) {
    format = new Intl.NumberFormat(language === 'en' ? 'en-US' : 'es-ES', {
      maximumFractionDigits: 0,
    });
    integer.set(language, format);
  }
  return format.format(value);
}

/** A day `yyyy-MM-dd` as dd/MM/yyyy (es) or MM/dd/yyyy (en); empty for none. */
export function formatDay(day: string | null, language: Language): string {
  if (!day || !/^\d{4}-\d{2}-\d{2}$/u.test(day)) return '';
  return formatDate(Date.parse(`${day}T12:00:00Z`), language, 0);
}

/** A distance in km in the user's unit, whole. */
export function formatKm(km: number, ctx: Pick<FormatContext, 'language' | 'units'>): string {
  const unit = ctx.units.distance;
  return `${formatInteger(convertFromBase('distance', km, unit), ctx.language)} ${unitSymbol('distance', unit)}`;
}

/** What is left on the triggering axis, in its unit ("−1.200 km", "35 h", "12 días"). */
export function remainingText(row: ForecastRow, ctx: FormatContext): string {
  switch (row.axis) {
    case 'km':
      return row.remainingKm === null ? '' : formatKm(row.remainingKm, ctx);
    case 'hours':
      return row.remainingHours === null
        ? ''
        : `${formatInteger(row.remainingHours, ctx.language)} h`;
    case 'days':
      return row.remainingDays === null
        ? ''
        : `${formatInteger(row.remainingDays, ctx.language)} ${ctx.t('maintenance.axis.days').toLowerCase()}`;
    case null:
      return '';
  }
}

/** The intervals of an item, joined ("30.000 km · 500 h · 365 días"). */
export function intervalsText(
  item: { intervalKm: number | null; intervalHours: number | null; intervalDays: number | null },
  ctx: FormatContext,
): string {
  const parts: string[] = [];
  if (item.intervalKm !== null) parts.push(formatKm(item.intervalKm, ctx));
  if (item.intervalHours !== null)
    parts.push(`${formatInteger(item.intervalHours, ctx.language)} h`);
  if (item.intervalDays !== null) {
    parts.push(
      `${formatInteger(item.intervalDays, ctx.language)} ${ctx.t('maintenance.axis.days').toLowerCase()}`,
    );
  }
  return parts.join(' · ');
}

/** Status order for sorting: overdue first. */
export const STATUS_ORDER = { overdue: 0, due_soon: 1, ok: 2 } as const;

/** Sort value of the triggering axis's remaining, as days when the rate allows. */
export function urgencyOf(row: ForecastRow): number {
  const order = STATUS_ORDER[row.status] * 1e7;
  if (row.dueDate) return order + Date.parse(`${row.dueDate}T00:00:00Z`) / 86_400_000;
  return order + 9e6;
}

/** Texts the forecast search looks into. */
export function forecastSearchTexts(row: ForecastRow): string[] {
  return [row.plate, row.name, row.planName ?? '', row.groupName ?? ''];
}

/** The forecast rows as shown, for the Excel export. */
export function forecastExcel(rows: readonly ForecastRow[], ctx: FormatContext): GenerateExcelBody {
  const { t, f } = excelLabels(ctx);
  const { value: km, symbol: distance } = exportedDistance(ctx.units, 0);
  return {
    title: t('maintenance.forecast.export_title'),
    columns: [
      { key: 'plate', label: f('plate') },
      { key: 'group', label: f('group') },
      { key: 'plan', label: f('plan') },
      { key: 'item', label: f('item') },
      { key: 'status', label: f('status') },
      { key: 'axis', label: f('axis') },
      { key: 'due', label: f('due'), type: 'date' },
      { key: 'remainingKm', label: `${f('remaining')} (${distance})`, type: 'number' },
      { key: 'remainingHours', label: `${f('remaining')} (h)`, type: 'number' },
      {
        key: 'remainingDays',
        label: `${f('remaining')} (${t('maintenance.axis.days')})`,
        type: 'number',
      },
      { key: 'last', label: f('last'), type: 'date' },
      { key: 'odometer', label: `${f('odometer')} (${distance})`, type: 'number' },
      { key: 'hours', label: f('hours'), type: 'number' },
      { key: 'serviceDistance', label: `${f('service_distance')} (${distance})`, type: 'number' },
    ],
    rows: rows.map((r) => ({
      plate: r.plate,
      group: r.groupName ?? '',
      plan: r.planName ? seededText(t, r.planName) : t('maintenance.list.title'),
      item: seededText(t, r.name),
      status: t(`maintenance.status.${r.status}`),
      axis: r.axis ? t(`maintenance.axis.${r.axis}`) : '',
      due: r.dueDate,
      remainingKm: km(r.remainingKm),
      remainingHours: r.remainingHours,
      remainingDays: r.remainingDays,
      last: r.lastDate,
      odometer: km(r.odometerKm),
      hours: r.engineHours,
      serviceDistance: km(r.serviceDistanceKm),
    })),
  };
}

/** What an export's headers are made of: `t`, a field's name, the user's distance unit. */
function excelLabels(ctx: FormatContext) {
  const { t } = ctx;
  return {
    t,
    f: (key: string) => t(`maintenance.fields.${key}`),
    distance: unitSymbol('distance', ctx.units.distance),
  };
}

/** The additional maintenance as shown, for the Excel export. */
export function additionalExcel(
  rows: readonly AdditionalMaintenance[],
  ctx: FormatContext,
): GenerateExcelBody {
  const { t, f, distance } = excelLabels(ctx);
  return {
    title: t('maintenance.list.export_title'),
    columns: [
      { key: 'plate', label: f('plate') },
      { key: 'kind', label: f('kind') },
      { key: 'name', label: f('name') },
      { key: 'dueDate', label: f('due_date'), type: 'date' },
      {
        key: 'dueKm',
        label: `${f('due_km').replace(/\s*\(km\)$/u, '')} (${distance})`,
        type: 'number',
      },
      { key: 'state', label: f('state') },
      { key: 'notes', label: f('notes') },
    ],
    rows: rows.map((a) => ({
      plate: a.plate,
      kind: t(`maintenance.kinds.${a.kind}`),
      name: a.name,
      dueDate: a.dueDate,
      dueKm:
        a.dueKm === null
          ? null
          : Math.round(convertFromBase('distance', a.dueKm, ctx.units.distance)),
      state: a.doneDate
        ? t('maintenance.list.done_on', { date: formatDay(a.doneDate, ctx.language) })
        : t('maintenance.list.pending'),
      notes: a.notes,
    })),
  };
}

/** The services as shown, for the Excel export. */
export function servicesExcel(
  rows: readonly MaintenanceService[],
  ctx: FormatContext,
): GenerateExcelBody {
  const { t, f, distance } = excelLabels(ctx);
  return {
    title: t('maintenance.history.export_title'),
    columns: [
      { key: 'date', label: f('date'), type: 'date' },
      { key: 'plate', label: f('plate') },
      { key: 'done', label: f('done') },
      { key: 'odometer', label: `${f('odometer')} (${distance})`, type: 'number' },
      { key: 'hours', label: f('hours'), type: 'number' },
      { key: 'cost', label: f('cost'), type: 'number' },
      { key: 'workshop', label: f('workshop') },
      { key: 'notes', label: f('notes') },
      { key: 'attachments', label: f('attachments') },
    ],
    rows: rows.map((s) => ({
      date: s.date,
      plate: s.plate,
      done: s.done.map((d) => d.name).join(', '),
      odometer:
        s.odometerKm === null
          ? null
          : Math.round(convertFromBase('distance', s.odometerKm, ctx.units.distance)),
      hours: s.engineHours,
      cost: s.cost,
      workshop: s.workshop,
      notes: s.notes,
      attachments: s.attachments.map((a) => a.name).join(', '),
    })),
  };
}
