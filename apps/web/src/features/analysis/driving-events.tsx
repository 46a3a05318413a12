import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { type KickdownEvent } from '@rumbo/contracts';
import { useMemo, useState } from 'react';
import { formatNumber } from '../../shared/format/format';
import { type FleetFormat } from '../../shared/fleet/fleet-format';
import { useDrivingEvents } from '../../shared/analysis/analysis-api';
import { PointsMap, type MapPoint } from '../../shared/analysis/points-map';

// The events behind one vehicle's scores: on a map and listed.

/** Pin and badge colour of each kind of event behind the scores. */
const EVENT_COLOURS: Record<string, string> = {
  AFI: '#c62828',
  AAB: '#ef6c00',
  CAB: '#8e24aa',
  EXV: '#1565c0',
  V95: '#0d47a1',
  KDN: '#f9a825',
};

/** Events listed before "show all" (the map shows them all). */
const EVENTS_SHOWN = 40;

interface DrivingItem {
  key: string;
  time: number;
  code: string;
  value: number | null;
  lat: number | null;
  lng: number | null;
}

/**
 * What drove the scores, moment by moment: the harsh-driving and speeding events and each kickdown
 * (`KDN`), on a map (one pin each, coloured by kind) and in time order.
 */
export function Events({
  f,
  vehicleId,
  fromMs,
  toMs,
  kickdowns,
}: {
  f: FleetFormat;
  vehicleId: number;
  fromMs: number;
  toMs: number;
  kickdowns: readonly KickdownEvent[];
}) {
  const { t, language } = f;
  const events = useDrivingEvents(vehicleId, fromMs, toMs);
  const [isAll, setAll] = useState(false);
  const list = useMemo<DrivingItem[]>(
    () =>
      [
        ...(events.data ?? []).map((e) => ({
          key: `e${e.id}`,
          time: e.startTime,
          code: e.code.toUpperCase(),
          value: e.value,
          lat: e.lat,
          lng: e.lng,
        })),
        ...kickdowns.map((k) => ({
          key: `k${k.time}`,
          time: k.time,
          code: 'KDN',
          value: null,
          lat: k.lat,
          lng: k.lng,
        })),
      ].sort((a, b) => a.time - b.time),
    [events.data, kickdowns],
  );
  const label = (e: DrivingItem) =>
    `${t(`analysis.event_code.${e.code}`, { defaultValue: e.code })} · ${f.dateTime(e.time)}`;
  const points = useMemo<MapPoint[]>(
    () =>
      list.flatMap((e) =>
        e.lat === null || e.lng === null
          ? []
          : [{ lat: e.lat, lng: e.lng, color: EVENT_COLOURS[e.code] ?? '#555', label: label(e) }],
      ),
    // `label` only reads `t` and `f`, which `list` follows.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [list],
  );
  if (events.isPending || list.length === 0) return null;
  const codes = [...new Set(list.map((e) => e.code))];
  return (
    <>
      <Typography variant="h2" sx={{ fontSize: '1.1rem', fontWeight: 700, mt: 2, mb: 1 }}>
        {t('analysis.events')}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 1 }} data-testid="event-legend">
        {codes.map((c) => (
          <Box key={c} sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
            <Box
              component="span"
              sx={{ width: 12, height: 12, borderRadius: '50%', bgcolor: EVENT_COLOURS[c] }}
            />
            <Typography variant="caption">
              {t(`analysis.event_code.${c}`, { defaultValue: c })} (
              {list.filter((e) => e.code === c).length})
            </Typography>
          </Box>
        ))}
      </Box>
      {points.length > 0 && (
        <Box data-testid="vehicle-events-map">
          <PointsMap
            points={points}
            label={t('analysis.events_map')}
            sx={{ height: { xs: 240, md: 340 }, mb: 2 }}
          />
        </Box>
      )}
      <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
        {t('analysis.events_timeline')}
      </Typography>
      <Paper
        variant="outlined"
        sx={{ p: 1.5, display: 'grid', gap: 0.5 }}
        data-testid="vehicle-events"
      >
        {list.slice(0, isAll ? 1_000 : EVENTS_SHOWN).map((e) => (
          <Box
            key={e.key}
            data-code={e.code}
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: '170px 64px minmax(0, 1fr)' },
              gap: { xs: 0, sm: 1 },
              borderLeft: 4,
              borderColor: EVENT_COLOURS[e.code] ?? 'divider',
              pl: 1,
            }}
          >
            <Typography variant="body2">{f.dateTime(e.time)}</Typography>
            <Typography variant="body2" sx={{ fontWeight: 700 }}>
              {e.code}
            </Typography>
            <Typography variant="body2" color="text.secondary" noWrap>
              {t(`analysis.event_code.${e.code}`, { defaultValue: e.code })}
              {e.value === null ? '' : ` · ${formatNumber(e.value, language)}`}
              {e.lat === null || e.lng === null ? (
                ''
              ) : (
                <>
                  {' · '}
                  <Box
                    component="a"
                    href={`https://www.openstreetmap.org/?mlat=${e.lat}&mlon=${e.lng}#map=16/${e.lat}/${e.lng}`}
                    target="_blank"
                    rel="noreferrer"
                    sx={{ color: 'primary.main' }}
                  >
                    {`${e.lat.toFixed(4)}, ${e.lng.toFixed(4)}`}
                  </Box>
                </>
              )}
            </Typography>
          </Box>
        ))}
        {!isAll && list.length > EVENTS_SHOWN && (
          <Button onClick={() => setAll(true)} sx={{ justifySelf: 'start' }}>
            {t('analysis.events_more', { count: list.length })}
          </Button>
        )}
      </Paper>
    </>
  );
}
