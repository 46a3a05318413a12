import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { dayInput, dayStart } from '../alerts/alert-period';
import { ANALYSIS_PRESETS } from './analysis-period';

/** Quick periods and a from–to pair of day pickers (native, in the user's offset). */
export function PeriodBar(props: {
  preset: string;
  fromMs: number;
  toMs: number;
  offset: number;
  onPreset?: (preset: string) => void;
  onDays: (fromMs: number, toMs: number) => void;
  label?: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const [custom, setCustom] = useState(props.preset === 'custom' || !props.onPreset);
  const fromDay = dayInput(props.fromMs, props.offset);
  // `to` is exclusive: the last day shown is the day before it when it is a midnight.
  const toDay = dayInput(props.toMs - 1, props.offset);
  const setDays = (from: string, to: string) => {
    const fromMs = dayStart(from, props.offset);
    const toStart = dayStart(to, props.offset);
    if (fromMs === null || toStart === null || toStart < fromMs) return;
    props.onDays(fromMs, toStart + 86_400_000);
  };
  return (
    <Box
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 2 }}
      role="group"
      aria-label={props.label ?? t('analysis.period')}
      data-testid={props.testId ?? 'analysis-period'}
    >
      {props.onPreset &&
        ANALYSIS_PRESETS.map((preset) => (
          <Chip
            key={preset}
            label={t(`analysis.preset.${preset}`)}
            color={props.preset === preset ? 'primary' : 'default'}
            variant={props.preset === preset ? 'filled' : 'outlined'}
            onClick={() => {
              setCustom(false);
              props.onPreset?.(preset);
            }}
          />
        ))}
      {props.onPreset && (
        <Chip
          label={t('analysis.preset.custom')}
          color={props.preset === 'custom' || custom ? 'primary' : 'default'}
          variant={props.preset === 'custom' || custom ? 'filled' : 'outlined'}
          onClick={() => setCustom(true)}
        />
      )}
      {custom || props.preset === 'custom' ? (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <TextField
            type="date"
            size="small"
            label={t('analysis.from')}
            value={fromDay}
            onChange={(event) => setDays(event.target.value, toDay)}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: toDay } }}
            sx={{ width: 160 }}
          />
          <TextField
            type="date"
            size="small"
            label={t('analysis.to')}
            value={toDay}
            onChange={(event) => setDays(fromDay, event.target.value)}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: fromDay } }}
            sx={{ width: 160 }}
          />
        </Box>
      ) : null}
    </Box>
  );
}
