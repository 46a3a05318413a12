import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { IdlePeriod } from '@rumbo/contracts';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { formatNumber } from '../../shared/format/format';
import { useFleetFormat, type FleetFormat } from '../../shared/fleet/fleet-format';
import { DataTable, type TableColumn } from '../../shared/table/data-table';
import { useSortedRows } from '../../shared/table/use-sorted-rows';
import { LoadError, TableLoading, TableMessage } from '../../shared/table/table-parts';
import { useRalentiVehicle } from '../../shared/analysis/analysis-api';
import { useRouteVehicle } from '../../shared/period/use-route-vehicle';
import { durationText } from '../../shared/analysis/indicator-format';
import { PeriodBar } from '../../shared/period/period-bar';
import { PointsMap, type MapPoint } from '../../shared/analysis/points-map';

function place(p: IdlePeriod): string {
  if (p.place) return p.place;
  return p.lat === null || p.lng === null ? '—' : `${p.lat.toFixed(5)}, ${p.lng.toFixed(5)}`;
}

function columnsOf(f: FleetFormat): TableColumn<IdlePeriod>[] {
  const { t, language } = f;
  return [
    {
      id: 'start',
      label: t('analysis.ralenti.start'),
      value: (r) => r.start,
      render: (r) => f.dateTime(r.start),
    },
    {
      id: 'end',
      label: t('analysis.ralenti.end'),
      value: (r) => r.end,
      render: (r) => f.dateTime(r.end),
    },
    {
      id: 'duration',
      label: t('analysis.ralenti.duration'),
      value: (r) => r.duration,
      render: (r) => durationText(r.duration),
      type: 'number',
      align: 'right',
    },
    {
      id: 'fuel',
      label: `${t('analysis.ralenti.fuel')} (L)`,
      value: (r) => r.fuel,
      render: (r) =>
        `${formatNumber(r.fuel, language)}${r.fuelSource === 'estimated' ? ` (${t('analysis.ralenti.estimated')})` : ''}`,
      type: 'number',
      align: 'right',
    },
    {
      id: 'place',
      label: t('analysis.ralenti.place'),
      value: (r) => place(r),
      render: (r) =>
        r.lat === null || r.lng === null ? (
          '—'
        ) : (
          <Box
            component="a"
            href={`https://www.openstreetmap.org/?mlat=${r.lat}&mlon=${r.lng}#map=16/${r.lat}/${r.lng}`}
            target="_blank"
            rel="noreferrer"
            onClick={(e: React.MouseEvent) => e.stopPropagation()}
            sx={{ color: 'primary.main' }}
          >
            {place(r)}
          </Box>
        ),
      sortable: false,
    },
  ];
}

/** `fleet/ralenti_vehicle/{id}/{from}/{to}`: one vehicle's idle periods (place, duration, fuel). */
export default function RalentiVehiclePage() {
  const f = useFleetFormat();
  const { t, language, offset } = f;
  const navigate = useNavigate();
  const { id, fromMs, toMs, plate } = useRouteVehicle();
  const periods = useRalentiVehicle(id, fromMs, toMs);
  const columns = useMemo(() => columnsOf(f), [f]);
  const payload = useMemo(() => periods.data?.payload ?? [], [periods.data]);
  const table = useSortedRows(payload, columns, { column: 'start', direction: 'asc' }, language);
  const rows = table.rows;
  const points = useMemo<MapPoint[]>(
    () =>
      (periods.data?.payload ?? []).flatMap((p) =>
        p.lat === null || p.lng === null
          ? []
          : [
              {
                lat: p.lat,
                lng: p.lng,
                color: '#f59e0b',
                label: `${f.dateTime(p.start) ?? ''} · ${durationText(p.duration)}`,
              },
            ],
      ),
    [periods.data, f],
  );
  return (
    <Box
      data-testid="ralenti-vehicle-page"
      sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)' }}
    >
      <Box sx={{ mb: 0.5 }}>
        <Button
          startIcon={<ArrowBackIcon />}
          onClick={() =>
            void navigate(`/app/fleet/ralenti_agg?period=custom&from=${fromMs}&to=${toMs}`)
          }
        >
          {t('analysis.ralenti.title')}
        </Button>
      </Box>
      <Typography variant="h1" sx={{ mb: 1 }} noWrap>
        {t('analysis.ralenti.vehicle_title', { plate })}
      </Typography>
      <PeriodBar
        preset="custom"
        fromMs={fromMs}
        toMs={toMs}
        offset={offset}
        onDays={(a, b) =>
          void navigate(`/app/fleet/ralenti_vehicle/${id}/${a}/${b}`, { replace: true })
        }
      />
      {periods.isError ? (
        <LoadError error={periods.error} onRetry={() => void periods.refetch()} />
      ) : periods.isPending ? (
        <TableLoading />
      ) : rows.length === 0 ? (
        <TableMessage kind="empty" text={t('analysis.ralenti.empty')} />
      ) : (
        <>
          <PointsMap
            points={points}
            label={t('analysis.ralenti.vehicle_title', { plate })}
            sx={{ height: { xs: 240, md: 320 }, mb: 2 }}
          />
          <DataTable
            testId="ralenti-periods"
            {...table}
            rowKey={(r) => r.start}
            renderCard={(r) => (
              <Box sx={{ minWidth: 0 }}>
                <Box sx={{ display: 'flex', gap: 1, alignItems: 'baseline', minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 700, flex: '1 1 auto', minWidth: 0 }} noWrap>
                    {f.dateTime(r.start)}
                  </Typography>
                  <Typography sx={{ fontWeight: 700 }}>{durationText(r.duration)}</Typography>
                </Box>
                <Typography variant="body2" color="text.secondary" noWrap>
                  {formatNumber(r.fuel, language)} L · {place(r)}
                </Typography>
              </Box>
            )}
          />
        </>
      )}
    </Box>
  );
}
