import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGroupsWithVehicles } from '../../shared/fleet/fleet-queries';
import {
  PERIOD_PRESETS,
  fromLocalInput,
  periodProblem,
  presetPeriod,
  toLocalInput,
  type TravelSelection,
} from './travel-params';

interface VehicleOption {
  vehicleId: number;
  plate: string;
  group: string;
}

/**
 * Vehicle and period of the consultation. Every valid change is reported at once (the page puts
 * it in the address); the date fields keep what the user types until it makes a valid period.
 */
export function PeriodPicker({
  selection,
  offsetHours,
  nowMs,
  onChange,
}: {
  selection: TravelSelection;
  /** When the screen opened (presets are highlighted against it). */
  nowMs: number;
  offsetHours: number;
  onChange: (next: TravelSelection) => void;
}) {
  const { t } = useTranslation();
  const groups = useGroupsWithVehicles();
  const options = useMemo<VehicleOption[]>(() => {
    const seen = new Set<number>();
    const out: VehicleOption[] = [];
    for (const group of groups.data ?? []) {
      for (const v of group.vehicleList) {
        if (seen.has(v.vehicleId)) continue;
        seen.add(v.vehicleId);
        out.push({ vehicleId: v.vehicleId, plate: v.plate, group: group.name });
      }
    }
    return out;
  }, [groups.data]);
  const value = options.find((o) => o.vehicleId === selection.vehicleId) ?? null;

  // What the date fields show: the selection, or what the user is typing until it is valid.
  const shown = `${selection.fromMs}/${selection.toMs}/${offsetHours}`;
  const [texts, setTexts] = useState(() => ({
    shown,
    from: toLocalInput(selection.fromMs, offsetHours),
    to: toLocalInput(selection.toMs, offsetHours),
  }));
  if (texts.shown !== shown) {
    setTexts({
      shown,
      from: toLocalInput(selection.fromMs, offsetHours),
      to: toLocalInput(selection.toMs, offsetHours),
    });
  }
  const fromText = texts.from;
  const toText = texts.to;

  const typedFrom = fromLocalInput(fromText, offsetHours);
  const typedTo = fromLocalInput(toText, offsetHours);
  const problem =
    typedFrom === null || typedTo === null ? 'invalid' : periodProblem(typedFrom, typedTo);

  const commit = (fromValue: string, toValue: string) => {
    const from = fromLocalInput(fromValue, offsetHours);
    const to = fromLocalInput(toValue, offsetHours);
    if (from === null || to === null || periodProblem(from, to) !== null) return;
    if (from !== selection.fromMs || to !== selection.toMs) {
      onChange({ ...selection, fromMs: from, toMs: to });
    }
  };

  const activePreset = PERIOD_PRESETS.find((preset) => {
    // "Up to now" presets end at the instant they were chosen: compare from that end.
    const upToNow = preset !== 'yesterday';
    if (upToNow && selection.toMs < nowMs - 60_000) return false;
    const p = presetPeriod(preset, upToNow ? selection.toMs : nowMs, offsetHours);
    // "Up to now" presets match within the minute the address was written.
    return (
      Math.abs(p.fromMs - selection.fromMs) < 60_000 && Math.abs(p.toMs - selection.toMs) < 60_000
    );
  });

  return (
    <Box
      sx={{
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'minmax(220px, 1.2fr) 1fr 1fr' },
        alignItems: 'start',
      }}
    >
      <Autocomplete
        id="travel-vehicle"
        options={options}
        value={value}
        loading={groups.isLoading}
        groupBy={(o) => o.group}
        getOptionLabel={(o) => o.plate}
        isOptionEqualToValue={(a, b) => a.vehicleId === b.vehicleId}
        onChange={(_, next) => onChange({ ...selection, vehicleId: next?.vehicleId ?? null })}
        noOptionsText={t('travel.picker.no_vehicles')}
        loadingText={t('common.loading')}
        sx={{ gridColumn: { sm: '1 / -1', md: 'auto' } }}
        renderInput={(params) => (
          <TextField
            {...params}
            label={t('travel.picker.vehicle')}
            placeholder={t('travel.picker.vehicle_placeholder')}
            size="small"
            error={groups.isError}
            helperText={groups.isError ? t('travel.picker.vehicles_failed') : undefined}
          />
        )}
      />
      {(['from', 'to'] as const).map((end) => (
        <TextField
          key={end}
          id={`travel-${end}`}
          label={t(`travel.picker.${end}`)}
          type="datetime-local"
          size="small"
          value={end === 'from' ? fromText : toText}
          onChange={(e) => {
            const text = e.target.value;
            setTexts((s) => ({ ...s, [end]: text }));
            if (end === 'from') commit(text, toText);
            else commit(fromText, text);
          }}
          error={problem !== null}
          helperText={end === 'to' && problem ? t(`travel.picker.problem.${problem}`) : undefined}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      ))}
      <Box
        role="group"
        aria-label={t('travel.picker.presets')}
        sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', gridColumn: '1 / -1' }}
      >
        {PERIOD_PRESETS.map((preset) => (
          <Chip
            key={preset}
            label={t(`travel.picker.preset.${preset}`)}
            size="small"
            color={activePreset === preset ? 'primary' : 'default'}
            variant={activePreset === preset ? 'filled' : 'outlined'}
            onClick={() =>
              onChange({ ...selection, ...presetPeriod(preset, Date.now(), offsetHours) })
            }
          />
        ))}
      </Box>
    </Box>
  );
}
