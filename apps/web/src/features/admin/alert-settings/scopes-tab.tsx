import { SPEED_LEVELS_KMH, type AlertSettings, type Group, type Vehicle } from '@rumbo/contracts';
import Delete from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type ReactElement } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { scopeErrors, type ScopeRow } from './alert-settings-model';
import { ScopeDetails, ZoneScopeRow } from './scope-details';
import { recordItems, vehicleItems } from '../../../shared/ui/option-items';

export function ScopesTab({
  draft,
  groups,
  vehicles,
  zones,
  onChange,
}: {
  draft: AlertSettings;
  groups: Group[];
  vehicles: Vehicle[];
  zones: readonly { id: number; name: string }[];
  onChange: (s: AlertSettings) => void;
}) {
  const { t } = useTranslation();
  const groupName = new Map(groups.map((g) => [g.id, g.name]));
  const plate = new Map(vehicles.map((v) => [v.vehicleId, v.plate]));
  const freeGroups = groups.filter((g) => !draft.groups.some((s) => s.groupId === g.id));
  const freeVehicles = vehicles.filter(
    (v) => !draft.vehicles.some((s) => s.vehicleId === v.vehicleId),
  );
  const zoneName = new Map(zones.map((z) => [z.id, z.name]));
  const freeZones = zones.filter((z) => !draft.zones.some((s) => s.zoneId === z.id));
  const tenantLevels = SPEED_LEVELS_KMH.filter(
    (l) => draft.codes.find((c) => c.code === `V${l}`)?.enabled,
  );
  // Scopes whose thresholds are shown (an invalid one stays open so its error shows).
  const [opened, setOpened] = useState<ReadonlySet<string>>(new Set());
  const toggle = (key: string) =>
    setOpened((prev) => {
      const next = new Set(prev);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  const keyOf = (kind: 'groups' | 'vehicles', scope: ScopeRow) =>
    `${kind}-${kind === 'groups' ? (groupName.get(scope.groupId!) ?? `#${scope.groupId}`) : (plate.get(scope.vehicleId!) ?? `#${scope.vehicleId}`)}`;
  const open = new Set(opened);
  for (const kind of ['groups', 'vehicles'] as const)
    for (const scope of draft[kind] as ScopeRow[])
      if (scopeErrors(scope).size > 0) open.add(keyOf(kind, scope));
  const update = (kind: 'groups' | 'vehicles', index: number, scope: ScopeRow | null) => {
    const list = [...(draft[kind] as ScopeRow[])];
    if (scope) list[index] = scope;
    else list.splice(index, 1);
    onChange({ ...draft, [kind]: list });
  };
  const row = (kind: 'groups' | 'vehicles', scope: ScopeRow, index: number) => {
    const name =
      kind === 'groups'
        ? (groupName.get(scope.groupId!) ?? `#${scope.groupId}`)
        : (plate.get(scope.vehicleId!) ?? `#${scope.vehicleId}`);
    const levels = scope.speedLevels ?? tenantLevels;
    return (
      <Paper key={`${kind}-${name}`} variant="outlined" sx={{ p: 1.5 }} data-testid="alert-scope">
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography sx={{ fontWeight: 600, flexGrow: 1 }}>
            {t(kind === 'groups' ? 'alerts.settings.group' : 'alerts.settings.vehicle')}: {name}
          </Typography>
          <FormControlLabel
            control={
              <Checkbox
                checked={scope.speedLevels === null}
                onChange={(e) =>
                  update(kind, index, {
                    ...scope,
                    speedLevels: e.target.checked ? null : [...tenantLevels],
                  })
                }
              />
            }
            label={t('alerts.settings.as_tenant')}
          />
          <Button
            size="small"
            onClick={() => toggle(`${kind}-${name}`)}
            aria-expanded={open.has(`${kind}-${name}`)}
            data-testid="alert-scope-more"
          >
            {t(
              open.has(`${kind}-${name}`)
                ? 'alerts.settings.show_less'
                : 'alerts.settings.show_more',
            )}
          </Button>
          <IconButton
            aria-label={t('alerts.settings.remove')}
            onClick={() => update(kind, index, null)}
          >
            <Delete />
          </IconButton>
        </Box>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, mt: 1 }}>
          {SPEED_LEVELS_KMH.map((level) => {
            const on = levels.includes(level);
            return (
              <Chip
                key={level}
                label={`V${level}`}
                color={on ? 'primary' : 'default'}
                variant={on ? 'filled' : 'outlined'}
                disabled={scope.speedLevels === null}
                onClick={() =>
                  update(kind, index, {
                    ...scope,
                    speedLevels: on
                      ? levels.filter((l) => l !== level)
                      : [...levels, level].sort((a, b) => a - b),
                  })
                }
              />
            );
          })}
        </Box>
        {open.has(`${kind}-${name}`) ? (
          <ScopeDetails
            scope={scope}
            tenant={draft.thresholds}
            onChange={(next) => update(kind, index, next)}
          />
        ) : null}
      </Paper>
    );
  };
  return (
    <Stack spacing={2}>
      <Typography color="text.secondary">{t('alerts.settings.speed_levels_hint')}</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <AddScopeSelect
          label={t('alerts.settings.add_group')}
          items={recordItems(
            freeGroups,
            (g) => g.id,
            (g) => g.name,
          )}
          onPick={(groupId) =>
            onChange({
              ...draft,
              groups: [
                ...draft.groups,
                { groupId, speedLevels: [...tenantLevels], thresholds: {} },
              ],
            })
          }
        />
        <AddScopeSelect
          label={t('alerts.settings.add_vehicle')}
          items={vehicleItems(freeVehicles)}
          onPick={(vehicleId) =>
            onChange({
              ...draft,
              vehicles: [
                ...draft.vehicles,
                { vehicleId, speedLevels: [...tenantLevels], thresholds: {} },
              ],
            })
          }
        />
        <AddScopeSelect
          label={t('alerts.settings.add_zone')}
          items={recordItems(
            freeZones,
            (z) => z.id,
            (z) => z.name,
          )}
          onPick={(zoneId) =>
            onChange({ ...draft, zones: [...draft.zones, { zoneId, speedLevels: [] }] })
          }
        />
      </Stack>
      {draft.groups.length === 0 && draft.vehicles.length === 0 && draft.zones.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
          {t('alerts.settings.scopes_empty')}
        </Typography>
      ) : null}
      {draft.groups.map((g, i) => row('groups', g, i))}
      {draft.vehicles.map((v, i) => row('vehicles', v, i))}
      {draft.zones.map((z, i) => (
        <ZoneScopeRow
          key={`zone-${z.zoneId}`}
          scope={z}
          name={zoneName.get(z.zoneId) ?? `#${z.zoneId}`}
          onChange={(next) => {
            const list = [...draft.zones];
            if (next) list[i] = next;
            else list.splice(i, 1);
            onChange({ ...draft, zones: list });
          }}
        />
      ))}
    </Stack>
  );
}

/** A select that adds a scope (group, vehicle, zone): it stays empty; disabled when none is left. */
function AddScopeSelect(props: {
  label: string;
  items: readonly ReactElement[];
  onPick: (id: number) => void;
}) {
  return (
    <TextField
      select
      size="small"
      label={props.label}
      value=""
      disabled={props.items.length === 0}
      sx={{ minWidth: 220 }}
      onChange={(e) => props.onPick(Number(e.target.value))}
    >
      {props.items}
    </TextField>
  );
}
