import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ProfileLetter } from '@rumbo/contracts';
import { useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../shared/i18n/use-translation';
import { formatDate, formatMeasure, formatNumber } from '../../shared/format/format';
import { startOfDay } from '../../shared/format/period';
import { DEFAULT_UNITS } from '@rumbo/contracts';
import { useSession } from '../../shared/services';
import { durationText } from '../../shared/analysis/indicator-format';
import { ProfileChip } from '../../shared/analysis/profile-chip';
import { co2CardTexts } from './co2-card';
import { useDashboardSummary } from './dashboard-api';
import { dashboardPeriod } from './dashboard-period';

type Figure =
  | 'fleet_score'
  | 'distance'
  | 'fuel'
  | 'co2'
  | 'ralenti'
  | 'eco_driving'
  | 'vehicles_in_transit'
  | 'alerts_today';

interface CardData {
  figure: Figure;
  to: string;
  loading: boolean;
  value: string;
  letter?: ProfileLetter | null;
  detail?: string;
  /** A second line under the detail. */
  note?: string;
  /** Part of the figure is estimated (CO₂ of vehicles without a fuel counter): its marker. */
  estimated?: { label: string; hint: string } | null;
}

/**
 * The dashboard (spec §9): the week so far (start of this week to the end of yesterday, the
 * previous week on a Monday), vehicles in transit now and today's alerts, all from one summary
 * call polled every minute. Each card opens its screen.
 */
export default function HomePage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const user = useSession((s) => s.user);
  const offset = user?.config.timeZone ?? 0;
  const units = user?.config.units ?? DEFAULT_UNITS;
  const language = i18n.language === 'en' ? 'en' : 'es';
  const [now] = useState(() => Date.now());
  const period = useMemo(() => dashboardPeriod(now, offset), [now, offset]);
  const from = period.fromMs;
  const to = period.toMs + 1;
  const today = startOfDay(now, offset);
  const name = user?.personaFisica.nombre ?? '';

  // One call with the fleet's figures: every role holding the dashboard may make it, and it
  // carries nothing per vehicle (docs/decisions/0029-views-per-route.md).
  const summary = useDashboardSummary({
    from,
    to,
    alertsFrom: today,
    alertsTo: Math.max(now, today + 1),
  });
  const data = summary.data;
  const loading = summary.isPending;
  const q = `?period=custom&from=${from}&to=${to}`;
  const none = t('common.no_data');
  const cards: CardData[] = [
    {
      figure: 'fleet_score',
      to: `/app/fleet/safety_drive${q}`,
      loading,
      value:
        data?.fleetScore.valor == null
          ? data
            ? t('analysis.dashboard.na')
            : none
          : formatNumber(data.fleetScore.valor, language),
      letter: data?.fleetScore.perfil ?? null,
    },
    {
      figure: 'distance',
      to: `/app/analysis${q}`,
      loading,
      value: data ? formatMeasure('distance', data.distanceKm, units, language) : none,
    },
    {
      figure: 'fuel',
      to: `/app/analysis${q}`,
      loading,
      value: data ? `${formatNumber(data.fuelL, language)} L` : none,
    },
    {
      figure: 'co2',
      to: `/app/fuel/consumtion${q}`,
      loading,
      value: none,
      ...(data ? co2CardTexts(data.co2, t, language) : {}),
    },
    {
      figure: 'ralenti',
      to: `/app/fleet/ralenti_agg${q}`,
      loading,
      value: data ? durationText(data.idle.seconds) : none,
      detail: data
        ? t('analysis.dashboard.idle_fuel', {
            fuel: `${formatNumber(data.idle.fuelL, language)} L`,
          })
        : undefined,
    },
    {
      figure: 'eco_driving',
      to: `/app/analysis${q}`,
      loading,
      value: data?.ecoDriving ? '' : data ? t('analysis.dashboard.na') : none,
      letter: data?.ecoDriving ?? null,
    },
    {
      figure: 'vehicles_in_transit',
      to: '/app/map/current_location',
      loading,
      value: data ? String(data.vehicles.inTransit) : none,
      detail: data
        ? t('analysis.dashboard.of_vehicles', { total: data.vehicles.total })
        : undefined,
    },
    {
      figure: 'alerts_today',
      to: '/app/fleet/alerts?period=today',
      loading,
      value: data ? String(data.alerts) : none,
    },
  ];

  return (
    <>
      <Typography variant="h1">{t('view.dashboard.title')}</Typography>
      <Typography color="text.secondary" sx={{ mt: 0.5, mb: 3 }}>
        {name ? t('view.dashboard.greeting', { name }) + ' · ' : ''}
        {t('view.dashboard.period', {
          from: formatDate(period.fromMs, language, offset),
          to: formatDate(period.toMs, language, offset),
        })}
        {/* On a Monday the week so far is empty: the previous full week is shown (decisions.md). */}
        {to - from >= 7 * 86_400_000 ? ` · ${t('analysis.dashboard.previous_week')}` : ''}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: {
            xs: 'minmax(0, 1fr)',
            sm: 'repeat(2, minmax(0, 1fr))',
            md: 'repeat(4, minmax(0, 1fr))',
          },
        }}
      >
        {cards.map((card) => (
          <FigureCard
            key={card.figure}
            card={card}
            label={t(`view.dashboard.figures.${card.figure}`)}
            onOpen={() => void navigate(card.to)}
            openLabel={t('analysis.dashboard.open', {
              name: t(`view.dashboard.figures.${card.figure}`),
            })}
          />
        ))}
      </Box>
    </>
  );
}

function FigureCard(props: {
  card: CardData;
  label: string;
  onOpen: () => void;
  openLabel: string;
}): ReactNode {
  const { card } = props;
  return (
    <Card variant="outlined" data-figure={card.figure}>
      <CardActionArea
        onClick={props.onOpen}
        aria-label={props.openLabel}
        // Content at the top: a taller card in the row (CO₂'s three lines) leaves the others aligned.
        sx={{
          height: '100%',
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'stretch',
          justifyContent: 'flex-start',
        }}
      >
        <CardContent>
          <Typography variant="body2" color="text.secondary" noWrap>
            {props.label}
          </Typography>
          {card.loading ? (
            <Skeleton variant="rounded" height={40} sx={{ my: 0.5 }} />
          ) : (
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
              <Typography
                data-testid={`figure-${card.figure}`}
                // Smaller on a phone, and never cut: "179.558,5 km" wraps before it hides.
                sx={{
                  fontSize: { xs: '1.75rem', sm: '2rem' },
                  fontWeight: 700,
                  minWidth: 0,
                  lineHeight: 1.25,
                  overflowWrap: 'anywhere',
                }}
              >
                {card.value}
              </Typography>
              {card.estimated ? (
                <Chip
                  data-testid={`figure-${card.figure}-estimated`}
                  title={card.estimated.hint}
                  label={card.estimated.label}
                  size="small"
                  color="warning"
                  variant="outlined"
                />
              ) : null}
              {card.letter !== undefined && card.letter !== null && (
                <ProfileChip letter={card.letter} size={card.value ? 'small' : 'large'} />
              )}
            </Box>
          )}
          <Typography variant="caption" color="text.secondary" noWrap component="div">
            {card.detail ?? '\u00a0'}
          </Typography>
          {card.note === undefined ? null : (
            <Typography variant="caption" color="text.secondary" noWrap component="div">
              {card.note}
            </Typography>
          )}
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
