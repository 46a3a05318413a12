import {
  type AlertCodeSetting,
  type AlertRecipientChoices,
  type AlertSettings,
  type AlertTypesAnswer,
} from '@rumbo/contracts';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';

export function CodesTab({
  draft,
  types,
  choices,
  onChange,
}: {
  draft: AlertSettings;
  types: AlertTypesAnswer;
  choices: AlertRecipientChoices | undefined;
  onChange: (codes: AlertCodeSetting[]) => void;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<string | null>(null);
  const byCode = new Map(draft.codes.map((c) => [c.code, c]));
  const set = (code: string, patch: Partial<AlertCodeSetting>) =>
    onChange(draft.codes.map((c) => (c.code === code ? { ...c, ...patch } : c)));
  const summary = (c: AlertCodeSetting) =>
    [
      c.everyone ? t('alerts.settings.everyone_short') : null,
      c.roles.length ? t('alerts.settings.plus_roles', { count: c.roles.length }) : null,
      c.users.length ? t('alerts.settings.plus_users', { count: c.users.length }) : null,
    ]
      .filter(Boolean)
      .join(' ') || t('alerts.settings.nobody');
  const editingSetting = editing ? byCode.get(editing) : undefined;
  return (
    <Stack spacing={2}>
      {types.groups.map((group) => {
        const rows = types.types.filter((ty) => ty.ideventtypegroup === group.ideventtypegroup);
        return (
          <Paper key={group.code} variant="outlined" sx={{ overflow: 'hidden' }}>
            <Typography variant="h3" sx={{ px: 2, py: 1.25, bgcolor: 'action.hover' }}>
              {group.description}
            </Typography>
            {rows.map((type) => {
              const c = byCode.get(type.code.toUpperCase());
              if (!c) return null;
              return (
                <Box
                  key={type.code}
                  data-testid={`alert-code-${c.code}`}
                  sx={{
                    display: 'flex',
                    flexWrap: 'wrap',
                    alignItems: 'center',
                    columnGap: 1,
                    px: 2,
                    py: 0.5,
                    borderTop: 1,
                    borderColor: 'divider',
                  }}
                >
                  <Box sx={{ flex: '1 1 240px', minWidth: 0, py: 0.5 }}>
                    <Typography component="span" sx={{ fontWeight: 600, mr: 1 }}>
                      {c.code}
                    </Typography>
                    <Typography component="span" color="text.secondary">
                      {type.description}
                    </Typography>
                  </Box>
                  <FormControlLabel
                    control={
                      <Switch
                        checked={c.enabled}
                        onChange={(e) => set(c.code, { enabled: e.target.checked })}
                      />
                    }
                    label={t('alerts.settings.enabled')}
                  />
                  {(['app', 'email'] as const).map((channel) => (
                    <FormControlLabel
                      key={channel}
                      disabled={!c.enabled}
                      control={
                        <Checkbox
                          checked={c[channel]}
                          onChange={(e) => set(c.code, { [channel]: e.target.checked })}
                        />
                      }
                      label={t(`alerts.settings.${channel}`)}
                    />
                  ))}
                  <Button
                    size="small"
                    disabled={!c.enabled}
                    onClick={() => setEditing(c.code)}
                    sx={{ textTransform: 'none' }}
                    aria-label={t('alerts.settings.edit_recipients', { code: c.code })}
                  >
                    {summary(c)}
                  </Button>
                </Box>
              );
            })}
          </Paper>
        );
      })}
      {editingSetting ? (
        <RecipientsDialog
          setting={editingSetting}
          choices={choices}
          onChange={(patch) => set(editingSetting.code, patch)}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </Stack>
  );
}

function RecipientsDialog({
  setting,
  choices,
  onChange,
  onClose,
}: {
  setting: AlertCodeSetting;
  choices: AlertRecipientChoices | undefined;
  onChange: (patch: Partial<AlertCodeSetting>) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const roles = choices?.roles ?? [];
  const users = choices?.users ?? [];
  return (
    <Dialog open onClose={onClose} fullScreen={phone} fullWidth maxWidth="sm">
      <DialogTitle>{t('alerts.settings.edit_recipients', { code: setting.code })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <FormControlLabel
            control={
              <Checkbox
                checked={setting.everyone}
                onChange={(e) => onChange({ everyone: e.target.checked })}
              />
            }
            label={t('alerts.settings.everyone')}
          />
          <Autocomplete
            multiple
            options={roles}
            getOptionLabel={(r) => r.name}
            value={roles.filter((r) => setting.roles.includes(r.id))}
            onChange={(_, value) => onChange({ roles: value.map((r) => r.id) })}
            renderInput={(params) => <TextField {...params} label={t('alerts.settings.roles')} />}
          />
          <Autocomplete
            multiple
            options={users}
            getOptionLabel={(u) => `${u.name} (${u.username})`}
            value={users.filter((u) => setting.users.includes(u.id))}
            onChange={(_, value) => onChange({ users: value.map((u) => u.id) })}
            renderInput={(params) => <TextField {...params} label={t('alerts.settings.users')} />}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          {t('alerts.settings.done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
