import { zodResolver } from '@hookform/resolvers/zod';
import type { Group } from '@rumbo/contracts';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../shared/services';
import { adminKeys, groupsApi } from './admin-api';
import { groupFormSchema, type GroupForm } from './admin-forms';
import { ConfirmDeleteDialog, FormDialog } from './components/admin-dialogs';
import { AdminTable, type AdminColumn } from './components/admin-table';
import { RowActions } from './components/row-actions';
import { useAdminSave } from './use-admin-save';

/** Vehicle groups: create, rename, delete (vehicles stay, without group). */
export default function AdminGroupsPage() {
  const { t } = useTranslation();
  const { api } = useServices();
  const groups = useQuery({
    queryKey: adminKeys.groups,
    queryFn: ({ signal }) => groupsApi.list(api, signal),
  });
  const [editing, setEditing] = useState<Group | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Group | null>(null);
  const remove = useAdminSave({
    mutationFn: (group: Group) => groupsApi.remove(api, group.id),
    success: t('admin.common.deleted'),
    onSuccess: () => setDeleting(null),
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
          <RowActions label={g.name} onEdit={() => setEditing(g)} onDelete={() => setDeleting(g)} />
        )}
      />
      {editing !== null ? (
        <GroupDialog group={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      ) : null}
      <ConfirmDeleteDialog
        open={deleting !== null}
        name={deleting?.name ?? ''}
        hint={deleting && deleting.vehicleCount > 0 ? t('admin.groups.delete_hint') : undefined}
        deleting={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting)}
      />
    </>
  );
}

function GroupDialog(props: { group: Group | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const { group } = props;
  const schema = useMemo(() => groupFormSchema(t), [t]);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<GroupForm>({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: { name: group?.name ?? '' },
  });
  const save = useAdminSave({
    mutationFn: async ({ name }: GroupForm): Promise<void> => {
      if (group) await groupsApi.update(api, group.id, name.trim());
      else await groupsApi.create(api, name.trim());
    },
    success: group ? t('admin.common.saved') : t('admin.common.created'),
    onSuccess: props.onClose,
    fields: ['name'],
    conflictField: 'name',
    setFieldError: (_field, message) => setError('name', { message }),
  });
  return (
    <FormDialog
      name="group"
      open
      maxWidth="xs"
      title={group ? t('admin.groups.edit') : t('admin.groups.new')}
      submitting={save.isPending}
      onClose={props.onClose}
      onSubmit={(event) => void handleSubmit((form) => save.mutate(form))(event)}
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
