import type { ForecastRow } from '@rumbo/contracts';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useServices } from '../../../shared/services';
import { DayField } from '../../../shared/ui/day-field';
import { maintenanceApi } from '../maintenance-api';
import { useFormatContext, useMaintenanceSave } from '../use-maintenance';
import { FormShell, parseNumber, useFormSubmit, VehicleField } from './form-shell';
import { seededText } from '../../../shared/i18n/seeded-text';
import { useVehicles } from '../../../shared/fleet/fleet-queries';

const todayIso = () => new Date().toISOString().slice(0, 10);

/**
 * Records a service done (the history's "record service", the forecast's "mark done"): the plan
 * items and pending additional maintenance it did are ticked; saving re-anchors those items.
 */
export function ServiceDialog(props: {
  /** What is due, to tick what the service did. */
  forecast: readonly ForecastRow[] | undefined;
  /** Pre-ticked (mark done from the forecast). */
  preset?: ForecastRow;
  onClose: () => void;
}) {
  const { t, language } = useFormatContext();
  const { api } = useServices();
  const vehicles = useVehicles();
  const forecast = props.forecast ?? [];
  const [vehicleId, setVehicleId] = useState(props.preset?.vehicleId ?? 0);
  const [date, setDate] = useState(todayIso());
  const [odometer, setOdometer] = useState('');
  const [hours, setHours] = useState('');
  const [cost, setCost] = useState('');
  const [workshop, setWorkshop] = useState('');
  const [notes, setNotes] = useState('');
  const [ticked, setTicked] = useState<Set<string>>(
    () => new Set(props.preset ? [props.preset.key] : []),
  );
  const [file, setFile] = useState<File | null>(null);
  const save = useMaintenanceSave({
    mutationFn: async () => {
      const chosen = forecast.filter((r) => ticked.has(r.key) && r.vehicleId === vehicleId);
      const service = await maintenanceApi.recordService(api, {
        vehicleId,
        date,
        odometerKm: parseNumber(odometer),
        engineHours: parseNumber(hours),
        cost: parseNumber(cost),
        workshop,
        notes,
        itemIds: chosen.filter((r) => r.source === 'plan').map((r) => r.itemId),
        additionalIds: chosen.filter((r) => r.source === 'additional').map((r) => r.itemId),
      });
      if (file) await maintenanceApi.upload(api, service.id, file);
      return service;
    },
    success: t('maintenance.common.saved'),
    onSuccess: props.onClose,
  });
  const due = forecast.filter((r) => r.vehicleId === vehicleId);
  const bad = (text: string) => {
    const n = parseNumber(text);
    return n !== null && (!Number.isFinite(n) || n < 0);
  };
  const form = useFormSubmit(
    save,
    vehicleId === 0 || !date || bad(odometer) || bad(hours) || bad(cost),
  );

  return (
    <FormShell
      name="service"
      title={t('maintenance.history.create')}
      onClose={props.onClose}
      {...form.shell}
    >
      <VehicleField
        id="service-vehicle"
        vehicles={vehicles.data ?? []}
        value={vehicleId}
        onChange={(id) => {
          setVehicleId(id);
          setTicked(new Set());
        }}
        {...form.required(vehicleId === 0)}
      />
      <DayField
        id="service-date"
        label={t('maintenance.fields.date')}
        language={language}
        value={date}
        onChange={setDate}
        max={todayIso()}
        required
      />
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
        <TextField
          id="service-odometer"
          label={`${t('maintenance.fields.odometer')} (km)`}
          value={odometer}
          onChange={(event) => setOdometer(event.target.value)}
          error={bad(odometer)}
          helperText={t('maintenance.history.counters_hint')}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
        <TextField
          id="service-hours"
          label={t('maintenance.fields.hours')}
          value={hours}
          onChange={(event) => setHours(event.target.value)}
          error={bad(hours)}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
        <TextField
          id="service-cost"
          label={t('maintenance.fields.cost')}
          value={cost}
          onChange={(event) => setCost(event.target.value)}
          error={bad(cost)}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
        <TextField
          id="service-workshop"
          label={t('maintenance.fields.workshop')}
          value={workshop}
          onChange={(event) => setWorkshop(event.target.value)}
          slotProps={{ htmlInput: { maxLength: 100 } }}
        />
      </Box>
      {due.length > 0 ? (
        <Box>
          <FormLabel component="legend">{t('maintenance.fields.done')}</FormLabel>
          <FormGroup>
            {due.map((r) => (
              <FormControlLabel
                key={r.key}
                control={
                  <Checkbox
                    checked={ticked.has(r.key)}
                    onChange={(event) =>
                      setTicked((set) => {
                        const next = new Set(set);
                        if (event.target.checked) next.add(r.key);
                        else next.delete(r.key);
                        return next;
                      })
                    }
                    slotProps={{ input: { 'aria-label': seededText(t, r.name) } as object }}
                  />
                }
                label={`${seededText(t, r.name)} — ${t(`maintenance.status.${r.status}`)}`}
              />
            ))}
          </FormGroup>
        </Box>
      ) : null}
      <TextField
        id="service-notes"
        label={t('maintenance.fields.notes')}
        value={notes}
        onChange={(event) => setNotes(event.target.value)}
        multiline
        minRows={2}
        slotProps={{ htmlInput: { maxLength: 2000 } }}
      />
      <Box>
        <FormLabel htmlFor="service-file">{t('maintenance.history.upload')}</FormLabel>
        <Box sx={{ mt: 0.5 }}>
          <input
            id="service-file"
            type="file"
            accept="application/pdf,image/jpeg,image/png"
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          />
        </Box>
        <Typography variant="caption" color="text.secondary">
          {t('maintenance.history.upload_hint')}
        </Typography>
      </Box>
    </FormShell>
  );
}
