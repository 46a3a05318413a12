import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { Breakpoint, SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { sxList } from './sx';

/**
 * The grid of small figure cards above a screen's chart or list (fuel, idling, diagnostics,
 * driving times, a vehicle's analysis): `columns` is its `gridTemplateColumns` per breakpoint.
 */
export function FigureGrid(props: {
  columns: Partial<Record<Breakpoint, string>>;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Box
      data-testid={props.testId}
      sx={{ display: 'grid', gap: 1.5, mb: 2, gridTemplateColumns: props.columns }}
    >
      {props.children}
    </Box>
  );
}

/** What a figure card may ask of its colour: a figure that needs attention, or is good news. */
export type FigureTone = 'error' | 'warning' | 'success';

/**
 * One figure card of a `FigureGrid`: a small grey label over the figure in bold, and optionally
 * a line under it (`children`). `wrapLabel`: a long label wraps rather than ending in "…".
 */
export function FigureCard(props: {
  label: ReactNode;
  value: ReactNode;
  testId?: string | undefined;
  /** A figure that needs attention: its border and figure in that colour. */
  tone?: FigureTone | undefined;
  /** The figure's own colour (a count card's status colour). */
  valueColor?: string | undefined;
  wrapLabel?: boolean;
  /** The figure stays on one line. */
  valueNoWrap?: boolean;
  valueSx?: SxProps<Theme>;
  children?: ReactNode;
}) {
  const tone = props.tone ? `${props.tone}.main` : undefined;
  return (
    <Paper
      variant="outlined"
      data-testid={props.testId}
      sx={{ p: 1.5, minWidth: 0, borderColor: tone }}
    >
      <Typography
        variant="caption"
        color="text.secondary"
        noWrap={!props.wrapLabel}
        component="div"
        sx={props.wrapLabel ? { lineHeight: 1.3 } : undefined}
      >
        {props.label}
      </Typography>
      <Typography
        sx={[
          { fontWeight: 700, fontSize: '1.2rem', color: tone ?? props.valueColor },
          ...sxList(props.valueSx),
        ]}
        noWrap={props.valueNoWrap}
        data-value
      >
        {props.value}
      </Typography>
      {props.children}
    </Paper>
  );
}
