import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import type { ProfileLetter } from '@rumbo/contracts';

/** Letter colours, A (best, green) to G (red); readable on light and dark backgrounds. */
export const LETTER_COLOURS: Record<ProfileLetter, { bg: string; fg: string }> = {
  A: { bg: '#1b7f3b', fg: '#fff' },
  B: { bg: '#4caf50', fg: '#06270f' },
  C: { bg: '#afb42b', fg: '#1f2100' },
  D: { bg: '#fbc02d', fg: '#2b2000' },
  E: { bg: '#f57c00', fg: '#fff' },
  F: { bg: '#e64a19', fg: '#fff' },
  G: { bg: '#c62828', fg: '#fff' },
};

/** A letter badge; a dash (with `hint` as its tooltip) when there is none. */
export function ProfileChip({
  letter,
  hint,
  size = 'small',
}: {
  letter: ProfileLetter | null | undefined;
  hint?: string;
  size?: 'small' | 'large';
}) {
  const dim = size === 'large' ? 48 : 24;
  const badge = (
    <Box
      component="span"
      data-letter={letter ?? ''}
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        minWidth: dim,
        height: dim,
        px: 0.5,
        borderRadius: 1,
        fontWeight: 700,
        fontSize: size === 'large' ? '1.6rem' : '0.8rem',
        bgcolor: letter ? LETTER_COLOURS[letter].bg : 'action.disabledBackground',
        color: letter ? LETTER_COLOURS[letter].fg : 'text.secondary',
      }}
    >
      {letter ?? '–'}
    </Box>
  );
  return hint ? (
    <Tooltip title={hint}>
      <span>{badge}</span>
    </Tooltip>
  ) : (
    badge
  );
}
