import ClearIcon from '@mui/icons-material/Clear';
import SearchIcon from '@mui/icons-material/Search';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import type { ReactNode } from 'react';

/** The magnifier at the start of a search box. */
export const searchStart = (
  <InputAdornment position="start">
    <SearchIcon fontSize="small" />
  </InputAdornment>
);

/** The button at the end of a search box that empties it; nothing while it is empty. */
export function clearEnd(
  value: string,
  label: string,
  onClear: () => void,
  edge?: 'end',
): ReactNode {
  if (!value) return undefined;
  return (
    <InputAdornment position="end">
      <IconButton size="small" edge={edge} aria-label={label} onClick={onClear}>
        <ClearIcon fontSize="small" />
      </IconButton>
    </InputAdornment>
  );
}
