import type { Group } from '@rumbo/contracts';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { useServices } from '../../shared/services';
import { adminKeys, groupsApi } from './admin-api';
import { groupFormSchema, type GroupForm } from './admin-forms';
import { FormDialog } from './components/admin-dialogs';
import { AdminTable, type AdminColumn } from './components/admin-table';
import { RowActions } from './components/row-actions';
import { useAdminDelete } from './components/use-admin-delete';
import { useAdminForm } from './use-admin-form';

/** Vehicle groups: create, rename, delete (vehicles stay, without group). */
export default function AdminGroupsPage() {
  const { t } = useTranslation();
  const { api } = useServices();
  const groups = useQuery({
    queryKey: adminKeys.groups,
    queryFn: ({ signal }) => groupsApi.list(api, signal),
  });
  const [editing, setEditing] = useState<Group | 'new' | null>(null);
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
        title={t('admin.groups.title')}
        subtitle={t('admin.groups.subtitle')}
        createLabel={t('admin.groups.new')}
        onCreate={() => setEditing('new')}
        query={groups}
        columns={columns}
        rowKey={(g) => g.id}
        searchTexts={searchTexts}
        emptyText={t('admin.groups.empty')}
        actions={(g) => (
          <RowActions label={g.name} onEdit={() => setEditing(g)} onDelete={() => remove.ask(g)} />
        )}
      />
      {editing !== null ? (
        <GroupDialog group={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      ) : null}
      {remove.dialog}
    </>
  );
}

function GroupDialog(props: { group: Group | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const { group } = props;
  const schema = useMemo(() => groupFormSchema(t), [t]);
  const { form, mutation, onSubmit } = useAdminForm({
    schema,
    defaultValues: { name: group?.name ?? '' },
    save: async ({ name }: GroupForm): Promise<void> => {
      if (group) await groupsApi.update(api, group.id, name.trim());
      else await groupsApi.create(api, name.trim());
    },
    success: group ? t('admin.common.saved') : t('admin.common.created'),
    onClose: props.onClose,
    conflictField: 'name',
  });
  const {
    register,
    formState: { errors },
  } = form;
  return (
    <FormDialog
      name="group"
      open
      maxWidth="xs"
      title={group ? t('admin.groups.edit') : t('admin.groups.new')}
      submitting={mutation.isPending}
      onClose={props.onClose}
      onSubmit={onSubmit}
    >
      <TextField
        {...register('name')}
        id="group-name"
        label={t('admin.groups.name')}
        fullWidth
        required
        autoFocus
        sx={{ mt: 1 }}
        error={Boolean(errors.name)}
        helperText={errors.name?.message}
      />
    </FormDialog>
  );
}
