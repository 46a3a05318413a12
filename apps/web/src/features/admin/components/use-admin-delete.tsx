import type { ReactNode } from 'react';
import { ConfirmRowDialog, useRowTarget } from '../../../shared/crud/confirm-row-dialog';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { ConfirmText } from '../../../shared/ui/confirm-dialog';
import { useAdminSave } from '../use-admin-save';

/**
 * A row action asked for first (delete, revoke): `ask(row)` opens the confirmation, which closes
 * once `run` succeeds; render `dialog` once in the page.
 */
export function useAdminConfirm<T>(options: {
  run: (row: T) => Promise<unknown>;
  success: string;
  title: string;
  titleId: string;
  confirmLabel: string;
  testId: string;
  /** The question; `row` is null while the dialog closes. */
  text: (row: T | null) => ReactNode;
}) {
  const { t } = useTranslation();
  const { target, ask, close } = useRowTarget<T>();
  const mutation = useAdminSave({
    mutationFn: options.run,
    success: options.success,
    onSuccess: close,
  });
  const dialog = (
    <ConfirmRowDialog
      target={target}
      busy={mutation.isPending}
      title={options.title}
      titleId={options.titleId}
      cancelLabel={t('admin.common.cancel')}
      confirmLabel={options.confirmLabel}
      testId={options.testId}
      onCancel={close}
      onConfirm={(row) => mutation.mutate(row)}
    >
      {options.text}
    </ConfirmRowDialog>
  );
  return { ask, dialog };
}

/** Delete with confirmation: `ask(row)` opens the dialog; render `dialog` once in the page. */
export function useAdminDelete<T>(options: {
  remove: (row: T) => Promise<unknown>;
  nameOf: (row: T) => string;
  hintOf?: (row: T) => string | undefined;
}) {
  const { t } = useTranslation();
  return useAdminConfirm<T>({
    run: options.remove,
    success: t('admin.common.deleted'),
    title: t('admin.common.confirm_delete_title'),
    titleId: 'confirm-delete-title',
    confirmLabel: t('admin.common.delete'),
    testId: 'confirm-delete',
    text: (row) => {
      const hint = row === null ? undefined : options.hintOf?.(row);
      return (
        <>
          <ConfirmText>
            {t('admin.common.confirm_delete', { name: row === null ? '' : options.nameOf(row) })}
          </ConfirmText>
          {hint ? <ConfirmText sx={{ mt: 1 }}>{hint}</ConfirmText> : null}
        </>
      );
    },
  });
}
