import type { Group } from '@rumbo/contracts';
import TextField from '@mui/material/TextField';
import { useCallback } from 'react';
import { useApiQuery } from '../../shared/api/api-query';
import { useEditing } from '../../shared/crud/use-editing';
import { useTranslation } from '../../shared/i18n/use-translation';
import { useServices } from '../../shared/services';
import { adminKeys, groupsApi } from './admin-api';
import { FormDialog } from './components/admin-dialogs';
import { AdminTable, type AdminColumn } from './components/admin-table';
import { RowActions } from './components/row-actions';
import { useAdminDelete } from './components/use-admin-delete';
import { groupForm } from './admin-entities';
import { useEntityForm } from './use-admin-form';

/** Vehicle groups: create, rename, delete (vehicles stay, without group). */
export default function AdminGroupsPage() {
  const { t } = useTranslation();
  const { api } = useServices();
  const groups = useApiQuery(adminKeys.groups, groupsApi.list);
  const editor = useEditing<Group>();
  const remove = useAdminDelete({
    remove: (group: Group) => groupsApi.remove(api, group.id),
    nameOf: (group) => group.name,
    hintOf: (group) => (group.vehicleCount > 0 ? t('admin.groups.delete_hint') : undefined),
  });
  const searchTexts = useCallback((g: Group) => [g.name], []);
  const columns: AdminColumn<Group>[] = [
    { id: 'name', label: t('admin.groups.name'), render: (g) => g.name },
    {
      id: 'count',
      label: t('admin.groups.vehicle_count'),
      numeric: true,
      render: (g) => g.vehicleCount,
    },
  ];

  return (
    <>
      <AdminTable
        name="groups"
        texts="admin.groups"
        onCreate={editor.create}
        query={groups}
        columns={columns}
        rowKey={(g) => g.id}
        searchTexts={searchTexts}
        actions={(g) => (
          <RowActions label={g.name} onEdit={() => editor.edit(g)} onDelete={() => remove.ask(g)} />
        )}
      />
      {editor.dialog((group, close) => (
        <GroupDialog group={group} onClose={close} />
      ))}
      {remove.dialog}
    </>
  );
}

function GroupDialog(props: { group: Group | null; onClose: () => void }) {
  const { group } = props;
  const { t, field, dialog } = useEntityForm(groupForm, group, props.onClose);
  return (
    <FormDialog
      {...dialog}
      maxWidth="xs"
      title={group ? t('admin.groups.edit') : t('admin.groups.new')}
    >
      <TextField
        {...field('name')}
        label={t('admin.groups.name')}
        fullWidth
        required
        autoFocus
        sx={{ mt: 1 }}
      />
    </FormDialog>
  );
}
