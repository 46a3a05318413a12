import type { TimeZoneSetting } from '@rumbo/contracts';
import type { GenerateExcelBody, Language, PlannedTrip, Units } from '@rumbo/contracts';
import type { TFunction } from '../../shared/i18n/i18n';
import { formatDateTime, formatMeasure } from '../../shared/format/format';
import { exportedDistance } from '../../shared/units/units';

// How the planned-trips screen words a trip: status, lateness, times at the user's offset,
// distances in the user's unit; the Excel export's table.

export interface TripFormat {
  t: TFunction;
  language: Language;
  units: Units;
  offset: TimeZoneSetting;
}

export const iso = (value: string | null) => (value === null ? null : Date.parse(value));

export function dateTime(f: TripFormat, value: string | null): string {
  const ms = iso(value);
  return ms === null ? '—' : formatDateTime(ms, f.language, f.offset);
}

/** Without the seconds, for the screen's tables (`27/11/2026 08:27`). */
export function dateTimeShort(f: TripFormat, value: string | null): string {
  const text = dateTime(f, value);
  return text === '—' ? text : text.replace(/:\d{2}$/u, '');
}

export function delayText(f: TripFormat, minutes: number | null): string {
  if (minutes === null) return '—';
  const sign = minutes > 0 ? '+' : '';
  return f.t('trips.minutes', { value: `${sign}${minutes}` });
}

export function remainingText(f: TripFormat, km: number | null): string {
  return km === null ? '—' : formatMeasure('distance', km, f.units, f.language);
}

/** Colour of a trip's status chip. */
export function statusColor(trip: PlannedTrip): 'default' | 'info' | 'success' {
  return trip.status === 'arrived' ? 'success' : trip.status === 'under_way' ? 'info' : 'default';
}

/** The Excel table of the trips shown. */
export function tripsExcel(f: TripFormat, trips: readonly PlannedTrip[]): GenerateExcelBody {
  const { t } = f;
  const { value: km, symbol: unit } = exportedDistance(f.units);
  return {
    title: t('trips.export_title'),
    columns: [
      { key: 'name', label: t('trips.col.name') },
      { key: 'vehicle', label: t('trips.col.vehicle') },
      { key: 'driver', label: t('trips.col.driver') },
      { key: 'status', label: t('trips.col.status') },
      { key: 'late', label: t('trips.late'), type: 'boolean' },
      { key: 'start', label: t('trips.col.start'), type: 'date' },
      { key: 'started', label: t('trips.col.started'), type: 'date' },
      { key: 'end', label: t('trips.col.end'), type: 'date' },
      { key: 'arrived', label: t('trips.col.arrived'), type: 'date' },
      { key: 'eta', label: t('trips.col.eta'), type: 'date' },
      { key: 'delay', label: `${t('trips.col.delay')} (min)`, type: 'number' },
      { key: 'remaining', label: `${t('trips.col.remaining')} (${unit})`, type: 'number' },
      { key: 'deviations', label: t('trips.col.deviations'), type: 'number' },
      { key: 'stops', label: t('trips.col.stops'), type: 'number' },
      { key: 'corridor', label: `${t('trips.col.corridor')} (m)`, type: 'number' },
      // The consumption export's CO₂ columns (decision 0050); empty before the start.
      { key: 'co2Ttw', label: t('co2.export_ttw'), type: 'number' },
      { key: 'co2Wtw', label: t('co2.export_wtw'), type: 'number' },
      { key: 'co2Estimated', label: t('co2.export_estimated') },
    ],
    rows: trips.map((trip) => ({
      name: trip.name,
      vehicle: trip.vehicleName,
      driver: trip.driverName ?? '',
      status: t(`trips.status.${trip.status}`),
      late: trip.late,
      // Instants (ISO text): date cells in the user's zone (docs/decisions/0035).
      start: trip.plannedStart,
      started: trip.startedAt,
      end: trip.plannedEnd,
      arrived: trip.arrivedAt,
      eta: trip.eta,
      delay: trip.delayMin,
      remaining: km(trip.remainingKm),
      deviations: trip.deviations,
      stops: trip.stops.length,
      corridor: trip.corridorM,
      co2Ttw: trip.co2?.ttwKg ?? null,
      co2Wtw: trip.co2?.wtwKg ?? null,
      co2Estimated: trip.co2?.isEstimated ? t('co2.estimated') : null,
    })),
  };
}
