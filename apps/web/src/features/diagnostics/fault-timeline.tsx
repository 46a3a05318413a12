import type { TimeZoneSetting } from '@rumbo/contracts';
import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { FaultRow, Language } from '@rumbo/contracts';
import { formatDate, formatDateTime, formatTime } from '../../shared/format/format';
import { useTranslation } from '../../shared/i18n/use-translation';
import { SEVERITY_COLOR, barOf } from './fault-format';

/** Rows the timeline draws at most (the list below holds every episode). */
const MAX_ROWS = 12;
const TICKS = 5;

/**
 * A time-axis chart of episodes: one row per vehicle (fleet) or per code (one vehicle), a bar per
 * episode from its start to its end (to now while open), coloured by severity.
 */
export function FaultTimeline({
  faults,
  fromMs,
  toMs,
  nowMs,
  byCode,
  language,
  offset,
}: {
  faults: readonly FaultRow[];
  fromMs: number;
  toMs: number;
  nowMs: number;
  /** Rows per code (one vehicle's timeline) instead of per vehicle. */
  byCode: boolean;
  language: Language;
  offset: TimeZoneSetting;
}) {
  const { t } = useTranslation();
  const rows = new Map<string, FaultRow[]>();
  for (const f of faults) {
    const key = byCode ? f.code : f.plate;
    rows.set(key, [...(rows.get(key) ?? []), f]);
  }
  const shown = [...rows.entries()].slice(0, MAX_ROWS);
  const hidden = [...rows.values()].slice(MAX_ROWS).reduce((n, list) => n + list.length, 0);
  const ticks = Array.from(
    { length: TICKS },
    (_, i) => fromMs + ((toMs - fromMs) * i) / (TICKS - 1),
  );
  // A period of a day or two reads in hours; longer ones in days.
  const short = toMs - fromMs <= 2 * 86_400_000;
  const tickText = (ms: number) =>
    short ? formatTime(ms, offset).slice(0, 5) : formatDate(ms, language, offset);
  const labelWidth = { xs: '100%', sm: 150 };
  return (
    <Box data-testid="fault-timeline">
      {shown.map(([label, list]) => (
        <Box
          key={label}
          sx={{
            display: 'flex',
            flexDirection: { xs: 'column', sm: 'row' },
            alignItems: { xs: 'stretch', sm: 'center' },
            gap: { xs: 0.25, sm: 1 },
            minHeight: 28,
            mb: { xs: 0.75, sm: 0 },
          }}
        >
          <Typography
            variant="body2"
            noWrap
            title={label}
            sx={{ width: labelWidth, flex: '0 0 auto', fontWeight: 600, minWidth: 0 }}
          >
            {label}
          </Typography>
          <Box
            sx={{
              position: 'relative',
              flex: '1 1 auto',
              height: 18,
              borderRadius: 1,
              bgcolor: 'action.hover',
              minWidth: 0,
            }}
          >
            {list.map((f) => {
              const bar = barOf(f.start.time, f.end?.time ?? nowMs, fromMs, toMs);
              if (!bar) return null;
              const until = f.end
                ? formatDateTime(f.end.time, language, offset)
                : t('diagnostics.still_open');
              return (
                <Tooltip
                  key={f.id}
                  title={`${f.plate} · ${f.code} · ${formatDateTime(f.start.time, language, offset)} – ${until}`}
                >
                  <Box
                    data-fault-bar={f.severity}
                    sx={{
                      position: 'absolute',
                      top: 2,
                      bottom: 2,
                      left: `${bar.left * 100}%`,
                      width: `${bar.width * 100}%`,
                      minWidth: 3,
                      borderRadius: 0.5,
                      bgcolor: `${SEVERITY_COLOR[f.severity]}.main`,
                      opacity: f.end ? 0.85 : 1,
                      outline: f.end ? 'none' : '1px solid',
                      outlineColor: 'text.primary',
                    }}
                  />
                </Tooltip>
              );
            })}
          </Box>
        </Box>
      ))}
      <Box sx={{ display: 'flex', gap: 1, mt: 0.5 }}>
        <Box sx={{ width: 150, flex: '0 0 auto', display: { xs: 'none', sm: 'block' } }} />
        <Box sx={{ position: 'relative', flex: '1 1 auto', height: 18, minWidth: 0 }}>
          {ticks.map((ms, i) => (
            <Typography
              key={ms}
              variant="caption"
              color="text.secondary"
              sx={{
                position: 'absolute',
                left: `${(i / (TICKS - 1)) * 100}%`,
                transform:
                  i === 0 ? 'none' : i === TICKS - 1 ? 'translateX(-100%)' : 'translateX(-50%)',
                whiteSpace: 'nowrap',
                display: { xs: i % 2 === 1 ? 'none' : 'block', sm: 'block' },
              }}
            >
              {tickText(ms)}
            </Typography>
          ))}
        </Box>
      </Box>
      {hidden > 0 && (
        <Typography variant="caption" color="text.secondary">
          {t('diagnostics.timeline_more', { count: hidden })}
        </Typography>
      )}
    </Box>
  );
}
