import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useEffect, type FormEvent, type ReactNode, type RefObject } from 'react';
import {
  useForm,
  type DefaultValues,
  type FieldValues,
  type Path,
  type RegisterOptions,
  type UseFormReturn,
} from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { useTranslation } from '../../shared/i18n/use-translation';
import { useServices } from '../../shared/services';
import { AuthLayout } from '../../shared/ui/auth-layout';
import { LanguageSwitch } from '../../shared/ui/language-switch';
import { TextInput } from '../../shared/ui/text-input';
import { HumanCheck, type HumanCheckHandle } from './components/human-check';
import { useHumanCheckedSubmit } from './use-human-checked-submit';

/**
 * A recovery form (spec §2, §5, §8): its fields checked as they change (again in a new language
 * once edited), sent through the invisible human check. `layout` goes to RecoveryFormLayout.
 */
export function useRecoveryForm<F extends FieldValues>(options: {
  schema: z.ZodType<F, F>;
  defaultValues: DefaultValues<F>;
  send: (form: F, humanToken: string) => Promise<true | string>;
  successMessage: string;
  failureLog: string;
}) {
  const { i18n } = useTranslation();
  const form = useForm<F>({
    resolver: zodResolver(options.schema),
    mode: 'onChange',
    defaultValues: options.defaultValues,
  });
  const { isDirty, isValid } = form.formState;
  useEffect(() => {
    if (isDirty) void form.trigger();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [i18n.language]);
  const { check, sending, submit } = useHumanCheckedSubmit<F>(
    options.send,
    options.successMessage,
    options.failureLog,
  );
  return {
    form,
    layout: {
      check,
      sending,
      isValid,
      onSubmit: (event: FormEvent) => void form.handleSubmit(submit)(event),
    },
  };
}

/** A registered field's props: its input, and its message (a space while there is none). */
export function fieldProps<F extends FieldValues>(
  form: UseFormReturn<F>,
  name: Path<F>,
  options?: RegisterOptions<F, Path<F>>,
) {
  const error = form.formState.errors[name];
  return {
    ...form.register(name, options),
    error: Boolean(error),
    helperText: (error?.message as string | undefined) ?? ' ',
  };
}

/** The e-mail field the recovery screens open with. */
export function EmailField<F extends { email: string }>({
  form,
  label,
}: {
  form: UseFormReturn<F>;
  label: string;
}) {
  return (
    <TextInput
      {...fieldProps(form, 'email' as Path<F>)}
      id="email"
      type="email"
      label={label}
      autoComplete="email"
      autoFocus
    />
  );
}

/** The recovery screens' card: the fields, the human check, back to login and the submit. */
export function RecoveryFormLayout({
  title,
  submitLabel,
  check,
  sending,
  isValid,
  onSubmit,
  children,
  footer,
}: {
  title: string;
  submitLabel: string;
  check: RefObject<HumanCheckHandle | null>;
  sending: boolean;
  isValid: boolean;
  onSubmit: (event: FormEvent) => void;
  children: ReactNode;
  /** Below the buttons. */
  footer?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const { api } = useServices();
  const navigate = useNavigate();
  return (
    <AuthLayout title={title} actions={<LanguageSwitch />}>
      <Box
        component="form"
        noValidate
        onSubmit={onSubmit}
        sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
      >
        {children}
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
            {submitLabel}
          </Button>
        </Box>
        {footer}
      </Box>
    </AuthLayout>
  );
}
