import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../shared/i18n/use-translation';
import { isAborted } from '../../shared/api/api-error';
import { errorMessage } from '../../shared/api/error-message';
import { useServices } from '../../shared/services';
import { adminKeys } from './admin-api';
import { fieldErrors } from './server-errors';

/**
 * A save or delete of an administration screen: on success every admin list refreshes and a
 * snackbar confirms; on failure the server's complaints land on their fields, and its message
 * in the snackbar.
 */
export function useAdminSave<TVars, TResult>(options: {
  mutationFn: (vars: TVars) => Promise<TResult>;
  success: string | ((result: TResult, vars: TVars) => string);
  onSuccess?: (result: TResult, vars: TVars) => void;
  fields?: readonly string[];
  conflictField?: string;
  setFieldError?: (field: string, message: string) => void;
}) {
  const { t } = useTranslation();
  const { snackbar } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: options.mutationFn,
    onSuccess: async (result, vars) => {
      await queryClient.invalidateQueries({ queryKey: adminKeys.all });
      const message =
        typeof options.success === 'string' ? options.success : options.success(result, vars);
      snackbar.notify({ type: 'success', message });
      options.onSuccess?.(result, vars);
    },
    onError: (error) => {
      if (isAborted(error)) return;
      const errors = fieldErrors(error, options.fields ?? [], t, options.conflictField);
      for (const { field, message } of errors) options.setFieldError?.(field, message);
      snackbar.notify({ type: 'error', message: errorMessage(error, t) });
    },
  });
}
