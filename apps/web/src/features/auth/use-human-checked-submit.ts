import { useRef, useState } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { useNavigate } from 'react-router';
import { isAborted } from '../../shared/api/api-error';
import { errorMessage } from '../../shared/api/error-message';
import { useServices } from '../../shared/services';
import type { HumanCheckHandle } from './components/human-check';

/**
 * The recovery calls' convention (spec §8): solve the invisible human check, send, then `true`
 * → success message and back to login; a text → warning; an exception → logged (and shown).
 * A refused attempt resets the check for the next try.
 */
export function useHumanCheckedSubmit<F>(
  send: (form: F, humanToken: string) => Promise<true | string>,
  successMessage: string,
  failureLog: string,
) {
  const { t } = useTranslation();
  const { snackbar } = useServices();
  const navigate = useNavigate();
  const check = useRef<HumanCheckHandle>(null);
  const [sending, setSending] = useState(false);

  const submit = async (form: F) => {
    setSending(true);
    try {
      const token = (await check.current?.getPayload()) ?? '';
      const outcome = await send(form, token);
      if (outcome === true) {
        snackbar.notify({ type: 'success', message: successMessage });
        await navigate('/auth/login');
        return;
      }
      snackbar.notify({ type: 'warning', message: outcome });
      check.current?.reset();
    } catch (error) {
      console.error(failureLog, error);
      if (!isAborted(error)) snackbar.notify({ type: 'error', message: errorMessage(error, t) });
      check.current?.reset();
    } finally {
      setSending(false);
    }
  };

  return { check, sending, submit };
}
