import LocalShipping from '@mui/icons-material/LocalShipping';
import LocationCity from '@mui/icons-material/LocationCity';
import Pentagon from '@mui/icons-material/Pentagon';
import Person from '@mui/icons-material/Person';
import Place from '@mui/icons-material/Place';
import SearchIcon from '@mui/icons-material/Search';
import Workspaces from '@mui/icons-material/Workspaces';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import ListSubheader from '@mui/material/ListSubheader';
import { alpha } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  SEARCH_MAX_CHARS,
  SEARCH_MIN_CHARS,
  type SearchHit,
  type SearchKind,
  type SearchReply,
} from '@rumbo/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../shared/i18n/use-translation';
import { useServices } from '../../shared/services';

/** Where each kind of result opens (docs/decisions/0032-search.md). */
export function searchTarget(hit: SearchHit): string {
  switch (hit.kind) {
    case 'vehicle':
      return `/app/map/current_location?vehicle=${hit.id}`;
    case 'driver':
      return `/app/driver/admin?driver=${hit.id}`;
    case 'group':
      return `/app/fleet/vehicles?group=g${hit.id}`;
    case 'geofence':
    case 'poi':
    case 'locality': {
      const params = new URLSearchParams({
        lat: String(hit.lat ?? 0),
        lng: String(hit.lng ?? 0),
        place: hit.label,
      });
      return `/app/map/current_location?${params.toString()}`;
    }
  }
}

const ICONS: Record<SearchKind, ReactNode> = {
  vehicle: <LocalShipping fontSize="small" />,
  driver: <Person fontSize="small" />,
  group: <Workspaces fontSize="small" />,
  geofence: <Pentagon fontSize="small" />,
  poi: <Place fontSize="small" />,
  locality: <LocationCity fontSize="small" />,
};

/** Waits `ms` after the last change (typing) before answering the new value. */
function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** True when a key press belongs to a field the user is typing in. */
function typingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    target.tagName === 'INPUT' ||
    target.tagName === 'TEXTAREA' ||
    target.tagName === 'SELECT'
  );
}

/**
 * The top bar's search (issue 23 item 3): vehicles, drivers, groups, geofences, points of
 * interest and localities as you type, grouped with an icon per kind. `/` or Ctrl+K focuses it;
 * arrows, Enter and Esc as in any list. A vehicle opens its popup on the live map, a driver the
 * drivers screen, a group the vehicles list, a place the live map centred there.
 */
