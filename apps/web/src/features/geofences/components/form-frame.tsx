import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';

/** A side-panel form: back button and title, fields, and save / cancel / delete at the bottom. */
export function FormFrame({
  title,
  testId,
  saving,
  onSave,
  onCancel,
  onDelete,
  children,
}: {
  title: string;
  testId: string;
  saving: boolean;
  onSave: () => void;
  onCancel: () => void;
  onDelete?: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Box
      component="form"
      noValidate
      data-testid={testId}
      aria-label={title}
      onSubmit={(e) => {
        e.preventDefault();
        onSave();
      }}
      sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: 1 }}
    >
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 0.5,
          px: 1,
          py: 0.5,
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        <IconButton aria-label={t('geofences.form.close')} onClick={onCancel}>
          <ArrowBackIcon />
        </IconButton>
        <Typography variant="h3" component="h2" noWrap>
          {title}
        </Typography>
      </Box>
      <Box
        sx={{
          flex: 1,
          minHeight: 0,
          overflowY: 'auto',
          p: 2,
          display: 'flex',
          flexDirection: 'column',
          gap: 2,
        }}
      >
        {children}
      </Box>
      <Box
        sx={{
          display: 'flex',
          gap: 1,
          px: 2,
          py: 1.5,
          borderTop: 1,
          borderColor: 'divider',
          flexWrap: 'wrap',
        }}
      >
        <Button type="submit" variant="contained" disabled={saving} data-testid="zone-save">
          {t('geofences.form.save')}
        </Button>
        <Button onClick={onCancel} disabled={saving}>
          {t('geofences.form.cancel')}
        </Button>
        {onDelete && (
          <Button
            color="error"
            onClick={onDelete}
            disabled={saving}
            sx={{ ml: 'auto' }}
            data-testid="zone-delete"
          >
            {t('geofences.form.delete')}
          </Button>
        )}
      </Box>
    </Box>
  );
}
