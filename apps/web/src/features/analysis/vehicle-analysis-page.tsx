import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useNavigate } from 'react-router';
import { formatDate } from '../../shared/format/format';
import { useFleetFormat } from '../../shared/fleet/fleet-format';
import { LoadError, TableLoading } from '../../shared/table/table-parts';
import { useVehicleAnalysis } from '../../shared/analysis/analysis-api';
import { previousPeriod, routeMs } from '../../shared/period/analysis-period';
import { useRouteVehicle } from '../../shared/period/use-route-vehicle';
import { PeriodBar } from '../../shared/period/period-bar';
import { DaysChart, RpmChart } from '../../shared/analysis/analysis-charts';
import { Drivers, IndicatorTable, Summary } from './vehicle-analysis-parts';
import { Events } from './driving-events';

/**
 * `analysis/{id}/{from}/{to}/{comparativeFrom?}/{comparativeTo?}`: one vehicle's indicators
 * against a comparative period (default the previous one of equal length), and what drove them.
 */
export default function VehicleAnalysisPage() {
  const f = useFleetFormat();
  const { t, language, offset } = f;
  const navigate = useNavigate();
  const { params, id, fromMs, toMs, plate } = useRouteVehicle();
  const prev = previousPeriod({ fromMs, toMs }, 1);
  const cFrom = routeMs(params.comparativeFrom) ?? prev.fromMs;
  const cTo = routeMs(params.comparativeTo) ?? prev.toMs;
  const main = useVehicleAnalysis(id, fromMs, toMs);
  const comparative = useVehicleAnalysis(id, cFrom, cTo);
  const go = (a: number, b: number, c: number, d: number) =>
    void navigate(`/app/analysis/${id}/${a}/${b}/${c}/${d}`, { replace: true });

  return (
    <Box
      data-testid="vehicle-analysis-page"
      sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)' }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 0.5, flexWrap: 'wrap' }}>
        <Button
          startIcon={<ArrowBackIcon />}
          onClick={() => void navigate(`/app/analysis?period=custom&from=${fromMs}&to=${toMs}`)}
        >
          {t('analysis.back')}
        </Button>
      </Box>
      <Typography variant="h1" sx={{ mb: 1, overflowWrap: 'anywhere' }}>
        {t('analysis.vehicle_title')} · {plate}
      </Typography>
      <PeriodBar
        preset="custom"
        fromMs={fromMs}
        toMs={toMs}
        offset={offset}
        onDays={(a, b) => {
          const p = previousPeriod({ fromMs: a, toMs: b }, 1);
          go(a, b, p.fromMs, p.toMs);
        }}
        testId="analysis-main-period"
      />
      <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
        {t('analysis.comparative')}
      </Typography>
      <PeriodBar
        preset="custom"
        fromMs={cFrom}
        toMs={cTo}
        offset={offset}
        label={t('analysis.comparative')}
        onDays={(c, d) => go(fromMs, toMs, c, d)}
        testId="analysis-comparative-period"
      />
      {main.isError ? (
        <LoadError error={main.error} onRetry={() => void main.refetch()} />
      ) : main.isPending ? (
        <TableLoading />
      ) : (
        <>
          <Summary f={f} row={main.data} />
          <IndicatorTable f={f} row={main.data} other={comparative.data} />
          <Drivers f={f} row={main.data} other={comparative.data} />
          <RpmChart f={f} row={main.data} other={comparative.data} />
          <DaysChart f={f} row={main.data} />
          <Events
            f={f}
            vehicleId={id}
            fromMs={fromMs}
            toMs={toMs}
            kickdowns={main.data.kickdownEvents ?? []}
          />
        </>
      )}
      <Typography variant="caption" color="text.secondary" sx={{ mt: 1 }}>
        {t('analysis.comparative_text', {
          from: formatDate(cFrom, language, offset),
          to: formatDate(cTo - 1, language, offset),
        })}
      </Typography>
    </Box>
  );
}
