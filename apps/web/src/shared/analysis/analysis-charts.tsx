import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { BarChart, type BarChartProps } from '@mui/x-charts/BarChart';
import { RPM_BANDS, type AnalysisRow, type RpmBand } from '@rumbo/contracts';
import type { ReactNode } from 'react';
import { axisTickFormatter, formatNumber } from '../format/format';
import type { FleetFormat } from '../fleet/fleet-format';
import { LETTER_COLOURS } from './profile-chip';

// The analysis screens' bar charts (MUI X Charts, only in the analysis chunks): themed by the MUI
// theme (light / dark), numbers and dates in the user's language, a shorter plot on phones.

/** A titled panel holding one chart. */
export function ChartPanel(props: {
  title: string;
  hint?: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 1, sm: 1.5 }, mb: 2, minWidth: 0 }}
      data-testid={props.testId}
    >
      <Typography variant="h2" sx={{ fontSize: '1.1rem', fontWeight: 700 }}>
        {props.title}
      </Typography>
      {props.hint && (
        <Typography variant="caption" color="text.secondary" component="div">
          {props.hint}
        </Typography>
      )}
      {props.children}
    </Paper>
  );
}

/** A bar chart with the app's defaults: localised overlay texts, phone height, no animation. */
function Bars(props: BarChartProps & { f: FleetFormat }) {
  const { f, ...rest } = props;
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  return (
    <BarChart
      height={phone ? 220 : 280}
      {...(phone ? { sx: { '& .MuiChartsAxis-tickLabel': { fontSize: '10px !important' } } } : {})}
      skipAnimation
      localeText={{ noData: f.t('analysis.no_data'), loading: '…' }}
      margin={{ left: 0, right: 8, top: 8, bottom: 0 }}
      slotProps={{
        legend: { direction: 'horizontal', position: { vertical: 'top', horizontal: 'start' } },
      }}
      {...rest}
    />
  );
}

/** dd/MM (es) or MM/dd (en) of a UTC day. */
function shortDay(dayMs: number, language: FleetFormat['language']): string {
  const d = new Date(dayMs);
  const dd = String(d.getUTCDate()).padStart(2, '0');
  const mm = String(d.getUTCMonth() + 1).padStart(2, '0');
  return language === 'en' ? `${mm}/${dd}` : `${dd}/${mm}`;
}

/** Day by day: distance (bars, left axis) with the day's kickdowns and hard brakes (right axis). */
export function DaysChart({ f, row }: { f: FleetFormat; row: AnalysisRow }) {
  const { t, language } = f;
  const theme = useTheme();
  const days = row.days ?? [];
  if (days.length === 0) return null;
  const km = (v: number | null) => (v === null ? '' : (f.distance(v) ?? ''));
  const count = (v: number | null) => (v === null ? '' : String(v));
  const kmTick = axisTickFormatter(
    Math.max(0, ...days.map((d) => f.inUnit('distance', d.distance) ?? 0)),
    language,
  );
  return (
    <ChartPanel title={t('analysis.days')} testId="vehicle-days">
      <Bars
        f={f}
        dataset={days.map((d) => ({ ...d }))}
        xAxis={[
          {
            scaleType: 'band',
            dataKey: 'day',
            valueFormatter: (v: number) => shortDay(v, language),
          },
        ]}
        yAxis={[
          {
            id: 'km',
            width: 48,
            valueFormatter: (v: number) => kmTick(f.inUnit('distance', v) ?? 0),
          },
          { id: 'n', position: 'right', width: 28, tickMinStep: 1 },
        ]}
        series={[
          {
            dataKey: 'distance',
            label: `${t('analysis.distance')} (${f.symbol('distance')})`,
            yAxisId: 'km',
            color: theme.palette.primary.main,
            valueFormatter: km,
          },
          {
            dataKey: 'kickdowns',
            label: t('analysis.kickdowns'),
            yAxisId: 'n',
            color: theme.palette.warning.main,
            valueFormatter: count,
          },
          {
            dataKey: 'hardBrakes',
            label: t('analysis.hard_brakes'),
            yAxisId: 'n',
            color: theme.palette.error.main,
            valueFormatter: count,
          },
        ]}
      />
    </ChartPanel>
  );
}

