import { reportEmail } from '@rumbo/contracts';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { isAborted } from '../../../shared/api/api-error';
import { errorMessage } from '../../../shared/api/error-message';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useServices } from '../../../shared/services';
import {
  allowedAddressesKey,
  fetchAllowedAddresses,
  recipientsKey,
  saveAllowedAddresses,
} from '../../../shared/reports/reports-api';
import { RetryAlert } from '../../../shared/ui/retry-alert';

/** What `PUT …/allowed-addresses` accepts at most (the contract's `max(500)`). */
const MAX_ADDRESSES = 500;

const valid = (address: string) => reportEmail.safeParse(address).success;

/** Typed text split at commas, semicolons and spaces (a pasted list), trimmed and lower-cased. */
function tokens(text: string): string[] {
  return text
    .split(/[\s,;]+/u)
    .map((a) => a.trim().toLowerCase())
    .filter(Boolean);
}

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().join('\n') === [...b].sort().join('\n');

import { useApiQuery } from '../../../shared/api/api-query';

/**
 * Settings → Allowed outside addresses (administrators, issue 27): the tenant's allow-list of
 * addresses outside the company that scheduled reports may go to, saved as a whole.
 */
export function AllowedAddressesCard() {
  const { t } = useTranslation();
  const list = useApiQuery(allowedAddressesKey, fetchAllowedAddresses);
  return (
    <Card variant="outlined" component="section" aria-labelledby="allowed-addresses-title">
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
          <Typography variant="h2" id="allowed-addresses-title">
            {t('reports.allowed.title')}
          </Typography>
          <Chip size="small" variant="outlined" label={t('reports.allowed.admin_only')} />
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('reports.allowed.intro')}
        </Typography>
        {list.data ? (
          <AddressesEditor key={list.data.join('\n')} saved={list.data} />
        ) : list.isError ? (
          <RetryAlert onRetry={() => void list.refetch()} retryLabel={t('reports.retry')}>
            {t('reports.allowed.load_error')} {errorMessage(list.error, t)}
          </RetryAlert>
        ) : (
          <Skeleton variant="rounded" height={56} />
        )}
      </CardContent>
    </Card>
  );
}

function AddressesEditor({ saved }: { saved: string[] }) {
  const { t } = useTranslation();
  const { api, snackbar } = useServices();
  const queryClient = useQueryClient();
  const [addresses, setAddresses] = useState<string[]>(saved);
  const [input, setInput] = useState('');
  const add = (more: readonly string[]) =>
    setAddresses((now) => [...new Set([...now, ...more.flatMap(tokens)])]);
  const save = useMutation({
    mutationFn: () => saveAllowedAddresses(api, addresses),
    onSuccess: (stored) => {
      queryClient.setQueryData(allowedAddressesKey, stored);
      void queryClient.invalidateQueries({ queryKey: recipientsKey });
      snackbar.notify({ type: 'success', message: t('reports.allowed.saved') });
    },
    onError: (error) => {
      if (!isAborted(error)) snackbar.notify({ type: 'error', message: errorMessage(error, t) });
    },
  });
  const invalid = addresses.filter((a) => !valid(a));
  const problem =
    invalid.length > 0
      ? t('reports.allowed.invalid', { address: invalid.join(', ') })
      : addresses.length > MAX_ADDRESSES
        ? t('reports.allowed.too_many', { max: MAX_ADDRESSES })
        : null;
  const changed = !sameList(addresses, saved);
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (problem === null && changed) save.mutate();
      }}
      sx={{ display: 'grid', gap: 1.5 }}
    >
      <Autocomplete
        multiple
        freeSolo
        autoSelect
        options={[]}
        value={addresses}
        inputValue={input}
        onInputChange={(_, text, reason) => {
          // A typed or pasted separator turns what precedes it into chips.
          if (reason === 'input' && /[\s,;]/u.test(text)) {
            const parts = text.split(/[\s,;]+/u);
            add(parts.slice(0, -1));
            setInput(parts.at(-1) ?? '');
          } else setInput(text);
        }}
        onChange={(_, value) => setAddresses([...new Set(value.flatMap(tokens))])}
        renderValue={(value, getItemProps) =>
          value.map((address, index) => {
            const { key, ...item } = getItemProps({ index });
            return (
              <Chip
                key={key}
                {...item}
                size="small"
                label={address}
                color={valid(address) ? 'default' : 'error'}
                variant={valid(address) ? 'filled' : 'outlined'}
                data-testid="allowed-address"
              />
            );
          })
        }
        renderInput={(params) => (
          <TextField
            {...params}
            id="allowed-addresses"
            label={t('reports.allowed.label')}
            placeholder={addresses.length ? '' : t('reports.allowed.placeholder')}
            error={problem !== null}
            helperText={problem ?? t('reports.allowed.hint')}
          />
        )}
      />
      {addresses.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('reports.allowed.empty')}
        </Typography>
      ) : null}
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
        {changed ? (
          <Button onClick={() => setAddresses(saved)} disabled={save.isPending}>
            {t('reports.cancel')}
          </Button>
        ) : null}
        <Button
          type="submit"
          variant="contained"
          disabled={!changed || problem !== null}
          loading={save.isPending}
          data-testid="allowed-addresses-save"
        >
          {t('reports.allowed.save')}
        </Button>
      </Box>
    </Box>
  );
}
