import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { ANALYSIS_INDICATORS, type AnalysisRow } from '@rumbo/contracts';
import { formatNumber } from '../../shared/format/format';
import { type FleetFormat } from '../../shared/fleet/fleet-format';
import {
  durationText,
  HIGHER_IS_BETTER,
  indicatorText,
  noLetterHint,
} from '../../shared/analysis/indicator-format';
import { ProfileChip } from '../../shared/analysis/profile-chip';
import { FigureGrid } from '../../shared/ui/figure-cards';

// One vehicle's analysis: its summary figures, the indicator table beside the comparison period
// and its drivers.

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 1.5, minWidth: 0 }}>
      <Typography variant="body2" color="text.secondary" noWrap>
        {label}
      </Typography>
      <Typography sx={{ fontSize: '1.4rem', fontWeight: 700 }} noWrap>
        {value}
      </Typography>
    </Paper>
  );
}

export function Summary({ f, row }: { f: FleetFormat; row: AnalysisRow }) {
  const { t, language } = f;
  return (
    <FigureGrid columns={{ xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(5, minmax(0, 1fr))' }}>
      <Paper variant="outlined" sx={{ p: 1.5, display: 'flex', alignItems: 'center', gap: 1.5 }}>
        <ProfileChip
          letter={row.evaluation.averageEcoDriving.profile}
          size="large"
          hint={noLetterHint(
            'averageEcoDriving',
            row.evaluation.averageEcoDriving,
            row.odometers.distance,
            t,
          )}
        />
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body2" color="text.secondary" noWrap>
            {t('analysis.indicators.averageEcoDriving')}
          </Typography>
          <Typography sx={{ fontWeight: 700 }}>
            {indicatorText(row.evaluation.averageEcoDriving, language, t('analysis.na'))}
          </Typography>
        </Box>
      </Paper>
      <Figure label={t('analysis.distance')} value={f.distance(row.odometers.distance) ?? '—'} />
      <Figure
        label={t('analysis.fuel')}
        value={`${formatNumber(row.consumption.totalFuel, language)} L`}
      />
      <Figure label={t('analysis.co2')} value={`${formatNumber(row.co2, language)} kg`} />
      <Figure
        label={t('analysis.coverage')}
        value={`${formatNumber(row.coverage * 100, language)} %`}
      />
    </FigureGrid>
  );
}

/** The change column is left out on phones (the two values sit side by side). */
const HIDE_ON_PHONE = { display: { xs: 'none', sm: 'table-cell' } } as const;

export function IndicatorTable({
  f,
  row,
  other,
}: {
  f: FleetFormat;
  row: AnalysisRow;
  other?: AnalysisRow;
}) {
  const { t, language } = f;
  const na = t('analysis.na');
  return (
    <TableContainer component={Paper} variant="outlined" sx={{ mb: 2 }}>
      <Table
        size="small"
        data-testid="vehicle-indicators"
        sx={{ '& td, & th': { px: { xs: 1, sm: 2 } } }}
      >
        <TableHead>
          <TableRow>
            <TableCell>{t('analysis.indicator')}</TableCell>
            <TableCell align="right">{t('analysis.value')}</TableCell>
            <TableCell align="right">{t('analysis.comparative')}</TableCell>
            <TableCell align="right" sx={HIDE_ON_PHONE}>
              {t('analysis.change')}
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {ANALYSIS_INDICATORS.map((key) => {
            const v = row.evaluation[key];
            const c = other?.evaluation[key];
            const delta = v.value !== null && c && c.value !== null ? v.value - c.value : null;
            const better =
              delta === null || delta === 0 ? null : delta > 0 === HIGHER_IS_BETTER.has(key);
            const hint = noLetterHint(key, v, row.odometers.distance, t);
            return (
              <TableRow key={key} data-indicator={key}>
                <TableCell sx={{ minWidth: 0 }}>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {t(`analysis.indicators.${key}`)}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {t(`analysis.units.${key}`)}
                    {hint ? ` · ${hint}` : ''}
                  </Typography>
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {indicatorText(v, language, na)} <ProfileChip letter={v.profile} />
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {indicatorText(c, language, na)} <ProfileChip letter={c?.profile} />
                </TableCell>
                <TableCell
                  align="right"
                  sx={{
                    ...HIDE_ON_PHONE,
                    whiteSpace: 'nowrap',
                    color:
                      better === null ? 'text.secondary' : better ? 'success.main' : 'error.main',
                  }}
                >
                  {delta === null ? '—' : `${delta > 0 ? '+' : ''}${formatNumber(delta, language)}`}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

export function Drivers({
  f,
  row,
  other,
}: {
  f: FleetFormat;
  row: AnalysisRow;
  other?: AnalysisRow;
}) {
  const { t } = f;
  const items = [
    { label: t('analysis.kickdowns'), a: row.kickdowns, b: other?.kickdowns },
    { label: t('analysis.hard_brakes'), a: row.hardBrakes, b: other?.hardBrakes },
    { label: t('analysis.driving_time'), a: row.drivingS, b: other?.drivingS, time: true },
    { label: t('analysis.idle_time'), a: row.idleS, b: other?.idleS, time: true },
  ];
  return (
    <>
      <Typography variant="h2" sx={{ fontSize: '1.1rem', fontWeight: 700, mb: 1 }}>
        {t('analysis.what_drove')}
      </Typography>
      <FigureGrid columns={{ xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' }}>
        {items.map((i) => (
          <Paper key={i.label} variant="outlined" sx={{ p: 1.5, minWidth: 0 }}>
            <Typography variant="body2" color="text.secondary" noWrap>
              {i.label}
            </Typography>
            <Typography sx={{ fontSize: '1.3rem', fontWeight: 700 }} noWrap>
              {i.time ? durationText(i.a) : i.a}
            </Typography>
            <Typography variant="caption" color="text.secondary" noWrap>
              {t('analysis.comparative')}:{' '}
              {i.b === undefined ? '—' : i.time ? durationText(i.b) : i.b}
            </Typography>
          </Paper>
        ))}
      </FigureGrid>
    </>
  );
}