/** Share of the engine-on time in each rpm band, the period against the comparative one. */
export function RpmChart({
  f,
  row,
  other,
}: {
  f: FleetFormat;
  row: AnalysisRow;
  other?: AnalysisRow;
}) {
  const { t, language } = f;
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const shares = (r: AnalysisRow | undefined): (number | null)[] => {
    if (!r) return RPM_BANDS.map(() => null);
    const total = RPM_BANDS.reduce((n, b) => n + r.rpmBands[b], 0);
    return RPM_BANDS.map((b) => (total > 0 ? (100 * r.rpmBands[b]) / total : null));
  };
  const main = shares(row);
  const hasData = main.some((v) => v !== null);
  const pct = (v: number | null) =>
    v === null ? t('analysis.na') : `${formatNumber(v, language)} %`;
  return (
    <ChartPanel title={t('analysis.rpm.title')} hint={t('analysis.rpm.hint')} testId="vehicle-rpm">
      {hasData ? (
        <Bars
          f={f}
          xAxis={[
            {
              scaleType: 'band',
              data: [...RPM_BANDS],
              valueFormatter: (b: RpmBand, ctx) =>
                ctx.location === 'tick' && b === 'green' ? '900–1500' : t(`analysis.rpm.${b}`),
              // Phones: slanted labels, so all five fit.
              ...(phone ? { tickLabelStyle: { angle: -30, textAnchor: 'end' }, height: 64 } : {}),
              colorMap: {
                type: 'ordinal',
                values: [...RPM_BANDS],
                colors: RPM_BANDS.map((b) =>
                  b === 'green' ? LETTER_COLOURS.A.bg : theme.palette.primary.main,
                ),
              },
            },
          ]}
          yAxis={[{ width: 52, max: 100, valueFormatter: (v: number) => `${v} %` }]}
          series={[
            { data: main, label: t('analysis.rpm.period'), valueFormatter: pct },
            {
              data: shares(other),
              label: t('analysis.rpm.comparative'),
              color: theme.palette.grey[theme.palette.mode === 'dark' ? 600 : 400],
              valueFormatter: pct,
            },
          ]}
        />
      ) : (
        <Typography color="text.secondary" sx={{ py: 2 }} data-testid="vehicle-rpm-none">
          {t('analysis.rpm.none')}
        </Typography>
      )}
    </ChartPanel>
  );
}

/** The fleet's safe-driving score over the period and the four before it (oldest first). */
export function ScoreTrendChart({
  f,
  periods,
}: {
  f: FleetFormat;
  /** Oldest first; the last is the period shown. */
  periods: { label: string; score: number | null }[];
}) {
  const { t, language } = f;
  const theme = useTheme();
  return (
    <ChartPanel title={t('analysis.safety.trend')} testId="safety-trend">
      <Bars
        f={f}
        xAxis={[
          {
            scaleType: 'band',
            data: periods.map((p) => p.label),
            colorMap: {
              type: 'ordinal',
              values: periods.map((p) => p.label),
              colors: periods.map((_, i) =>
                i === periods.length - 1 ? theme.palette.primary.main : theme.palette.grey[500],
              ),
            },
          },
        ]}
        yAxis={[{ width: 32, min: 0, max: 100 }]}
        series={[
          {
            data: periods.map((p) => p.score),
            label: t('analysis.safety.score'),
            valueFormatter: (v: number | null) =>
              v === null ? t('analysis.safety.na') : formatNumber(v, language),
          },
        ]}
        hideLegend
      />
    </ChartPanel>
  );
}

/** Idle time per vehicle (the longest first, at most `max`), hours. */
export function IdleChart({
  f,
  rows,
  max = 12,
}: {
  f: FleetFormat;
  rows: { plate: string; total: number; fuel: number }[];
  max?: number;
}) {
  const { t, language } = f;
  const theme = useTheme();
  const top = [...rows].sort((a, b) => b.total - a.total).slice(0, max);
  if (top.length === 0) return null;
  return (
    <ChartPanel title={t('analysis.ralenti.chart')} testId="ralenti-chart">
      <Bars
        f={f}
        height={Math.max(160, 28 * top.length + 48)}
        layout="horizontal"
        yAxis={[{ scaleType: 'band', data: top.map((r) => r.plate), width: 76 }]}
        xAxis={[{ valueFormatter: (v: number) => `${formatNumber(v, language)} h` }]}
        series={[
          {
            data: top.map((r) => r.total / 3600),
            label: t('analysis.ralenti.total'),
            color: theme.palette.warning.main,
            valueFormatter: (v: number | null) =>
              v === null ? '' : `${formatNumber(v, language)} h`,
          },
        ]}
        hideLegend
      />
    </ChartPanel>
  );
}
