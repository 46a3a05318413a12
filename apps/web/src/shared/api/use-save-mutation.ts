import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useTranslation } from '../i18n/use-translation';
import { useServices } from '../services';
import { isAborted } from './api-error';
import { errorMessage } from './error-message';

/**
 * A save or delete of a screen: on success the queries under `invalidate` refresh and a snackbar
 * confirms; on failure (unless aborted) `onFailure` sees the error first, then the server's
 * message shows in the snackbar.
 */
export function useSaveMutation<TVars, TResult>(options: {
  invalidate: QueryKey;
  mutationFn: (vars: TVars) => Promise<TResult>;
  success: string | ((result: TResult, vars: TVars) => string);
  onSuccess?: (result: TResult, vars: TVars) => void;
  onFailure?: (error: unknown) => void;
}) {
  const { t } = useTranslation();
  const { snackbar } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: options.mutationFn,
    onSuccess: async (result, vars) => {
      await queryClient.invalidateQueries({ queryKey: options.invalidate });
      const message =
        typeof options.success === 'string' ? options.success : options.success(result, vars);
      snackbar.notify({ type: 'success', message });
      options.onSuccess?.(result, vars);
    },
    onError: (error) => {
      if (isAborted(error)) return;
      options.onFailure?.(error);
      snackbar.notify({ type: 'error', message: errorMessage(error, t) });
    },
  });
}
