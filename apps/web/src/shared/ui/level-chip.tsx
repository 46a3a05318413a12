import Chip, { type ChipProps } from '@mui/material/Chip';

/**
 * A small chip for a level of a scale (a fault's or an infringement's severity, a maintenance
 * status): the level's colour, filled for the levels that need attention, outlined for the rest.
 */
export function LevelChip({
  label,
  color,
  filled,
  ...data
}: {
  label: string;
  color: ChipProps['color'];
  filled: boolean;
  'data-severity'?: string;
  'data-testid'?: string;
}) {
  return (
    <Chip
      size="small"
      color={color}
      variant={filled ? 'filled' : 'outlined'}
      label={label}
      {...data}
    />
  );
}
