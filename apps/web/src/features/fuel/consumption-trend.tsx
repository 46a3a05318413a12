import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { BarPlot } from '@mui/x-charts/BarChart';
import { ChartsAxisHighlight } from '@mui/x-charts/ChartsAxisHighlight';
import { ChartsDataProvider } from '@mui/x-charts/ChartsDataProvider';
import { ChartsGrid } from '@mui/x-charts/ChartsGrid';
import { ChartsLegend } from '@mui/x-charts/ChartsLegend';
import { ChartsSurface } from '@mui/x-charts/ChartsSurface';
import { ChartsTooltip } from '@mui/x-charts/ChartsTooltip';
import { ChartsXAxis } from '@mui/x-charts/ChartsXAxis';
import { ChartsYAxis } from '@mui/x-charts/ChartsYAxis';
import { LinePlot, MarkPlot } from '@mui/x-charts/LineChart';
import type { FuelConsumptionDay } from '@rumbo/contracts';
import { useMemo } from 'react';
import type { FleetFormat } from '../../shared/fleet/fleet-format';
import { axisTickFormatter, formatDate, formatNumber } from '../../shared/format/format';

/**
 * Litres per day (driving and idle, stacked bars) and the day's consumption in the user's unit
 * (line, right axis) of the vehicles shown. Days are the user's days (the server counts them in the user's time zone).
 */
export function ConsumptionTrend({
  days,
  f,
}: {
  days: readonly FuelConsumptionDay[];
  f: FleetFormat;
}) {
  const { t, language } = f;
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const volume = f.symbol('volume');
  const consumption = f.symbol('consumption');
  const series = useMemo(() => {
    const inVolume = (l: number) => f.inUnit('volume', l) ?? 0;
    const rates = days.map((d) => {
      const v = f.inUnit('consumption', d.lPer100Km);
      return v === null || !Number.isFinite(v) ? null : v;
    });
    const top = Math.max(0, ...rates.map((v) => v ?? 0));
    return {
      // The rate axis from 0 (a line of nearly equal days must not look like a cliff).
      rateMax: top > 0 ? Math.ceil((top * 1.25) / 5) * 5 : 10,
      labels: days.map((d) => formatDate(d.day, language, f.offset).slice(0, 5)),
      driving: days.map((d) => inVolume(Math.max(0, d.fuelL - d.idleFuelL))),
      idle: days.map((d) => inVolume(d.idleFuelL)),
      rate: rates,
    };
  }, [days, f, language]);
  const number = (v: number | null) => (v === null ? '—' : formatNumber(v, language));
  const integer = (v: number) => formatNumber(v, language).replace(/[.,]\d$/, '');
  const litresTick = axisTickFormatter(
    Math.max(0, ...series.driving.map((v, i) => v + (series.idle[i] ?? 0))),
    language,
  );

  return (
    <Paper variant="outlined" sx={{ p: { xs: 1, sm: 2 }, mb: 2 }} data-testid="consumption-trend">
      <Typography variant="subtitle2" component="h2" sx={{ px: 1 }}>
        {t('fuel.consumption.trend')}
      </Typography>
      <Box
        role="img"
        aria-label={t('fuel.consumption.trend_label', { days: days.length })}
        sx={{ width: '100%', minWidth: 0 }}
      >
        <ChartsDataProvider
          // Bars that grow in are never read mid-way (a screenshot, a quick glance).
          skipAnimation
          height={phone ? 220 : 280}
          margin={{ left: 4, right: 4, top: 16, bottom: 4 }}
          xAxis={[
            {
              id: 'days',
              scaleType: 'band',
              data: series.labels,
              tickLabelStyle: { fontSize: 11 },
              tickLabelMinGap: 6,
            },
          ]}
          yAxis={[
            {
              id: 'litres',
              position: 'left',
              label: phone ? undefined : volume,
              width: phone ? 48 : 60,
              valueFormatter: litresTick,
            },
            {
              id: 'rate',
              position: 'right',
              label: phone ? undefined : consumption,
              width: phone ? 32 : 60,
              min: 0,
              max: series.rateMax,
              valueFormatter: (v: number) => integer(v),
            },
          ]}
          series={[
            {
              type: 'bar',
              id: 'driving',
              label: t('fuel.consumption.driving_fuel'),
              data: series.driving,
              stack: 'fuel',
              yAxisId: 'litres',
              color: theme.palette.primary.main,
              valueFormatter: (v) => `${number(v)} ${volume}`,
            },
            {
              type: 'bar',
              id: 'idle',
              label: t('fuel.consumption.idle_fuel'),
              data: series.idle,
              stack: 'fuel',
              yAxisId: 'litres',
              color: theme.palette.warning.main,
              valueFormatter: (v) => `${number(v)} ${volume}`,
            },
            {
              type: 'line',
              id: 'rate',
              label: t('fuel.consumption.rate_line', { unit: consumption }),
              data: series.rate,
              yAxisId: 'rate',
              color: theme.palette.secondary.main,
              connectNulls: false,
              valueFormatter: (v) => `${number(v)} ${consumption}`,
            },
          ]}
        >
          <ChartsLegend sx={{ px: 1, pb: 1, flexWrap: 'wrap' }} />
          <ChartsSurface>
            <ChartsGrid horizontal />
            <BarPlot />
            <LinePlot />
            <MarkPlot />
            <ChartsAxisHighlight x="band" />
            <ChartsXAxis axisId="days" />
            <ChartsYAxis axisId="litres" />
            <ChartsYAxis axisId="rate" />
          </ChartsSurface>
          <ChartsTooltip trigger="axis" />
        </ChartsDataProvider>
      </Box>
    </Paper>
  );
}
