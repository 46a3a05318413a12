import PhotoCamera from '@mui/icons-material/PhotoCamera';
import CloudUpload from '@mui/icons-material/CloudUpload';
import { AVATAR_MIME_TYPES } from '@rumbo/contracts';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { isAborted } from '../../../shared/api/api-error';
import { errorMessage } from '../../../shared/api/error-message';
import { useServices, useSession } from '../../../shared/services';
import { checkAvatarFile } from '../avatar-file';
import { uploadAvatar } from '../settings-api';
import { SettingsCard } from './settings-card';

/** Avatar upload with a preview of the chosen image. */
export function AvatarCard() {
  const { t } = useTranslation();
  const { api, snackbar, sessionStore } = useServices();
  const current = useSession((s) => s.avatar);
  const inputId = useId();
  const [chosen, setChosen] = useState<{ file: File; preview: string } | null>(null);
  const file = chosen?.file ?? null;
  const preview = chosen?.preview ?? null;
  // The preview's object URL is released when replaced and when the card goes away.
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );
  const setFile = (next: File | null) =>
    setChosen(next ? { file: next, preview: URL.createObjectURL(next) } : null);

  const upload = useMutation({
    mutationFn: (f: File) => uploadAvatar(api, f),
    onSuccess: (reply) => {
      sessionStore.setState({ avatar: reply.avatar });
      setFile(null);
      snackbar.notify({ type: 'success', message: t('view.settings.avatar_saved') });
    },
    onError: (error) => {
      if (!isAborted(error)) snackbar.notify({ type: 'error', message: errorMessage(error, t) });
    },
  });

  const choose = (chosen: File | undefined) => {
    if (!chosen) return;
    const check = checkAvatarFile(chosen);
    if (check !== 'ok') {
      snackbar.notify({ type: 'warning', message: t(`view.settings.avatar_bad_${check}`) });
      return;
    }
    setFile(chosen);
  };

  return (
    <SettingsCard title={t('view.settings.avatar')}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 3, flexWrap: 'wrap' }}>
        <Avatar
          src={preview ?? current ?? undefined}
          alt={t('view.settings.avatar_preview')}
          sx={{ width: 96, height: 96 }}
          data-testid="avatar-preview"
        />
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, minWidth: 0 }}>
          <input
            id={inputId}
            type="file"
            accept={AVATAR_MIME_TYPES.join(',')}
            hidden
            data-testid="avatar-input"
            onChange={(e) => {
              choose(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
          <Button
            component="label"
            htmlFor={inputId}
            variant="outlined"
            startIcon={<PhotoCamera />}
          >
            {t('view.settings.avatar_choose')}
          </Button>
          <Button
            variant="contained"
            startIcon={<CloudUpload />}
            disabled={!file || upload.isPending}
            loading={upload.isPending}
            onClick={() => file && upload.mutate(file)}
          >
            {t('view.settings.avatar_upload')}
          </Button>
          <Typography variant="caption" color="text.secondary">
            {t('view.settings.avatar_hint')}
          </Typography>
        </Box>
      </Box>
    </SettingsCard>
  );
}
