import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { FuelEvent, FuelEventCode } from '@rumbo/contracts';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useFleetFormat, type FleetFormat } from '../../shared/fleet/fleet-format';
import { ListOrMessage } from './fuel-screen';
import { PeriodScreen } from '../../shared/period/period-screen';
import { DataTable, type TableColumn } from '../../shared/table/data-table';
import { useSortedRows } from '../../shared/table/use-sorted-rows';
import { SelectFilter } from '../../shared/table/table-parts';
import { ExcelTableToolbar } from '../../shared/table/excel-toolbar';
import { EventKindChip, ReviewChip } from './event-chips';
import { useFuelEvents } from './fuel-api';
import { measureColumn } from './fuel-columns';
import {
  EVENT_KINDS,
  eventDriver,
  eventExportColumns,
  eventPlace,
  eventTotals,
  filterEvents,
  periodTotals,
  levelText,
} from './fuel-event-rows';
import { FleetFilters, NO_GROUP } from './fuel-filters';
import { FuelSummary, type SummaryFigure } from './fuel-summary';
import { useFuelParams } from './use-fuel-params';
import { SendMeThisButton } from '../../shared/reports/send-me-this-button';

// The dialog carries the chart (uPlot) and the map (MapLibre): loaded when an event is opened.
const FuelEventDialog = lazy(() =>
  import('./fuel-event-dialog').then((m) => ({ default: m.FuelEventDialog })),
);

const REFUEL_CODES: readonly FuelEventCode[] = ['CRG', 'DCS'];
const UREA_CODES: readonly FuelEventCode[] = ['AUR'];

function columnsOf(f: FleetFormat, urea: boolean): TableColumn<FuelEvent>[] {
  const { t } = f;
  return [
    ...(urea
      ? []
      : [
          {
            id: 'kind',
            label: t('fuel.events.kind'),
            value: (e: FuelEvent) => t(`fuel.code.${e.code}`),
            render: (e: FuelEvent) => (
              <Box sx={{ display: 'flex', gap: 0.5, alignItems: 'center' }}>
                <EventKindChip code={e.code} />
                <ReviewChip event={e} />
              </Box>
            ),
          },
        ]),
    {
      id: 'start',
      label: t('fuel.events.start'),
      value: (e) => e.start,
      render: (e) => f.dateTime(e.start),
      type: 'number',
    },
    { id: 'plate', label: t('fuel.events.vehicle'), value: (e) => e.plate },
    {
      id: 'volume',
      label: t('fuel.events.volume'),
      value: (e) => e.volumeL,
      render: (e) => (
        <Box component="span" sx={{ fontWeight: 600 }}>
          {e.code === 'DCS' ? '−' : '+'}
          {f.volume(e.volumeL)}
        </Box>
      ),
      type: 'number',
      align: 'right',
    },
    {
      ...measureColumn(
        'before',
        t('fuel.events.before'),
        (e: FuelEvent) => e.levelBeforeL,
        f.volume,
      ),
      render: (e) => levelText(f, e.levelBeforeL, e.levelBeforePct),
    },
    {
      ...measureColumn('after', t('fuel.events.after'), (e: FuelEvent) => e.levelAfterL, f.volume),
      render: (e) => levelText(f, e.levelAfterL, e.levelAfterPct),
    },
    {
      id: 'place',
      label: t('fuel.events.place'),
      value: (e) => eventPlace(e),
      wrap: true,
    },
    { id: 'driver', label: t('fuel.events.driver'), value: (e) => eventDriver(e), wrap: true },
  ];
}

function EventCard({ event, f }: { event: FuelEvent; f: FleetFormat }) {
  return (
    <Box sx={{ minWidth: 0, display: 'grid', gap: 0.5 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'baseline', minWidth: 0 }}>
        <Typography sx={{ fontWeight: 700, flex: '1 1 auto', minWidth: 0 }} noWrap>
          {event.plate}
        </Typography>
        <Typography sx={{ fontWeight: 700 }} noWrap>
          {event.code === 'DCS' ? '−' : '+'}
          {f.volume(event.volumeL)}
        </Typography>
      </Box>
      <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
        <EventKindChip code={event.code} />
        <ReviewChip event={event} />
      </Box>
      <Typography variant="body2" color="text.secondary" noWrap>
        {f.dateTime(event.start)}
        {eventPlace(event) ? ` · ${eventPlace(event)}` : ''}
      </Typography>
      {eventDriver(event) ? (
        <Typography variant="body2" color="text.secondary" noWrap>
          {eventDriver(event)}
        </Typography>
      ) : null}
      <Typography variant="body2" color="text.secondary" noWrap>
        {levelText(f, event.levelBeforeL, event.levelBeforePct)} →{' '}
        {levelText(f, event.levelAfterL, event.levelAfterPct)}
      </Typography>
    </Box>
  );
}

/**
 * A period's fuel events with their figures, filters and Excel export; a row opens the event's
 * level chart (and, for a suspected theft, its review). `fuel/refuel` shows refills and suspected
 * thefts, `fuel/add` the AdBlue (urea) refills.
 */
