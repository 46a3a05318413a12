import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../shared/i18n/use-translation';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { email, required } from '../../shared/rules/rules';
import { ruleField } from '../../shared/rules/zod-rules';
import { useServices } from '../../shared/services';
import { AuthLayout } from '../../shared/ui/auth-layout';
import { LanguageSwitch } from '../../shared/ui/language-switch';
import { TextInput } from '../../shared/ui/text-input';
import { HumanCheck } from './components/human-check';
import { requestRecovery } from './recovery-api';
import { useHumanCheckedSubmit } from './use-human-checked-submit';

/** Password recovery (spec §2, §5, §8): e-mail, invisible human check, back and reset. */
export default function RecoveryPage() {
  const { t, i18n } = useTranslation();
  const { api, config } = useServices();
  const navigate = useNavigate();
  const schema = useMemo(
    () =>
      z.object({
        email: ruleField([required(t('validation.required')), email(t('validation.email'))]),
      }),
    [t],
  );
  const {
    register,
    handleSubmit,
    trigger,
    formState: { errors, isValid, isDirty },
  } = useForm<{ email: string }>({
    resolver: zodResolver(schema),
    mode: 'onChange',
    defaultValues: { email: '' },
  });
  useEffect(() => {
    if (isDirty) void trigger();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [i18n.language]);

  const {
    check,
    sending,
    submit: onSubmit,
  } = useHumanCheckedSubmit<{ email: string }>(
    (form, token) => requestRecovery(api, { email: form.email.trim(), token }),
    t('view.recovery.sent'),
    'recovery failed',
  );

  return (
    <AuthLayout title={t('view.recovery.title')} actions={<LanguageSwitch />}>
      <Box
        component="form"
        noValidate
        onSubmit={(event) => void handleSubmit(onSubmit)(event)}
        sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
      >
        <Typography variant="body2" color="text.secondary">
          {t('view.recovery.intro')}
        </Typography>
        <TextInput
          {...register('email')}
          id="email"
          type="email"
          label={t('view.recovery.email')}
          autoComplete="email"
          autoFocus
          error={Boolean(errors.email)}
          helperText={errors.email?.message ?? ' '}
        />
        <HumanCheck
          ref={check}
          challengeUrl={api.resolveUrl('rest/auth/altcha_challenge')}
          language={i18n.language}
        />
        <Box sx={{ display: 'flex', gap: 1, justifyContent: 'space-between' }}>
          <Button variant="text" onClick={() => void navigate('/auth/login')}>
            {t('view.recovery.back')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={!isValid || sending}
            loading={sending}
          >
            {t('view.recovery.reset')}
          </Button>
        </Box>
        {config.supportEmail ? (
          <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
            <Link href={`mailto:${config.supportEmail}`}>
              {t('view.recovery.support', { email: config.supportEmail })}
            </Link>
          </Typography>
        ) : null}
      </Box>
    </AuthLayout>
  );
}
