import type { TimeZoneSetting } from '@rumbo/contracts';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Slider from '@mui/material/Slider';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../shared/i18n/use-translation';
import { formatDateTime, formatTime } from '../../shared/format/format';
import { REPLAY_SPEEDS, type ReplayEngine, type ReplayState } from './replay-engine';

/** Play/pause, the time slider, replay speed, skip stops and follow. */
export function ReplayControls({
  engine,
  state,
  follow,
  onFollowChange,
  offsetHours,
  language,
}: {
  engine: ReplayEngine;
  state: ReplayState;
  follow: boolean;
  onFollowChange: (follow: boolean) => void;
  offsetHours: TimeZoneSetting;
  language: 'es' | 'en';
}) {
  const { t } = useTranslation();
  const disabled = engine.points.length < 2;
  return (
    <Box
      data-testid="replay-controls"
      data-replay-time={Math.round(state.timeMs)}
      data-playing={state.playing ? 'true' : 'false'}
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 2, rowGap: 0.5 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flex: '1 1 320px', minWidth: 0 }}>
        <IconButton
          color="primary"
          onClick={() => engine.toggle(performance.now())}
          disabled={disabled}
          aria-label={state.playing ? t('travel.replay.pause') : t('travel.replay.play')}
          sx={{ bgcolor: 'action.selected' }}
        >
          {state.playing ? <PauseIcon /> : <PlayArrowIcon />}
        </IconButton>
        <Slider
          size="small"
          min={engine.startMs}
          max={Math.max(engine.endMs, engine.startMs + 1)}
          step={1000}
          value={state.timeMs}
          disabled={disabled}
          onChange={(_, value) => engine.seek(value)}
          valueLabelDisplay="auto"
          valueLabelFormat={(v) => formatTime(v, offsetHours)}
          getAriaValueText={(v) => formatDateTime(v, language, offsetHours)}
          slotProps={{ input: { 'aria-label': t('travel.replay.time') } }}
          sx={{ flex: 1, minWidth: 120 }}
        />
        <Typography
          variant="body2"
          data-testid="replay-clock"
          sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
        >
          {disabled ? '—' : formatDateTime(state.timeMs, language, offsetHours)}
        </Typography>
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <TextField
          select
          size="small"
          id="replay-speed"
          label={t('travel.replay.speed')}
          value={state.speed}
          onChange={(e) => engine.setSpeed(Number(e.target.value))}
          sx={{ width: 96 }}
        >
          {REPLAY_SPEEDS.map((speed) => (
            <MenuItem key={speed} value={speed}>
              {speed}×
            </MenuItem>
          ))}
        </TextField>
        <FormControlLabel
          control={
            <Switch
              size="small"
              checked={state.skipStops}
              onChange={(e) => engine.setSkipStops(e.target.checked)}
            />
          }
          label={t('travel.replay.skip_stops')}
        />
        <FormControlLabel
          control={
            <Switch
              size="small"
              checked={follow}
              onChange={(e) => onFollowChange(e.target.checked)}
            />
          }
          label={t('travel.replay.follow')}
        />
      </Box>
    </Box>
  );
}
