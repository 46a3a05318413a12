import { API_KEY_SCOPES, type ApiKey, type ApiKeyCreated } from '@rumbo/contracts';
import BlockIcon from '@mui/icons-material/Block';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { useCallback, useMemo, useState } from 'react';
import { Controller } from 'react-hook-form';
import { fieldPropsOf } from '../../shared/crud/form-fields';
import { ActionButton } from '../../shared/crud/action-button';
import { useApiQuery } from '../../shared/api/api-query';
import { useTranslation } from '../../shared/i18n/use-translation';
import { SecretOnceDialog } from './secret-once-dialog';
import { useServices } from '../../shared/services';
import { ConfirmText } from '../../shared/ui/confirm-dialog';
import { adminKeys, apiKeysApi } from './admin-api';
import { apiKeyFormSchema, toApiKeyInput, type ApiKeyForm } from './api-key-form';
import { AdminTable, type AdminColumn } from './components/admin-table';
import { useAdminConfirm } from './components/use-admin-delete';
import { CheckboxGroupField } from './components/checkbox-group-field';
import { FormDialog } from './components/admin-dialogs';
import { useAdminForm } from './use-admin-form';
import { useInstantText } from './use-admin-format';

type KeyState = 'active' | 'revoked' | 'expired';
const stateOf = (key: ApiKey, nowMs: number): KeyState =>
  key.revokedAt
    ? 'revoked'
    : key.expiresAt && Date.parse(key.expiresAt) <= nowMs
      ? 'expired'
      : 'active';

/** The new key's form; on success the parent shows the secret, once. */
function ApiKeyDialog(props: { onClose: () => void; onCreated: (key: ApiKeyCreated) => void }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const today = new Date().toLocaleDateString('sv');
  const schema = useMemo(() => apiKeyFormSchema(t, today), [t, today]);
  const { form, mutation, onSubmit } = useAdminForm<ApiKeyForm, ApiKeyCreated>({
    schema,
    defaultValues: { name: '', scopes: ['positions:read'], expires: '', addresses: '' },
    save: async (values) => {
      const created = await apiKeysApi.create(api, toApiKeyInput(values));
      props.onCreated(created);
      return created;
    },
    success: t('admin.common.created'),
    onClose: props.onClose,
  });
  const {
    control,
    formState: { errors },
  } = form;
  const field = fieldPropsOf(form, 'api-key');
  return (
    <FormDialog
      name="api-key"
      open
      title={t('admin.api_keys.new')}
      submitting={mutation.isPending}
      onClose={props.onClose}
      onSubmit={onSubmit}
    >
      <Box sx={{ display: 'grid', gap: 2 }}>
        <TextField
          {...field('name', t('admin.api_keys.name_help'))}
          label={t('admin.api_keys.name')}
          required
          autoComplete="off"
        />
        <Controller
          control={control}
          name="scopes"
          render={({ field }) => (
            <CheckboxGroupField
              id="api-key-scopes"
              legend={t('admin.api_keys.scopes')}
              options={API_KEY_SCOPES}
              labelOf={(scope) => t(`admin.api_keys.scope.${scope}`)}
              testIdOf={(scope) => `scope-${scope}`}
              value={field.value}
              onChange={field.onChange}
              help={t('admin.api_keys.scopes_help')}
              error={errors.scopes?.message}
            />
          )}
        />
        <TextField
          {...field('expires', t('admin.api_keys.expires_help'))}
          type="date"
          label={t('admin.api_keys.expires')}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: today } }}
        />
        <TextField
          {...field('addresses', t('admin.api_keys.addresses_help'))}
          label={t('admin.api_keys.addresses')}
          multiline
          minRows={2}
          placeholder="203.0.113.7&#10;10.20.0.0/16"
        />
      </Box>
    </FormDialog>
  );
}

