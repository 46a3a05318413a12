import type { SxProps, Theme } from '@mui/material/styles';

type SxItem = Exclude<SxProps<Theme>, readonly unknown[]>;

/** An `sx` value as a list, to merge into another list (`sx={[base, ...sxList(own)]}`). */
export function sxList(sx: SxProps<Theme> | undefined): readonly SxItem[] {
  if (!sx) return [];
  return (Array.isArray(sx) ? sx : [sx]) as SxItem[];
}
