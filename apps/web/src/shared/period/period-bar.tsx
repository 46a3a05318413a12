import type { TimeZoneSetting } from '@rumbo/contracts';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { formatDate } from '../format/format';
import { useTranslation } from '../i18n/use-translation';
import { DayField } from '../ui/day-field';
import { dayInput, dayStart } from '../format/period';
import { ANALYSIS_PRESETS, type AnalysisPeriod } from './analysis-period';

/**
 * Quick periods and a from–to pair of day pickers (in the user's language and offset). A screen
 * with quick periods of its own passes them with `texts`, the key holding its `preset.*`, `from`
 * and `to` texts (its day fields' ids start with it), and `presetTestId` to name its chips.
 */
export function PeriodBar(props: {
  preset: string;
  fromMs: number;
  toMs: number;
  offset: TimeZoneSetting;
  onPreset?: (preset: string) => void;
  onDays: (fromMs: number, toMs: number) => void;
  label?: string;
  testId?: string;
  presets?: readonly string[];
  texts?: string;
  presetTestId?: string;
}) {
  const { t, i18n } = useTranslation();
  const texts = props.texts ?? 'analysis';
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
        (props.presets ?? ANALYSIS_PRESETS).map((preset) => (
          <Chip
            key={preset}
            label={t(`${texts}.preset.${preset}`)}
            color={props.preset === preset ? 'primary' : 'default'}
            variant={props.preset === preset ? 'filled' : 'outlined'}
            onClick={() => {
              setCustom(false);
              props.onPreset?.(preset);
            }}
            data-testid={props.presetTestId && `${props.presetTestId}-${preset}`}
          />
        ))}
      {props.onPreset && (
        <Chip
          label={t(`${texts}.preset.custom`)}
          color={props.preset === 'custom' || custom ? 'primary' : 'default'}
          variant={props.preset === 'custom' || custom ? 'filled' : 'outlined'}
          onClick={() => setCustom(true)}
          data-testid={props.presetTestId && `${props.presetTestId}-custom`}
        />
      )}
      {custom || props.preset === 'custom' ? (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <DayField
            id={`${texts}-from`}
            label={t(`${texts}.from`)}
            language={i18n.language === 'en' ? 'en' : 'es'}
            value={fromDay}
            onChange={(day) => setDays(day, toDay)}
            max={toDay}
            sx={{ width: 180 }}
          />
          <DayField
            id={`${texts}-to`}
            label={t(`${texts}.to`)}
            language={i18n.language === 'en' ? 'en' : 'es'}
            value={toDay}
            onChange={(day) => setDays(fromDay, day)}
            min={fromDay}
            sx={{ width: 180 }}
          />
        </Box>
      ) : null}
    </Box>
  );
}

/**
 * A fleet analysis screen's heading: its title, the period in words and the period bar, whose
 * choices go to the address (`period`, `from`, `to`).
 */
export function PeriodHeading(props: {
  title: string;
  period: AnalysisPeriod;
  offset: TimeZoneSetting;
  update: (changes: Record<string, string | null>) => void;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'en' ? 'en' : 'es';
  const { period, offset, update } = props;
  return (
    <>
      <Typography variant="h1" sx={{ mb: 0.5 }}>
        {props.title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t('analysis.period_text', {
          from: formatDate(period.fromMs, language, offset),
          to: formatDate(period.toMs - 1, language, offset),
        })}
      </Typography>
      <PeriodBar
        preset={period.preset}
        fromMs={period.fromMs}
        toMs={period.toMs}
        offset={offset}
        onPreset={(preset) => update({ period: preset, from: null, to: null })}
        onDays={(fromMs, toMs) =>
          update({ period: 'custom', from: String(fromMs), to: String(toMs) })
        }
      />
    </>
  );
}