/** The secret of a key just created: shown this once, with a copy button. */
function SecretDialog({ created, onClose }: { created: ApiKeyCreated; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <SecretOnceDialog
      testId="api-key-secret"
      title={t('admin.api_keys.created_title', { name: created.name })}
      warning={t('admin.api_keys.shown_once')}
      secret={created.secret}
      copyLabel={t('admin.api_keys.copy')}
      hint={t('admin.api_keys.usage_hint')}
      doneLabel={t('admin.api_keys.done')}
      onClose={onClose}
    />
  );
}

/** The tenant's API keys: scopes, last use and from where, expiry; create (secret shown once), revoke. */
export function ApiKeysPanel() {
  const { t } = useTranslation();
  const { api } = useServices();
  const instant = useInstantText();
  const keys = useApiQuery(adminKeys.apiKeys, apiKeysApi.list);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<ApiKeyCreated | null>(null);
  const revoke = useAdminConfirm({
    run: (key: ApiKey) => apiKeysApi.revoke(api, key.id),
    success: t('admin.api_keys.revoked_done'),
    title: t('admin.api_keys.revoke_title'),
    titleId: 'api-key-revoke-title',
    confirmLabel: t('admin.api_keys.revoke'),
    testId: 'confirm-revoke',
    text: (key) => (
      <ConfirmText>{t('admin.api_keys.revoke_text', { name: key?.name ?? '' })}</ConfirmText>
    ),
  });
  // Expired as of the list's fetch (it refetches on focus and after each change).
  const nowMs = keys.dataUpdatedAt;
  const searchTexts = useCallback((k: ApiKey) => [k.name, k.preview, k.createdBy, ...k.scopes], []);
  const stateColor = { active: 'success', revoked: 'default', expired: 'warning' } as const;
  const columns: AdminColumn<ApiKey>[] = [
    { id: 'name', label: t('admin.api_keys.name'), render: (k) => k.name },
    {
      id: 'key',
      label: t('admin.api_keys.key'),
      render: (k) => (
        <Box component="code" sx={{ fontFamily: 'monospace' }}>
          {k.preview}
        </Box>
      ),
    },
    {
      id: 'scopes',
      label: t('admin.api_keys.scopes'),
      render: (k) => (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
          {k.scopes.map((scope) => (
            <Chip
              key={scope}
              size="small"
              variant="outlined"
              label={t(`admin.api_keys.scope.${scope}`)}
            />
          ))}
        </Box>
      ),
    },
    {
      id: 'last',
      label: t('admin.api_keys.last_used'),
      render: (k) =>
        k.lastUsedAt
          ? t('admin.api_keys.last_used_from', {
              when: instant(k.lastUsedAt),
              from: k.lastUsedFrom ?? '—',
              count: k.uses,
            })
          : t('admin.api_keys.never_used'),
    },
    {
      id: 'expires',
      label: t('admin.api_keys.expires'),
      render: (k) => (k.expiresAt ? instant(k.expiresAt) : t('admin.api_keys.never')),
    },
    {
      id: 'status',
      label: t('admin.users.status'),
      render: (k) => {
        const state = stateOf(k, nowMs);
        return (
          <Chip
            size="small"
            variant="outlined"
            color={stateColor[state]}
            label={t(`admin.api_keys.state.${state}`)}
          />
        );
      },
    },
  ];
  return (
    <>
      <AdminTable
        name="api-keys"
        texts="admin.api_keys"
        onCreate={() => setCreating(true)}
        query={keys}
        columns={columns}
        rowKey={(k) => k.id}
        searchTexts={searchTexts}
        rowSx={(k) => (stateOf(k, nowMs) === 'active' ? undefined : { opacity: 0.65 })}
        actions={(k) =>
          stateOf(k, nowMs) === 'revoked' ? null : (
            <ActionButton
              label={t('admin.api_keys.revoke')}
              name={k.name}
              icon={<BlockIcon fontSize="small" />}
              onClick={() => revoke.ask(k)}
              testId="row-revoke"
            />
          )
        }
      />
      {creating ? <ApiKeyDialog onClose={() => setCreating(false)} onCreated={setCreated} /> : null}
      {created ? <SecretDialog created={created} onClose={() => setCreated(null)} /> : null}
      {revoke.dialog}
    </>
  );
}
