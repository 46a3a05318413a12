import type { ReactNode } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { TableMessage } from '../../shared/table/table-parts';

/** The table of a list, or why it shows nothing: nothing in the period, or nothing passes the filters. */
export function ListOrMessage(props: {
  total: number;
  shown: number;
  emptyText: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  if (props.shown > 0) return props.children;
  return (
    <TableMessage
      kind="empty"
      text={props.total > 0 ? t('fuel.events.no_match') : props.emptyText}
    />
  );
}