export function GlobalSearch({ compact }: { compact: boolean }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const q = useDebounced(text.trim(), 150);
  const valid = q.length >= SEARCH_MIN_CHARS && q.length <= SEARCH_MAX_CHARS;
  const result = useQuery({
    queryKey: ['search', q],
    queryFn: ({ signal }) =>
      api.get<SearchReply>(`v2/search?q=${encodeURIComponent(q)}&limit=5`, { signal }),
    enabled: valid,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const ctrlK = (event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k';
      const slash = event.key === '/' && !event.ctrlKey && !event.metaKey && !event.altKey;
      if (!ctrlK && !(slash && !typingIn(event.target))) return;
      event.preventDefault();
      input.current?.focus();
      input.current?.select();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const typed = text.trim();
  const hits = valid && typed.length >= SEARCH_MIN_CHARS ? (result.data?.hits ?? []) : [];
  let status: string;
  if (typed.length < SEARCH_MIN_CHARS) status = t('search.type_more', { count: SEARCH_MIN_CHARS });
  else if (typed.length > SEARCH_MAX_CHARS)
    status = t('search.too_long', { count: SEARCH_MAX_CHARS });
  else if (result.isError) status = t('search.error');
  else if (result.isFetching || typed !== q) status = t('search.loading');
  else status = t('search.empty', { q: typed });

  return (
    <Autocomplete<SearchHit, false, false, false>
      open={open && typed.length > 0}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      options={hits}
      value={null}
      inputValue={text}
      onInputChange={(_, value, reason) => {
        if (reason !== 'reset') setText(value);
      }}
      onChange={(_, hit) => {
        if (!hit) return;
        setText('');
        setOpen(false);
        input.current?.blur();
        void navigate(searchTarget(hit));
      }}
      filterOptions={(options) => options}
      groupBy={(hit) => hit.kind}
      getOptionLabel={(hit) => hit.label}
      getOptionKey={(hit) => `${hit.kind}-${hit.id}`}
      isOptionEqualToValue={(a, b) => a.kind === b.kind && a.id === b.id}
      autoHighlight
      handleHomeEndKeys={false}
      loading={result.isFetching}
      loadingText={status}
      noOptionsText={status}
      clearOnBlur={false}
      data-testid="global-search"
      sx={{ flex: 1, minWidth: 0, maxWidth: compact ? 'none' : 460 }}
      slotProps={{
        popper: {
          placement: 'bottom-start',
          sx: { width: compact ? 'calc(100vw - 16px) !important' : 'min(520px, 90vw) !important' },
        },
        listbox: { sx: { maxHeight: compact ? '70dvh' : '75vh' } },
      }}
      renderGroup={(params) => (
        <li key={params.key}>
          <ListSubheader
            component="div"
            sx={{ lineHeight: '32px', fontWeight: 700, fontSize: '0.75rem', top: -8 }}
          >
            {t(`search.kind.${params.group as SearchKind}`)}
          </ListSubheader>
          <Box component="ul" sx={{ p: 0 }}>
            {params.children}
          </Box>
        </li>
      )}
      renderOption={({ key, ...props }, hit) => (
        <Box
          component="li"
          key={key}
          {...props}
          data-testid={`search-hit-${hit.kind}-${hit.id}`}
          sx={{ display: 'flex', gap: 1.5, alignItems: 'center' }}
        >
          <Box sx={{ color: 'text.secondary', display: 'flex', flex: 'none' }} aria-hidden>
            {ICONS[hit.kind]}
          </Box>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2" noWrap>
              {hit.label}
            </Typography>
            <Typography variant="caption" color="text.secondary" noWrap component="div">
              {detailOf(hit, t)}
            </Typography>
          </Box>
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          inputRef={input}
          size="small"
          placeholder={compact ? t('search.open') : t('search.placeholder')}
          slotProps={{
            input: {
              ...params.slotProps.input,
              startAdornment: (
                <InputAdornment position="start" sx={{ color: 'inherit', ml: 0.5, mr: 0 }}>
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
              endAdornment: null,
            },
            htmlInput: {
              ...params.slotProps.htmlInput,
              'aria-label': t('search.label'),
              title: compact ? undefined : t('search.shortcut'),
              maxLength: SEARCH_MAX_CHARS + 20,
              'data-testid': 'global-search-input',
            },
          }}
          sx={(theme) => ({
            '& .MuiInputBase-root': {
              color: 'inherit',
              bgcolor: alpha(theme.palette.common.white, 0.15),
              borderRadius: 1,
              py: '2px !important',
              '&:hover': { bgcolor: alpha(theme.palette.common.white, 0.22) },
              '&.Mui-focused': { bgcolor: alpha(theme.palette.common.white, 0.25) },
            },
            '& .MuiOutlinedInput-notchedOutline': { border: 'none' },
            '& .Mui-focused .MuiOutlinedInput-notchedOutline': {
              border: `2px solid ${alpha(theme.palette.common.white, 0.7)}`,
            },
            '& input::placeholder': { color: 'inherit', opacity: 0.8 },
          })}
        />
      )}
    />
  );
}

/** A result's second line in the user's language. */
function detailOf(hit: SearchHit, t: ReturnType<typeof useTranslation>['t']): string {
  switch (hit.kind) {
    case 'vehicle':
      return hit.detail ? t('search.chassis', { vin: hit.detail }) : '';
    case 'driver':
      return hit.detail ? t('search.card', { code: hit.detail }) : t('search.no_card');
    case 'group':
      return t('search.vehicles_in_group');
    case 'geofence':
      return '';
    case 'poi':
    case 'locality':
      return hit.detail;
  }
}
