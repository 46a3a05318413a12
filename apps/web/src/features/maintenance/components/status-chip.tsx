import type { MaintenanceStatusCode } from '@rumbo/contracts';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { LevelChip } from '../../../shared/ui/level-chip';

export const STATUS_COLOR = {
  overdue: 'error',
  due_soon: 'warning',
  ok: 'success',
} as const satisfies Record<MaintenanceStatusCode, string>;

/** Overdue (red), due soon (amber), ok (green). */
export function StatusChip({ status }: { status: MaintenanceStatusCode }) {
  const { t } = useTranslation();
  return (
    <LevelChip
      color={STATUS_COLOR[status]}
      filled={status !== 'ok'}
      label={t(`maintenance.status.${status}`)}
      data-testid={`status-${status}`}
    />
  );
}
