import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import type { ReactNode } from 'react';
import { ActionButton } from '../../../shared/crud/action-button';
import { useTranslation } from '../../../shared/i18n/use-translation';

/** Edit and delete buttons of a row, labelled with the row's name for screen readers. */
export function RowActions(props: {
  label: string;
  onEdit?: (() => void) | undefined;
  onDelete?: (() => void) | undefined;
  /** Why delete is not offered (e.g. one's own account). */
  deleteDisabledReason?: string | undefined;
  editIcon?: ReactNode;
  editLabel?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const editLabel = props.editLabel ?? t('admin.common.edit');
  return (
    <>
      {props.children}
      {props.onEdit ? (
        <ActionButton
          label={editLabel}
          name={props.label}
          icon={props.editIcon ?? <EditOutlinedIcon fontSize="small" />}
          onClick={props.onEdit}
          testId="row-edit"
        />
      ) : null}
      {props.onDelete ? (
        <Tooltip title={props.deleteDisabledReason ?? t('admin.common.delete')}>
          <span>
            <IconButton
              size="small"
              aria-label={`${t('admin.common.delete')} ${props.label}`}
              onClick={props.onDelete}
              disabled={Boolean(props.deleteDisabledReason)}
              data-testid="row-delete"
            >
              <DeleteOutlinedIcon fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
      ) : null}
    </>
  );
}
