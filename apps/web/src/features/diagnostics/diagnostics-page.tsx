import { DEFAULT_UNITS, type Language, type Units } from '@rumbo/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useVehicles } from '../../shared/fleet/fleet-queries';
import { useTranslation } from '../../shared/i18n/use-translation';
import { useServices, useSession } from '../../shared/services';
import { useResponsiveMode } from '../../shared/ui/use-responsive-mode';
import { FigureCard, FigureGrid } from '../../shared/ui/figure-cards';
import { useUrlParams } from '../../shared/url/use-url-params';
import { useFaults } from './diagnostics-api';
import { excelOf, type Format } from './fault-excel';
import { FaultFilters, filterOf } from './fault-filters';
import { periodOf } from './fault-period';
import { FaultCards, FaultTable } from './fault-table';
import { FaultTimeline } from './fault-timeline';
import { RetryPanel } from '../../shared/ui/retry-alert';

/** `diagnostic/history` (issue 15): fault episodes of the fleet or one vehicle over a period. */
export default function DiagnosticsPage() {
  const { t, i18n } = useTranslation();
  const language: Language = i18n.language === 'en' ? 'en' : 'es';
  const config = useSession((s) => s.user?.config);
  const units: Units = config?.units ?? DEFAULT_UNITS;
  const offset = config?.timeZone ?? 0;
  const { exporter } = useServices();
  const mode = useResponsiveMode();
  const narrow = mode === 'mobile' || mode === 'small-mobile';
  const { params, update } = useUrlParams();
  const [nowMs] = useState(() => Date.now());
  const period = periodOf(params, nowMs, offset);
  const vehicles = useVehicles();
  const filter = filterOf(params, period);
  const faults = useFaults(filter);
  const rows = useMemo(() => faults.data?.faults ?? [], [faults.data]);
  const vehicle = (vehicles.data ?? []).find((v) => v.vehicleId === filter.vehicleId);
  const fmt: Format = { t, language, units, offset, nowMs };
  const filtered =
    filter.status !== 'all' ||
    filter.severity !== '' ||
    filter.vehicleId !== null ||
    filter.groupId !== null;

  /** A row opens its vehicle's timeline (the vehicle filter). */
  const openVehicle = (id: number) => update({ vehicle: String(id), group: null });

  const summary = [
    ['total', rows.length],
    ['open', rows.filter((r) => r.open).length],
    ['critical', rows.filter((r) => r.severity === 'critical').length],
    ['vehicles', new Set(rows.map((r) => r.vehicleId)).size],
  ] as const;

  return (
    <Box
      data-testid="diagnostics-page"
      sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)' }}
    >
      <Typography variant="h1" sx={{ mb: 2 }}>
        {t('diagnostics.title')}
      </Typography>
      <FaultFilters
        period={period}
        offset={offset}
        filter={filter}
        vehicles={vehicles.data ?? []}
        update={update}
        canExport={rows.length > 0}
        onExport={() => void exporter.exportExcel('diagnostics', excelOf(rows, fmt))}
      />
      {faults.isError ? (
        <RetryPanel
          testId="faults-error"
          title={t('diagnostics.load_error')}
          error={faults.error}
          onRetry={() => void faults.refetch()}
          retryLabel={t('diagnostics.retry')}
        />
      ) : faults.isPending ? (
        <Box data-testid="faults-loading">
          <Skeleton variant="rounded" height={72} sx={{ mb: 2 }} />
          <Skeleton variant="rounded" height={160} sx={{ mb: 2 }} />
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} variant="rounded" height={40} sx={{ mb: 1 }} />
          ))}
        </Box>
      ) : (
        <>
          <FigureGrid columns={{ xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, 200px)' }}>
            {summary.map(([key, value]) => (
              <FigureCard
                key={key}
                label={t(`diagnostics.summary.${key}`)}
                value={value}
                testId={`fault-summary-${key}`}
              />
            ))}
          </FigureGrid>
          {faults.data?.truncated && (
            <Alert severity="info" sx={{ mb: 2 }}>
              {t('diagnostics.truncated', { count: rows.length })}
            </Alert>
          )}
          {rows.length === 0 ? (
            <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }} data-testid="faults-empty">
              <Typography color="text.secondary">
                {t(filtered ? 'diagnostics.empty_filtered' : 'diagnostics.empty')}
              </Typography>
            </Paper>
          ) : (
            <>
              <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
                <Typography variant="h2" sx={{ fontSize: '1rem', fontWeight: 700, mb: 1.5 }}>
                  {vehicle
                    ? t('diagnostics.timeline_of', { plate: vehicle.plate })
                    : t('diagnostics.timeline')}
                </Typography>
                <FaultTimeline
                  faults={rows}
                  fromMs={period.fromMs}
                  toMs={period.toMs}
                  nowMs={nowMs}
                  byCode={vehicle !== undefined}
                  language={language}
                  offset={offset}
                />
              </Paper>
              {narrow ? (
                <FaultCards rows={rows} fmt={fmt} onVehicle={openVehicle} />
              ) : (
                <FaultTable rows={rows} fmt={fmt} onVehicle={openVehicle} />
              )}
            </>
          )}
        </>
      )}
    </Box>
  );
}
