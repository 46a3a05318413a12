import Box from '@mui/material/Box';
import { useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from '../../shared/i18n/use-translation';
import { useParams } from 'react-router';
import { useServices } from '../../shared/services';
import { TextInput } from '../../shared/ui/text-input';
import { PasswordStrengthBar } from './components/password-strength-bar';
import { setRecoveredPassword } from './recovery-api';
import { EmailField, fieldProps, RecoveryFormLayout, useRecoveryForm } from './recovery-form';
import { recoveryTokenSchema, type RecoveryTokenForm } from './recovery-token-schema';

/** Set a new password with the code from the recovery mail (spec §2, §5, §8). */
export default function RecoveryTokenPage() {
  const { t } = useTranslation();
  const { token: recoveryToken = '' } = useParams();
  const { api } = useServices();
  const schema = useMemo(() => recoveryTokenSchema(t), [t]);
  const { form, layout } = useRecoveryForm<RecoveryTokenForm>({
    schema,
    defaultValues: { email: '', password: '', repeat: '' },
    send: (values, token) =>
      setRecoveredPassword(api, {
        email: values.email.trim(),
        recoveryToken,
        password: values.password,
        token,
      }),
    successMessage: t('view.recovery_token.updated'),
    failureLog: 'password change failed',
  });
  const password = useWatch({ control: form.control, name: 'password' });
  const newPassword = { type: 'password', autoComplete: 'new-password' } as const;

  return (
    <RecoveryFormLayout
      title={t('view.recovery_token.title')}
      submitLabel={t('view.recovery_token.submit')}
      {...layout}
    >
      <EmailField form={form} label={t('view.recovery_token.email')} />
      <TextInput id="code" label={t('view.recovery_token.code')} value={recoveryToken} readOnly />
      <Box>
        <TextInput
          {...fieldProps(form, 'password')}
          {...newPassword}
          id="new-password"
          label={t('view.recovery_token.password')}
        />
        <PasswordStrengthBar password={password} />
      </Box>
      <TextInput
        {...fieldProps(form, 'repeat', { deps: ['password'] })}
        {...newPassword}
        id="repeat-password"
        label={t('view.recovery_token.repeat')}
      />
    </RecoveryFormLayout>
  );
}
