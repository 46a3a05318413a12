import type {
  DriverActivityDto,
  DriverActivityKind,
  Language,
  TimeZoneSetting,
} from '@rumbo/contracts';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { useId, useMemo } from 'react';
import { useActivityColor } from '../../shared/driving-times/activity';
import { hoursMinutes } from '../../shared/driving-times/driving-left';
import { useTranslation } from '../../shared/i18n/use-translation';
import { dayTotals, hourTicks, LANES, timelineDays, type TimelineDay } from './timeline-layout';

const LANE_H = 12;
const CHART_H = LANE_H * LANES.length;
const WIDTH = 1000;

/** A time range to outline on the chart (an infringement's evidence). */
export interface Highlight {
  startMs: number;
  endMs: number;
}

export interface ActivityTimelineProps {
  activities: readonly DriverActivityDto[];
  fromMs: number;
  toMs: number;
  nowMs: number;
  zone: TimeZoneSetting;
  language: Language;
  /** Seconds per activity per day as the server counts them (`yyyy-MM-dd` → totals). */
  totals?: ReadonlyMap<string, Record<DriverActivityKind, number>>;
  highlight?: readonly Highlight[];
}

/**
 * The tachograph's chart: a row per day, lanes rest / available / work / drive over 00–24,
 * unknown hatched across the lanes, an infringement's evidence outlined.
 */
export function ActivityTimeline(props: ActivityTimelineProps) {
  const { t } = useTranslation();
  const days = useMemo(
    () => timelineDays(props.activities, props.fromMs, props.toMs, props.nowMs, props.zone),
    [props.activities, props.fromMs, props.toMs, props.nowMs, props.zone],
  );
  return (
    <Box data-testid="dt-timeline" sx={{ display: 'grid', gap: 1 }}>
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
        {[...LANES, 'unknown' as const].map((kind) => (
          <LegendItem key={kind} kind={kind} />
        ))}
      </Box>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: '150px minmax(0, 1fr)' },
          gap: 0.5,
        }}
      >
        <Box sx={{ display: { xs: 'none', sm: 'block' } }} />
        <Axis />
        {[...days].reverse().map((day) => (
          <DayRow key={day.day} day={day} {...props} />
        ))}
      </Box>
      <Typography variant="caption" color="text.secondary">
        {t('drivingTimes.timeline_note')}
      </Typography>
    </Box>
  );
}

function Axis() {
  return (
    <Box sx={{ position: 'relative', height: 16 }} aria-hidden>
      {hourTicks(3).map((hour) => (
        <Typography
          key={hour}
          variant="caption"
          color="text.secondary"
          sx={{
            position: 'absolute',
            left: `${(hour / 24) * 100}%`,
            transform: hour === 0 ? 'none' : hour === 24 ? 'translateX(-100%)' : 'translateX(-50%)',
            lineHeight: '16px',
            fontVariantNumeric: 'tabular-nums',
          }}
        >
          {String(hour).padStart(2, '0')}
        </Typography>
      ))}
    </Box>
  );
}

function LegendItem({ kind }: { kind: DriverActivityKind }) {
  const { t } = useTranslation();
  const color = useActivityColor()(kind);
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
      <Box
        sx={{
          width: 14,
          height: 10,
          borderRadius: 0.5,
          bgcolor: kind === 'unknown' ? 'transparent' : color,
          backgroundImage:
            kind === 'unknown'
              ? `repeating-linear-gradient(45deg, ${color} 0 2px, transparent 2px 5px)`
              : undefined,
          border: kind === 'unknown' ? `1px solid ${color}` : undefined,
        }}
      />
      <Typography variant="caption">{t(`drivingTimes.activity.${kind}`)}</Typography>
    </Box>
  );
}

