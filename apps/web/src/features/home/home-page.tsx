import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { formatDate } from '../../shared/format/format';
import { useSession } from '../../shared/services';
import { dashboardPeriod } from './dashboard-period';

const FIGURES = [
  'fleet_score',
  'distance',
  'fuel',
  'co2',
  'ralenti',
  'eco_driving',
  'vehicles_in_transit',
  'alerts_today',
] as const;

/** The dashboard frame: the period and the figure cards the analysis issue fills in. */
export default function HomePage() {
  const { t, i18n } = useTranslation();
  const user = useSession((s) => s.user);
  const offset = user?.config.timeZone ?? 0;
  const language = i18n.language === 'en' ? 'en' : 'es';
  const [now] = useState(() => Date.now());
  const period = useMemo(() => dashboardPeriod(now, offset), [now, offset]);
  const name = user?.personaFisica.nombre ?? '';
  return (
    <>
      <Typography variant="h1">{t('view.dashboard.title')}</Typography>
      <Typography color="text.secondary" sx={{ mt: 0.5, mb: 3 }}>
        {name ? t('view.dashboard.greeting', { name }) + ' · ' : ''}
        {t('view.dashboard.period', {
          from: formatDate(period.fromMs, language, offset),
          to: formatDate(period.toMs, language, offset),
        })}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' },
        }}
      >
        {FIGURES.map((figure) => (
          <Card key={figure} variant="outlined" data-figure={figure}>
            <CardContent>
              <Typography variant="body2" color="text.secondary" noWrap>
                {t(`view.dashboard.figures.${figure}`)}
              </Typography>
              <Typography
                sx={{ fontSize: '2rem', fontWeight: 700 }}
                aria-label={t('common.no_data')}
              >
                —
              </Typography>
              <Skeleton variant="rounded" height={8} animation={false} />
            </CardContent>
          </Card>
        ))}
      </Box>
    </>
  );
}
