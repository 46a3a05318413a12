import type { TimeZoneSetting } from '@rumbo/contracts';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import { useMemo, useState } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { isAborted } from '../../shared/api/api-error';
import { useGroupsWithVehicles, useVehicle } from '../../shared/fleet/fleet-queries';
import { fromWallClockDate, toWallClockDate } from '../../shared/format/wall-clock';
import { DateTimeField } from '../../shared/ui/date-time-field';
import { PERIOD_PRESETS, periodProblem, presetPeriod, type TravelSelection } from './travel-params';

interface VehicleOption {
  vehicleId: number;
  plate: string;
  group: string;
}

/**
 * Vehicle and period of the consultation. Every valid change is reported at once (the page puts
 * it in the address); the date fields keep what the user types until it makes a valid period.
 * Dates read and write the user's time (their UTC offset) in their language's format.
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
  offsetHours: TimeZoneSetting;
  onChange: (next: TravelSelection) => void;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'en' ? 'en' : 'es';
  const groups = useGroupsWithVehicles();
  const listed = useMemo<VehicleOption[]>(() => {
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
  // The list could not be had (cancelled or failed): the chosen vehicle still shows its plate.
  const listMissing = groups.isError && !groups.data;
  const chosen = useVehicle(listMissing ? selection.vehicleId : null);
  const options = useMemo<VehicleOption[]>(() => {
    const vehicle = chosen.data;
    if (!listMissing || !vehicle || listed.some((o) => o.vehicleId === vehicle.vehicleId)) {
      return listed;
    }
    return [...listed, { vehicleId: vehicle.vehicleId, plate: vehicle.plate, group: '' }];
  }, [listed, listMissing, chosen.data]);
  const value = options.find((o) => o.vehicleId === selection.vehicleId) ?? null;
  const listCancelled = listMissing && isAborted(groups.error);

  // What the date fields show: the selection, or what the user is typing until it is valid.
  const shown = `${selection.fromMs}/${selection.toMs}/${offsetHours}`;
  const [dates, setDates] = useState<{ shown: string; from: Date | null; to: Date | null }>(() => ({
    shown,
    from: toWallClockDate(selection.fromMs, offsetHours),
    to: toWallClockDate(selection.toMs, offsetHours),
  }));
  if (dates.shown !== shown) {
    setDates({
      shown,
      from: toWallClockDate(selection.fromMs, offsetHours),
      to: toWallClockDate(selection.toMs, offsetHours),
    });
  }

  const typedFrom = fromWallClockDate(dates.from, offsetHours);
  const typedTo = fromWallClockDate(dates.to, offsetHours);
  const problem =
    typedFrom === null || typedTo === null ? 'invalid' : periodProblem(typedFrom, typedTo);

  const commit = (fromValue: Date | null, toValue: Date | null) => {
    const from = fromWallClockDate(fromValue, offsetHours);
    const to = fromWallClockDate(toValue, offsetHours);
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
        // A list that could not be loaded is asked for again when the user opens it.
        onOpen={() => {
          if (groups.isError) void groups.refetch();
        }}
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
            error={groups.isError && !listCancelled}
            helperText={
              groups.isError ? (
                <>
                  {t(
                    listCancelled
                      ? 'travel.picker.vehicles_cancelled'
                      : 'travel.picker.vehicles_failed',
                  )}{' '}
                  <Link
                    component="button"
                    type="button"
                    variant="caption"
                    onClick={() => void groups.refetch()}
                    sx={{ verticalAlign: 'baseline' }}
                  >
                    {t('common.retry')}
                  </Link>
                </>
              ) : undefined
            }
          />
        )}
      />
      {(['from', 'to'] as const).map((end) => (
        <DateTimeField
          key={end}
          id={`travel-${end}`}
          label={t(`travel.picker.${end}`)}
          language={language}
          value={dates[end]}
          onChange={(date) => {
            const next = { ...dates, [end]: date };
            setDates(next);
            commit(next.from, next.to);
          }}
          error={problem !== null}
          helperText={end === 'to' && problem ? t(`travel.picker.problem.${problem}`) : undefined}
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