export function FuelEventsScreen({ mode }: { mode: 'refuel' | 'urea' }) {
  const urea = mode === 'urea';
  const f = useFleetFormat();
  const { t, language, offset } = f;
  const params = useFuelParams(offset);
  const { period, update, filter } = params;
  const kind = urea ? '' : params.get('kind');
  const events = useFuelEvents(
    period.fromMs,
    period.toMs,
    urea ? UREA_CODES : REFUEL_CODES,
    filter,
  );
  const [openId, setOpenId] = useState<number | null>(null);
  const columns = useMemo(() => columnsOf(f, urea), [f, urea]);
  const all = useMemo(
    () => filterEvents(events.data?.events ?? [], params.group, ''),
    [events.data, params.group],
  );
  const filtered = useMemo(() => filterEvents(all, '', kind), [all, kind]);
  const table = useSortedRows(filtered, columns, { column: 'start', direction: 'desc' }, language);
  const shown = table.rows;
  // A group choice of "no group" is filtered here, so the server's totals would not match it.
  const partial = events.data !== undefined && events.data.total > events.data.events.length;
  const totals = useMemo(
    () =>
      events.data && params.group !== NO_GROUP ? periodTotals(events.data, all) : eventTotals(all),
    [events.data, all, params.group],
  );
  const opened = (events.data?.events ?? []).find((e) => e.id === openId) ?? null;
  const figures: SummaryFigure[] = urea
    ? [
        { id: 'urea', label: t('fuel.summary.urea_refills'), value: String(totals.urea) },
        { id: 'urea_l', label: t('fuel.summary.urea_volume'), value: f.volume(totals.ureaL) ?? '' },
      ]
    : [
        { id: 'refills', label: t('fuel.summary.refills'), value: String(totals.refills) },
        {
          id: 'refills_l',
          label: t('fuel.summary.refilled'),
          value: f.volume(totals.refillsL) ?? '',
        },
        {
          id: 'thefts',
          label: t('fuel.summary.thefts'),
          value: String(totals.thefts),
          ...(totals.thefts > 0 ? { tone: 'error' as const } : {}),
        },
        { id: 'thefts_l', label: t('fuel.summary.missing'), value: f.volume(totals.theftsL) ?? '' },
        {
          id: 'pending',
          label: t('fuel.summary.pending'),
          value: String(totals.pending),
          ...(totals.pending > 0 ? { tone: 'warning' as const } : {}),
        },
      ];
  const title = urea ? t('fuel.urea.title') : t('fuel.refuel.title');

  return (
    <PeriodScreen
      testId={urea ? 'fuel-urea-page' : 'fuel-refuel-page'}
      title={title}
      params={params}
      offset={offset}
      query={events}
    >
      <>
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 1 }}>
          <SendMeThisButton
            report="fuel"
            filters={{
              ...(params.filter.vehicleId !== null ? { vehicles: [params.filter.vehicleId] } : {}),
              ...(params.filter.groupId !== null ? { groups: [params.filter.groupId] } : {}),
              ...(urea ? { codes: ['AUR'] } : {}),
            }}
          />
        </Box>
        <FuelSummary figures={figures} />
        {partial ? (
          <Alert severity="info" sx={{ mb: 2 }} data-testid="fuel-events-partial">
            {t('fuel.events.partial', {
              shown: events.data.events.length,
              total: events.data.total,
            })}
          </Alert>
        ) : null}
        <ExcelTableToolbar
          kind={urea ? 'fuel-urea' : 'fuel-refuel'}
          title={title}
          columns={() => eventExportColumns(f, urea)}
          shown={shown}
          total={all.length}
        >
          <FleetFilters params={params} language={language} />
          {urea ? null : (
            <SelectFilter
              id="fuel-kind"
              label={t('fuel.events.kind')}
              value={kind}
              allLabel={t('fuel.filters.all_kinds')}
              options={EVENT_KINDS.map((k) => ({ value: k, label: t(`fuel.filters.kind.${k}`) }))}
              onChange={(value) => update({ kind: value })}
            />
          )}
        </ExcelTableToolbar>
        <ListOrMessage
          total={all.length}
          shown={shown.length}
          emptyText={urea ? t('fuel.urea.empty') : t('fuel.refuel.empty')}
        >
          <DataTable
            testId="fuel-events-table"
            {...table}
            rowKey={(e) => e.id}
            onRowClick={(e) => setOpenId(e.id)}
            rowLabel={(e) =>
              t('fuel.events.open', {
                kind: t(`fuel.code.${e.code}`),
                plate: e.plate,
                time: f.dateTime(e.start),
              })
            }
            renderCard={(e) => <EventCard event={e} f={f} />}
          />
        </ListOrMessage>
        {opened ? (
          <Suspense fallback={null}>
            <FuelEventDialog event={opened} f={f} onClose={() => setOpenId(null)} />
          </Suspense>
        ) : null}
      </>
    </PeriodScreen>
  );
}
