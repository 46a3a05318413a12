import type { AdminRole } from '@rumbo/contracts';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import Chip from '@mui/material/Chip';
import { useCallback } from 'react';
import { useApiQuery } from '../../shared/api/api-query';
import { useEditing } from '../../shared/crud/use-editing';
import { useTranslation } from '../../shared/i18n/use-translation';
import { useServices } from '../../shared/services';
import { adminKeys, rolesApi } from './admin-api';
import { AdminTable, type AdminColumn } from './components/admin-table';
import { RoleDialog } from './components/role-dialog';
import { RowActions } from './components/row-actions';
import { useAdminDelete } from './components/use-admin-delete';

/** Roles: built-in (read-only) and the tenant's own, with start view and allowed views. */
export default function AdminRolesPage() {
  const { t } = useTranslation();
  const { api } = useServices();
  const roles = useApiQuery(adminKeys.roles, rolesApi.list);
  const editor = useEditing<AdminRole>();
  const remove = useAdminDelete({
    remove: (role: AdminRole) => rolesApi.remove(api, role.id),
    nameOf: (role) => role.name,
  });
  const searchTexts = useCallback(
    (r: AdminRole) => [r.name, t(`menu.${r.startOn}`), ...r.views.map((v) => t(`menu.${v}`))],
    [t],
  );

  const columns: AdminColumn<AdminRole>[] = [
    {
      id: 'name',
      label: t('admin.roles.name'),
      render: (r) => (
        <>
          {r.name}
          {r.builtIn ? (
            <Chip size="small" variant="outlined" label={t('admin.roles.builtin')} sx={{ ml: 1 }} />
          ) : null}
        </>
      ),
    },
    { id: 'start', label: t('admin.roles.start_on'), render: (r) => t(`menu.${r.startOn}`) },
    {
      id: 'views',
      label: t('admin.roles.views'),
      render: (r) => t('admin.roles.views_count', { count: r.views.length }),
    },
    { id: 'users', label: t('admin.roles.users'), numeric: true, render: (r) => r.userCount },
  ];

  return (
    <>
      <AdminTable
        name="roles"
        texts="admin.roles"
        onCreate={editor.create}
        query={roles}
        columns={columns}
        rowKey={(r) => r.id}
        searchTexts={searchTexts}
        actions={(r) =>
          r.builtIn ? (
            <RowActions
              label={r.name}
              editLabel={t('admin.roles.view')}
              editIcon={<VisibilityOutlinedIcon fontSize="small" />}
              onEdit={() => editor.edit(r)}
            />
          ) : (
            <RowActions
              label={r.name}
              onEdit={() => editor.edit(r)}
              onDelete={() => remove.ask(r)}
              deleteDisabledReason={
                r.userCount > 0 ? t('admin.error.role_in_use', { count: r.userCount }) : undefined
              }
            />
          )
        }
      />
      {editor.dialog((role, close) => (
        <RoleDialog role={role} onClose={close} />
      ))}
      {remove.dialog}
    </>
  );
}
