import type { AdminUser } from '@rumbo/contracts';
import Chip from '@mui/material/Chip';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useCallback } from 'react';
import { useApiQuery } from '../../shared/api/api-query';
import { useEditing } from '../../shared/crud/use-editing';
import { useTranslation } from '../../shared/i18n/use-translation';
import { useServices } from '../../shared/services';
import { useUrlParams } from '../../shared/url/use-url-params';
import { adminKeys, usersApi } from './admin-api';
import { ApiKeysPanel } from './api-keys-panel';
import { WebhooksPanel } from './webhooks-panel';
import { AdminTable, type AdminColumn } from './components/admin-table';
import { RowActions } from './components/row-actions';
import { useAdminDelete } from './components/use-admin-delete';
import { UserDialog } from './components/user-dialog';
import { useInstantText } from './use-admin-format';

const fullName = (user: AdminUser) => `${user.nombre} ${user.apellido}`.trim();

/** Users of the tenant: role, status, last sign-in; create, edit, disable, delete. */
function UsersPanel() {
  const { t } = useTranslation();
  const { api } = useServices();
  const instant = useInstantText();
  const users = useApiQuery(adminKeys.users, usersApi.list);
  const roles = useApiQuery(adminKeys.roleOptions, usersApi.roleOptions);
  const editor = useEditing<AdminUser>();
  const remove = useAdminDelete({
    remove: (user: AdminUser) => usersApi.remove(api, user.id),
    nameOf: (user) => user.username,
  });
  const searchTexts = useCallback(
    (u: AdminUser) => [u.username, fullName(u), u.email, u.roleName],
    [],
  );

  const columns: AdminColumn<AdminUser>[] = [
    {
      id: 'username',
      label: t('admin.users.username'),
      render: (u) => (
        <>
          {u.username}
          {u.isSelf ? (
            <Chip size="small" label={t('admin.users.you')} sx={{ ml: 1 }} color="primary" />
          ) : null}
        </>
      ),
    },
    { id: 'name', label: t('admin.users.nombre'), render: fullName },
    { id: 'email', label: t('admin.users.email'), render: (u) => u.email },
    { id: 'role', label: t('admin.users.role'), render: (u) => u.roleName },
    {
      id: 'status',
      label: t('admin.users.status'),
      render: (u) => (
        <Chip
          size="small"
          variant="outlined"
          color={u.disabled ? 'default' : 'success'}
          label={u.disabled ? t('admin.users.inactive') : t('admin.users.active')}
        />
      ),
    },
    {
      id: 'last',
      label: t('admin.users.last_sign_in'),
      render: (u) => instant(u.lastSignInAt),
    },
  ];

  return (
    <>
      <AdminTable
        name="users"
        texts="admin.users"
        onCreate={roles.data ? editor.create : undefined}
        query={users}
        columns={columns}
        rowKey={(u) => u.id}
        searchTexts={searchTexts}
        rowSx={(u) => (u.disabled ? { opacity: 0.65 } : undefined)}
        actions={(u) => (
          <RowActions
            label={u.username}
            onEdit={roles.data ? () => editor.edit(u) : undefined}
            onDelete={() => remove.ask(u)}
            deleteDisabledReason={u.isSelf ? t('admin.error.self_delete') : undefined}
          />
        )}
      />
      {editor.dialog((user, close) =>
        roles.data ? <UserDialog user={user} roles={roles.data} onClose={close} /> : null,
      )}
      {remove.dialog}
    </>
  );
}

/**
 * Users of the tenant, and (second tab, `?tab=api-keys`) the API keys its other systems use:
 * both are who may reach the tenant's data (issue 27); third tab (`?tab=webhooks`), the addresses
 * its events are posted to.
 */
export default function AdminUsersPage() {
  const { t } = useTranslation();
  const { get, update } = useUrlParams();
  const asked = get('tab');
  const tab = asked === 'api-keys' || asked === 'webhooks' ? asked : 'users';
  return (
    <>
      <Tabs
        value={tab}
        onChange={(_, value: string) => update({ tab: value === 'users' ? null : value })}
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
        aria-label={t('admin.users.title')}
      >
        <Tab value="users" label={t('admin.users.title')} data-testid="tab-users" />
        <Tab value="api-keys" label={t('admin.api_keys.title')} data-testid="tab-api-keys" />
        <Tab value="webhooks" label={t('admin.webhooks.title')} data-testid="tab-webhooks" />
      </Tabs>
      {tab === 'users' ? <UsersPanel /> : tab === 'api-keys' ? <ApiKeysPanel /> : <WebhooksPanel />}
    </>
  );
}
