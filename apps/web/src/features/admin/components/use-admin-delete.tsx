import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useAdminSave } from '../use-admin-save';
import { ConfirmDeleteDialog } from './admin-dialogs';

/** Delete with confirmation: `ask(row)` opens the dialog; render `dialog` once in the page. */
export function useAdminDelete<T>(options: {
  remove: (row: T) => Promise<unknown>;
  nameOf: (row: T) => string;
  hintOf?: (row: T) => string | undefined;
}) {
  const { t } = useTranslation();
  const [target, setTarget] = useState<T | null>(null);
  const mutation = useAdminSave({
    mutationFn: options.remove,
    success: t('admin.common.deleted'),
    onSuccess: () => setTarget(null),
  });
  const dialog = (
    <ConfirmDeleteDialog
      open={target !== null}
      name={target === null ? '' : options.nameOf(target)}
      hint={target === null ? undefined : options.hintOf?.(target)}
      deleting={mutation.isPending}
      onCancel={() => setTarget(null)}
      onConfirm={() => {
        if (target !== null) mutation.mutate(target);
      }}
    />
  );
  return { ask: (row: T) => setTarget(() => row), dialog };
}
