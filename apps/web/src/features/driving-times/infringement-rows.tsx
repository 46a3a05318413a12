import {
  addZonedDays,
  DRIVING_RULES,
  INFRINGEMENT_SEVERITIES,
  type InfringementDto,
  type Language,
  type TimeZoneSetting,
} from '@rumbo/contracts';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { hoursMinutes } from '../../shared/driving-times/driving-left';
import { startOfDay } from '../../shared/format/period';
import { formatDateTime } from '../../shared/format/format';
import type { TFunction } from '../../shared/i18n/i18n';
import type { TableColumn } from '../../shared/table/data-table';
import { instantCell } from '../../shared/table/table-model';
import { measureText, periodText, SeverityChip } from './infringement-format';

type Row = InfringementDto;

/** The list's filters, as the address names them (`severity`, `rule`, `driver`). */
export interface InfringementFilter {
  severity: string;
  rule: string;
  /** A driver id, or a card code for a card no driver carries. */
  driver: string;
}

export const driverKey = (i: Pick<Row, 'driverId' | 'codigo'>) =>
  i.driverId === null ? `card:${i.codigo}` : String(i.driverId);

/** The infringements the filters keep. */
export function filterInfringements(rows: readonly Row[], f: InfringementFilter): Row[] {
  return rows.filter(
    (i) =>
      (f.severity === '' || i.severity === f.severity) &&
      (f.rule === '' || i.rule === f.rule) &&
      (f.driver === '' || driverKey(i) === f.driver),
  );
}

/** The drivers of the answer, for the driver filter (by name). */
export function driversOf(rows: readonly Row[], language: Language) {
  const byKey = new Map<string, string>();
  for (const i of rows) byKey.set(driverKey(i), i.nombre || i.codigo);
  return [...byKey.entries()]
    .map(([value, label]) => ({ value, label }))
    .sort((a, b) => a.label.localeCompare(b.label, language));
}

/** Where a row leads: its driver's page over the days of its evidence, the row chosen. */
export function infringementLink(i: Row, zone: TimeZoneSetting): string | null {
  if (i.driverId === null) return null;
  const starts = [Date.parse(i.start), ...i.evidence.map((a) => Date.parse(a.start))];
  const fromMs = startOfDay(Math.min(...starts), zone);
  const toMs = addZonedDays(zone, startOfDay(Date.parse(i.end), zone), 1);
  const q = new URLSearchParams({
    period: 'custom',
    from: String(fromMs),
    to: String(toMs),
    infringement: i.id,
  });
  return `/app/driver/driving-times/${i.driverId}?${q.toString()}`;
}

const SEVERITY_RANK = Object.fromEntries(INFRINGEMENT_SEVERITIES.map((s, n) => [s, n]));
const RULE_RANK = Object.fromEntries(DRIVING_RULES.map((r, n) => [r, n]));

/** The table's columns; they are the Excel export's too (values as numbers, instants as dates). */
export function infringementColumns(
  t: TFunction,
  language: Language,
  zone: TimeZoneSetting,
): TableColumn<Row>[] {
  const duration = (id: string, label: string, get: (i: Row) => number): TableColumn<Row> => ({
    id,
    label,
    value: get,
    render: (i) => hoursMinutes(get(i)),
    type: 'duration',
    decimals: 2,
    align: 'right',
  });
  return [
    {
      id: 'start',
      label: t('drivingTimes.columns.start'),
      value: (i) => instantCell(i.start),
      render: (i) => formatDateTime(Date.parse(i.start), language, zone),
      type: 'date',
    },
    {
      id: 'end',
      label: t('drivingTimes.columns.end'),
      value: (i) => instantCell(i.end),
      render: (i) => formatDateTime(Date.parse(i.end), language, zone),
      type: 'date',
      hideOnPhone: true,
    },
    {
      id: 'driver',
      label: t('drivingTimes.columns.driver'),
      value: (i) => i.nombre || i.codigo,
      wrap: true,
    },
    {
      id: 'codigo',
      label: t('drivingTimes.columns.card'),
      value: (i) => i.codigo,
      hideOnPhone: true,
    },
    {
      id: 'rule',
      label: t('drivingTimes.columns.rule'),
      value: (i) => RULE_RANK[i.rule] ?? 0,
      exportValue: (i) => t(`drivingTimes.rule.${i.rule}`),
      render: (i) => t(`drivingTimes.rule.${i.rule}`),
      wrap: true,
    },
    {
      id: 'severity',
      label: t('drivingTimes.columns.severity'),
      value: (i) => SEVERITY_RANK[i.severity] ?? 0,
      exportValue: (i) => t(`drivingTimes.severity.${i.severity}`),
      render: (i) => <SeverityChip severity={i.severity} />,
    },
    duration('measured', t('drivingTimes.columns.measured'), (i) => i.measuredS),
    duration('limit', t('drivingTimes.columns.limit'), (i) => i.limitS),
    duration('excess', t('drivingTimes.columns.excess'), (i) => i.excessS),
    {
      id: 'plate',
      label: t('drivingTimes.columns.truck'),
      value: (i) => i.plate,
      hideOnPhone: true,
    },
    {
      id: 'place',
      label: t('drivingTimes.columns.place'),
      value: (i) => i.place,
      wrap: true,
      hideOnPhone: true,
    },
  ];
}

/** An infringement as a phone card. */
export function InfringementCard({
  item,
  language,
  zone,
  t,
}: {
  item: Row;
  language: Language;
  zone: TimeZoneSetting;
  t: TFunction;
}) {
  return (
    <Box sx={{ display: 'grid', gap: 0.5, minWidth: 0 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <SeverityChip severity={item.severity} />
        <Typography sx={{ fontWeight: 700 }}>{item.nombre || item.codigo}</Typography>
      </Box>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {t(`drivingTimes.rule.${item.rule}`)}
      </Typography>
      <Typography variant="body2">{measureText(item, t)}</Typography>
      <Typography variant="caption" color="text.secondary">
        {periodText(item, language, zone)}
        {item.plate ? ` · ${item.plate}` : ''}
      </Typography>
    </Box>
  );
}
