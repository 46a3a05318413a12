import type { FuelEvent, FuelEventsAnswer } from '@rumbo/contracts';
import type { FleetFormat } from '../../shared/fleet/fleet-format';
import { formatNumber } from '../../shared/format/format';
import { dateColumn, type ColumnModel } from '../../shared/table/table-model';
import { exportMeasure } from './fuel-columns';
import { inGroup } from './fuel-filters';

/** The refill screen's kind filter: refills, suspected thefts, or thefts nobody reviewed yet. */
export const EVENT_KINDS = ['CRG', 'DCS', 'pending'] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

/** Whether an event passes the kind choice ('' = every kind). */
export function isOfKind(event: FuelEvent, kind: string): boolean {
  if (kind === 'pending') return event.code === 'DCS' && event.review === null;
  return kind === '' || event.code === kind;
}

/** The events a list shows: the group choice ("no group" included) and the kind. */
export function filterEvents(events: readonly FuelEvent[], group: string, kind: string) {
  return events.filter((e) => inGroup(group, e.groupId) && isOfKind(e, kind));
}

/** Counts and litres of the events shown, by code; thefts split by their review. */
export function eventTotals(events: readonly FuelEvent[]) {
  const totals = {
    refills: 0,
    refillsL: 0,
    thefts: 0,
    theftsL: 0,
    pending: 0,
    confirmed: 0,
    urea: 0,
    ureaL: 0,
  };
  for (const e of events) {
    if (e.code === 'CRG') {
      totals.refills++;
      totals.refillsL += e.volumeL;
    } else if (e.code === 'AUR') {
      totals.urea++;
      totals.ureaL += e.volumeL;
    } else if (e.review?.status !== 'dismissed') {
      // A dismissed theft is no theft: it leaves the totals (it stays in the list).
      totals.thefts++;
      totals.theftsL += e.volumeL;
      if (e.review === null) totals.pending++;
      else totals.confirmed++;
    }
  }
  return totals;
}

/**
 * The figures of a list the server sent only in part (its first page): counts and litres per code
 * come from the server's totals of the whole period; the thefts to review from the page.
 */
export function periodTotals(answer: FuelEventsAnswer, page: readonly FuelEvent[]) {
  const loaded = eventTotals(page);
  if (answer.total <= answer.events.length) return loaded;
  const of = (code: FuelEvent['code']) => answer.totals.find((t) => t.code === code);
  return {
    ...loaded,
    refills: of('CRG')?.count ?? 0,
    refillsL: of('CRG')?.volumeL ?? 0,
    thefts: of('DCS')?.count ?? 0,
    theftsL: of('DCS')?.volumeL ?? 0,
    urea: of('AUR')?.count ?? 0,
    ureaL: of('AUR')?.volumeL ?? 0,
  };
}

/** Where it happened: the station POI, else the server's place name, else the coordinates. */
export function eventPlace(event: FuelEvent): string {
  if (event.station) return event.station.name;
  if (event.place) return event.place;
  if (event.lat === null || event.lng === null) return '';
  return `${event.lat.toFixed(5)}, ${event.lng.toFixed(5)}`;
}

/** Who drove: the registered driver's name, else the card code; null without a card. */
export function eventDriver(event: FuelEvent): string | null {
  return event.driverName ?? (event.driverCode || null);
}

/** A level as litres (user's unit) and the % of the tank when the capacity is known. */
export function levelText(f: FleetFormat, litres: number | null, pct: number | null): string {
  if (litres === null) return '—';
  const volume = f.volume(litres) ?? '—';
  return pct === null ? volume : `${volume} (${formatNumber(pct, f.language)} %)`;
}

/** The review's state as a translation key suffix; null for refills. */
export function reviewState(event: FuelEvent): 'pending' | 'confirmed' | 'dismissed' | null {
  if (event.code !== 'DCS') return null;
  return event.review?.status ?? 'pending';
}

/** The Excel columns of an event list, in the user's units (every fact, one per column). */
export function eventExportColumns(f: FleetFormat, urea: boolean): ColumnModel<FuelEvent>[] {
  const { t } = f;
  const litres = (id: string, label: string, get: (e: FuelEvent) => number | null) =>
    exportMeasure(f, 'volume', id, label, get);
  const columns: ColumnModel<FuelEvent>[] = [
    { id: 'kind', label: t('fuel.events.kind'), value: (e) => t(`fuel.code.${e.code}`) },
    dateColumn('start', t('fuel.events.start'), (e) => e.start),
    dateColumn('end', t('fuel.events.end'), (e) => e.end),
    { id: 'plate', label: t('fuel.events.vehicle'), value: (e) => e.plate },
    litres('volume', t('fuel.events.volume'), (e) => e.volumeL),
    litres('before', t('fuel.events.before'), (e) => e.levelBeforeL),
    litres('after', t('fuel.events.after'), (e) => e.levelAfterL),
    {
      id: 'beforePct',
      label: `${t('fuel.events.before')} (%)`,
      value: (e) => e.levelBeforePct,
      type: 'number',
    },
    {
      id: 'afterPct',
      label: `${t('fuel.events.after')} (%)`,
      value: (e) => e.levelAfterPct,
      type: 'number',
    },
    ...(urea ? [] : [litres('burnt', t('fuel.events.burnt'), (e) => e.burntL)]),
    { id: 'station', label: t('fuel.events.station'), value: (e) => e.station?.name ?? null },
    { id: 'lat', label: t('fuel.events.lat'), value: (e) => e.lat, type: 'number' },
    { id: 'lng', label: t('fuel.events.lng'), value: (e) => e.lng, type: 'number' },
    { id: 'driver', label: t('fuel.events.driver'), value: (e) => e.driverName },
    { id: 'card', label: t('fuel.events.card'), value: (e) => e.driverCode },
  ];
  if (urea) return columns;
  return [
    ...columns,
    {
      id: 'review',
      label: t('fuel.events.review'),
      value: (e) => {
        const state = reviewState(e);
        return state ? t(`fuel.review.state.${state}`) : null;
      },
    },
    { id: 'reviewer', label: t('fuel.review.by'), value: (e) => e.review?.userName ?? null },
    dateColumn('reviewedAt', t('fuel.review.at'), (e) => e.review?.at ?? null),
    { id: 'note', label: t('fuel.review.note'), value: (e) => e.review?.note || null },
  ];
}