function DayRow({ day, ...props }: ActivityTimelineProps & { day: TimelineDay }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const colorOf = useActivityColor();
  const hatch = `hatch-${useId().replace(/:/g, '')}`;
  const driven = props.totals?.get(day.day)?.drive ?? dayTotals(day).drive;
  const grid = theme.palette.divider;
  const marks = (props.highlight ?? [])
    .map((h) => ({
      x0: Math.max(0, (h.startMs - day.startMs) / (day.endMs - day.startMs)),
      x1: Math.min(1, (h.endMs - day.startMs) / (day.endMs - day.startMs)),
    }))
    .filter((m) => m.x1 > m.x0);
  return (
    <>
      <Box
        sx={{
          minWidth: 0,
          display: 'flex',
          flexDirection: { xs: 'row', sm: 'column' },
          gap: { xs: 1, sm: 0 },
          alignItems: { xs: 'baseline', sm: 'flex-start' },
          justifyContent: 'center',
        }}
      >
        <Typography variant="body2" sx={{ fontWeight: 600, lineHeight: 1.3 }} noWrap>
          {dayLabel(day.day, props.language)}
        </Typography>
        <Typography variant="caption" color="text.secondary" sx={{ lineHeight: 1.3 }} noWrap>
          {t('drivingTimes.driven_day', { time: hoursMinutes(driven) })}
        </Typography>
      </Box>
      <Box
        component="svg"
        viewBox={`0 0 ${WIDTH} ${CHART_H}`}
        preserveAspectRatio="none"
        role="img"
        aria-label={t('drivingTimes.timeline_day', { day: dayLabel(day.day, props.language) })}
        data-day={day.day}
        data-highlighted={marks.length > 0 ? 'true' : 'false'}
        sx={{ width: '100%', height: CHART_H + 8, display: 'block', overflow: 'visible' }}
      >
        <defs>
          <pattern
            id={hatch}
            width="6"
            height="6"
            patternUnits="userSpaceOnUse"
            patternTransform="rotate(45)"
          >
            <rect width="6" height="6" fill="transparent" />
            <line x1="0" y1="0" x2="0" y2="6" stroke={colorOf('unknown')} strokeWidth="3" />
          </pattern>
        </defs>
        {LANES.map((lane, i) => (
          <rect
            key={lane}
            x={0}
            y={i * LANE_H}
            width={WIDTH}
            height={LANE_H}
            fill={i % 2 === 0 ? theme.palette.action.hover : 'transparent'}
          />
        ))}
        {hourTicks(1).map((hour) => (
          <line
            key={hour}
            x1={(hour / 24) * WIDTH}
            x2={(hour / 24) * WIDTH}
            y1={0}
            y2={CHART_H}
            stroke={grid}
            strokeWidth={hour % 6 === 0 ? 1.5 : 0.5}
            vectorEffect="non-scaling-stroke"
          />
        ))}
        {day.bars.map((bar) => (
          <rect
            key={`${bar.startMs}-${bar.kind}`}
            data-bar={bar.kind}
            x={bar.x0 * WIDTH}
            width={Math.max(0.5, (bar.x1 - bar.x0) * WIDTH)}
            y={bar.lane === null ? 0 : bar.lane * LANE_H + 1}
            height={bar.lane === null ? CHART_H : LANE_H - 2}
            fill={bar.lane === null ? `url(#${hatch})` : colorOf(bar.kind)}
            opacity={bar.lane === null ? 0.45 : 1}
          >
            <title>{`${t(`drivingTimes.activity.${bar.kind}`)} · ${hoursMinutes((bar.endMs - bar.startMs) / 1000)}`}</title>
          </rect>
        ))}
        {marks.map((m, i) => (
          <rect
            key={i}
            data-mark
            x={m.x0 * WIDTH}
            width={Math.max(2, (m.x1 - m.x0) * WIDTH)}
            y={-3}
            height={CHART_H + 6}
            fill={theme.palette.error.main}
            fillOpacity={0.12}
            stroke={theme.palette.error.main}
            strokeWidth={2}
            vectorEffect="non-scaling-stroke"
          />
        ))}
      </Box>
    </>
  );
}

/** "jue 27/11" or "Thu 11/27": a day of the chart, short. */
export function dayLabel(day: string, language: Language): string {
  return new Intl.DateTimeFormat(language === 'en' ? 'en-US' : 'es-AR', {
    weekday: 'short',
    day: 'numeric',
    month: 'numeric',
    timeZone: 'UTC',
  }).format(Date.parse(`${day}T12:00:00Z`));
}
