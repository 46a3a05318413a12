import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { z } from 'zod';
import { email, required } from '../../shared/rules/rules';
import { ruleField } from '../../shared/rules/zod-rules';
import { useServices } from '../../shared/services';
import { requestRecovery } from './recovery-api';
import { EmailField, RecoveryFormLayout, useRecoveryForm } from './recovery-form';

/** Password recovery (spec §2, §5, §8): e-mail, invisible human check, back and reset. */
export default function RecoveryPage() {
  const { t } = useTranslation();
  const { api, config } = useServices();
  const schema = useMemo(
    () =>
      z.object({
        email: ruleField([required(t('validation.required')), email(t('validation.email'))]),
      }),
    [t],
  );
  const { form, layout } = useRecoveryForm<{ email: string }>({
    schema,
    defaultValues: { email: '' },
    send: (values, token) => requestRecovery(api, { email: values.email.trim(), token }),
    successMessage: t('view.recovery.sent'),
    failureLog: 'recovery failed',
  });

  return (
    <RecoveryFormLayout
      title={t('view.recovery.title')}
      submitLabel={t('view.recovery.reset')}
      {...layout}
      footer={
        config.supportEmail ? (
          <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
            <Link href={`mailto:${config.supportEmail}`}>
              {t('view.recovery.support', { email: config.supportEmail })}
            </Link>
          </Typography>
        ) : null
      }
    >
      <Typography variant="body2" color="text.secondary">
        {t('view.recovery.intro')}
      </Typography>
      <EmailField form={form} label={t('view.recovery.email')} />
    </RecoveryFormLayout>
  );
}
