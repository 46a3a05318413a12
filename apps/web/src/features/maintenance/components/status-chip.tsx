import type { MaintenanceStatusCode } from '@rumbo/contracts';
import Chip from '@mui/material/Chip';
import { useTranslation } from '../../../shared/i18n/use-translation';

export const STATUS_COLOR = {
  overdue: 'error',
  due_soon: 'warning',
  ok: 'success',
} as const satisfies Record<MaintenanceStatusCode, string>;

/** Overdue (red), due soon (amber), ok (green). */
export function StatusChip({ status }: { status: MaintenanceStatusCode }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      color={STATUS_COLOR[status]}
      variant={status === 'ok' ? 'outlined' : 'filled'}
      label={t(`maintenance.status.${status}`)}
      data-testid={`status-${status}`}
    />
  );
}
