import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { PlannedTrip } from '@rumbo/contracts';
import { useMemo } from 'react';
import { Co2Cell, EstimatedChip } from '../../shared/co2/co2-cell';
import { formatCo2 } from '../../shared/format/co2';
import type { TableColumn } from '../../shared/table/data-table';
import { TripChips } from './trip-chips';
import { dateTime, dateTimeShort, delayText, remainingText, type TripFormat } from './trip-rows';

const NOWRAP = { whiteSpace: 'nowrap' } as const;

/** A planned time over the actual one (or the ETA). */
function PlanActual(props: {
  f: TripFormat;
  planned: string;
  actual: string | null;
  actualLabel: string;
}) {
  return (
    <>
      {dateTimeShort(props.f, props.planned)}
      <Typography variant="body2" color="text.secondary">
        {props.actual ? `${props.actualLabel}: ${dateTimeShort(props.f, props.actual)}` : '—'}
      </Typography>
    </>
  );
}

/** The planned trips' columns: the plan beside what happened (not sortable: by start). */
export function useTripColumns(f: TripFormat): TableColumn<PlannedTrip>[] {
  const { t } = f;
  return useMemo<TableColumn<PlannedTrip>[]>(
    () => [
      {
        id: 'name',
        label: t('trips.col.name'),
        value: (trip) => trip.name,
        cellSx: { fontWeight: 500, minWidth: 160 },
      },
      {
        id: 'vehicle',
        label: t('trips.col.vehicle'),
        value: (trip) => trip.vehicleName,
        render: (trip) => (
          <>
            {trip.vehicleName}
            {trip.driverName ? (
              <Typography variant="body2" color="text.secondary">
                {trip.driverName}
              </Typography>
            ) : null}
          </>
        ),
      },
      {
        id: 'status',
        label: t('trips.col.status'),
        value: (trip) => trip.status,
        render: (trip) => <TripChips trip={trip} f={f} />,
      },
      {
        id: 'departure',
        label: t('trips.col.departure'),
        value: (trip) => trip.plannedStart,
        cellSx: NOWRAP,
        render: (trip) => (
          <PlanActual
            f={f}
            planned={trip.plannedStart}
            actual={trip.startedAt}
            actualLabel={t('trips.col.started')}
          />
        ),
      },
      {
        id: 'arrival',
        label: t('trips.col.arrival'),
        value: (trip) => trip.plannedEnd,
        cellSx: NOWRAP,
        render: (trip) => (
          <PlanActual
            f={f}
            planned={trip.plannedEnd}
            actual={trip.arrivedAt ?? trip.eta}
            actualLabel={trip.arrivedAt ? t('trips.col.arrived') : t('trips.col.eta')}
          />
        ),
      },
      {
        id: 'delay',
        label: t('trips.col.delay'),
        value: (trip) => trip.delayMin,
        cellSx: NOWRAP,
        render: (trip) => (
          <Box component="span" sx={{ color: trip.late ? 'warning.main' : undefined }}>
            {delayText(f, trip.delayMin)}
          </Box>
        ),
      },
      {
        id: 'remaining',
        label: t('trips.col.remaining'),
        value: (trip) => trip.remainingKm,
        cellSx: NOWRAP,
        render: (trip) => remainingText(f, trip.remainingKm),
      },
      {
        // What the vehicle emitted since the start (decision 0050): TTW, WTW, estimated marker.
        id: 'co2',
        label: t('co2.column'),
        value: (trip) => trip.co2?.ttwKg ?? null,
        cellSx: NOWRAP,
        render: (trip) => (trip.co2 ? <Co2Cell co2={trip.co2} f={f} /> : '—'),
      },
    ],
    [t, f],
  );
}

/** A trip's card on phones. */
export function TripCard({ trip, f }: { trip: PlannedTrip; f: TripFormat }) {
  const { t } = f;
  return (
    <>
      <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
        {trip.name}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {trip.vehicleName}
        {trip.driverName ? ` · ${trip.driverName}` : ''}
      </Typography>
      <Box sx={{ my: 1 }}>
        <TripChips trip={trip} f={f} />
      </Box>
      <Typography variant="body2">
        {t('trips.col.start')}: {dateTime(f, trip.plannedStart)}
      </Typography>
      <Typography variant="body2">
        {t('trips.col.end')}: {dateTime(f, trip.plannedEnd)}
      </Typography>
      {trip.status === 'under_way' ? (
        <Typography variant="body2">
          {t('trips.col.eta')}: {dateTime(f, trip.eta)} · {remainingText(f, trip.remainingKm)}
        </Typography>
      ) : null}
      {trip.co2 ? (
        <Typography variant="body2" data-testid="trip-co2">
          {t('co2.title')}: {formatCo2(trip.co2.ttwKg, f.language)} ·{' '}
          {t('co2.wtw_short', { mass: formatCo2(trip.co2.wtwKg, f.language) })}
          {trip.co2.isEstimated ? <EstimatedChip f={f} /> : null}
        </Typography>
      ) : null}
    </>
  );
}
