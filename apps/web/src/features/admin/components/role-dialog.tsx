import { MENU_GROUPS, VIEW_NAMES, type AdminRole } from '@rumbo/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useWatch } from 'react-hook-form';
import { SelectField } from '../../../shared/crud/form-fields';
import { optionItems } from '../../../shared/ui/option-items';
import { toggleViews } from '../admin-forms';
import { roleForm } from '../admin-entities';
import { useEntityForm } from '../use-admin-form';
import { FormDialog } from './admin-dialogs';

/** Creates a role (`role` null), edits a tenant role, or shows a built-in one read-only. */
export function RoleDialog(props: { role: AdminRole | null; onClose: () => void }) {
  const { role } = props;
  const readOnly = Boolean(role?.builtIn);
  const { t, form, control, errors, field, dialog } = useEntityForm(roleForm, role, props.onClose);
  const views = useWatch({ control, name: 'views' });
  const startOn = useWatch({ control, name: 'startOn' });
  const setViews = (names: readonly string[], on: boolean) =>
    form.setValue('views', toggleViews(views, names, on, VIEW_NAMES), {
      shouldValidate: true,
      shouldDirty: true,
    });

  return (
    <FormDialog
      {...dialog}
      maxWidth="md"
      readOnly={readOnly}
      title={readOnly ? t('admin.roles.view') : role ? t('admin.roles.edit') : t('admin.roles.new')}
    >
      {readOnly ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('admin.roles.builtin_hint')}
        </Alert>
      ) : null}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField {...field('name')} label={t('admin.roles.name')} required disabled={readOnly} />
        <SelectField
          control={control}
          name="startOn"
          id="role-startOn"
          label={t('admin.roles.start_on')}
          disabled={readOnly}
          required
          error={errors.startOn?.message}
          help={t('admin.roles.start_on_help')}
        >
          {optionItems(
            VIEW_NAMES.filter((view) => views.includes(view) || view === startOn),
            (view) => t(`menu.${view}`),
          )}
        </SelectField>
      </Box>
      <Typography variant="subtitle1" component="h3" sx={{ mt: 3, mb: 1, fontWeight: 600 }}>
        {t('admin.roles.views')} · {t('admin.roles.views_count', { count: views.length })}
      </Typography>
      {errors.views ? <FormHelperText error>{errors.views.message}</FormHelperText> : null}
      <Box
        role="group"
        aria-label={t('admin.roles.views')}
        sx={{
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' },
        }}
      >
        {MENU_GROUPS.map(({ group, views: groupViews }) => {
          const on = groupViews.filter((view) => views.includes(view)).length;
          return (
            <Box
              key={group}
              component="fieldset"
              data-testid={`role-group-${group}`}
              sx={{ border: 1, borderColor: 'divider', borderRadius: 1, px: 1.5, pb: 0.5, m: 0 }}
            >
              <Box component="legend" sx={{ px: 0.5 }}>
                <FormControlLabel
                  control={
                    <Checkbox
                      size="small"
                      checked={on === groupViews.length}
                      indeterminate={on > 0 && on < groupViews.length}
                      disabled={readOnly}
                      onChange={(event) => setViews(groupViews, event.target.checked)}
                    />
                  }
                  label={<strong>{t(`menu.group.${group}`)}</strong>}
                />
              </Box>
              {groupViews.map((view) => (
                <FormControlLabel
                  key={view}
                  sx={{ display: 'flex', ml: 2 }}
                  control={
                    <Checkbox
                      size="small"
                      name={view}
                      checked={views.includes(view)}
                      disabled={readOnly}
                      onChange={(event) => setViews([view], event.target.checked)}
                    />
                  }
                  label={t(`menu.${view}`)}
                />
              ))}
            </Box>
          );
        })}
      </Box>
    </FormDialog>
  );
}
