import { ConfirmDialog, ConfirmText } from '../../../shared/ui/confirm-dialog';
import { useTranslation } from '../../../shared/i18n/use-translation';

/** Asks before a geofence or a POI is deleted. */
export function ConfirmDeleteDialog({
  open,
  name,
  text,
  deleting,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  name: string;
  text: string;
  deleting: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      open={open}
      title={t('geofences.confirm_delete_title', { name })}
      busy={deleting}
      busyStyle="disabled"
      cancelLabel={t('geofences.form.cancel')}
      confirmLabel={t('geofences.form.delete')}
      testId="zone-confirm-delete"
      onCancel={onCancel}
      onConfirm={onConfirm}
    >
      <ConfirmText>{text}</ConfirmText>
    </ConfirmDialog>
  );
}
