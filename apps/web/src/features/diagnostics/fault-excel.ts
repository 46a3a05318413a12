import type {
  FaultRow,
  GenerateExcelBody,
  Language,
  TimeZoneSetting,
  Units,
} from '@rumbo/contracts';
import type { TFunction } from '../../shared/i18n/i18n';
import { exportedDistance } from '../../shared/units/units';
import { faultDurationS, litLamps } from './fault-format';

/** What a fault's texts need: the language, units, offset and the screen's opening instant. */
export interface Format {
  t: TFunction;
  language: Language;
  units: Units;
  offset: TimeZoneSetting;
  nowMs: number;
}

/** The Excel table of the fault episodes shown. */
export function excelOf(rows: readonly FaultRow[], f: Format): GenerateExcelBody {
  const { t, units, nowMs } = f;
  const { value: km, symbol: distance } = exportedDistance(units);
  return {
    title: t('diagnostics.export_title'),
    columns: [
      { key: 'plate', label: t('diagnostics.vehicle') },
      { key: 'code', label: t('diagnostics.code') },
      { key: 'description', label: t('diagnostics.description') },
      { key: 'severity', label: t('diagnostics.severity_label') },
      { key: 'status', label: t('diagnostics.status_label') },
      { key: 'start', label: t('diagnostics.opened'), type: 'date' },
      { key: 'end', label: t('diagnostics.closed_at'), type: 'date' },
      { key: 'duration', label: `${t('diagnostics.duration')} (h)`, type: 'duration' },
      { key: 'odoStart', label: `${t('diagnostics.odometer_open')} (${distance})`, type: 'number' },
      { key: 'odoEnd', label: `${t('diagnostics.odometer_close')} (${distance})`, type: 'number' },
      { key: 'hours', label: t('diagnostics.hours_open'), type: 'number' },
      { key: 'lamps', label: t('diagnostics.lamps') },
      { key: 'occurrences', label: t('diagnostics.occurrences'), type: 'number' },
      { key: 'place', label: t('fleetAlerts.columns.place') },
      { key: 'lat', label: 'Lat', type: 'number' },
      { key: 'lng', label: 'Lng', type: 'number' },
    ],
    rows: rows.map((r) => ({
      plate: r.plate,
      code: r.code,
      description: r.description,
      severity: t(`diagnostics.severity.${r.severity}`),
      status: t(r.open ? 'diagnostics.status.open' : 'diagnostics.status.closed'),
      start: r.start.time,
      end: r.end ? r.end.time : null,
      duration: faultDurationS(r, nowMs),
      odoStart: km(r.start.odometerKm),
      odoEnd: km(r.end?.odometerKm ?? null),
      hours: r.start.engineHours,
      lamps: litLamps(r)
        .map((lamp) => t(`diagnostics.lamp.${lamp}`))
        .join(', '),
      occurrences: r.occurrences,
      place: r.start.place ?? null,
      lat: r.start.lat,
      lng: r.start.lng,
    })),
  };
}
