import { useTranslation } from '../../shared/i18n/use-translation';
import { useSaveMutation } from '../../shared/api/use-save-mutation';
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
  const { fields = [], conflictField, setFieldError, ...rest } = options;
  return useSaveMutation({
    ...rest,
    invalidate: adminKeys.all,
    onFailure: (error) => {
      for (const { field, message } of fieldErrors(error, fields, t, conflictField))
        setFieldError?.(field, message);
    },
  });
}
