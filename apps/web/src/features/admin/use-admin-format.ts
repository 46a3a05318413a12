import { useTranslation } from '../../shared/i18n/use-translation';
import { formatDateTime } from '../../shared/format/format';
import { useSession } from '../../shared/services';

/** Formats an ISO instant in the user's language and UTC offset, or "never". */
export function useInstantText(): (iso: string | null | undefined) => string {
  const { t, i18n } = useTranslation();
  const offset = useSession((s) => s.user?.config.timeZone ?? 0);
  const language = i18n.language === 'en' ? 'en' : 'es';
  return (iso) => {
    const ms = iso ? Date.parse(iso) : Number.NaN;
    return Number.isFinite(ms) ? formatDateTime(ms, language, offset) : t('admin.common.never');
  };
}
