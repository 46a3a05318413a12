import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import type { MouseEvent, ReactNode } from 'react';

/**
 * A button on the map's right edge, `top` px down, with the look of MapLibre's own controls in
 * both themes (white, a thin grey ring); its label is its tooltip.
 */
export function MapControlButton(props: {
  label: string;
  top: number;
  icon: ReactNode;
  onClick: (event: MouseEvent<HTMLButtonElement>) => void;
  /** Whether it opens a dialog (a popover of layers). */
  opensDialog?: boolean;
  testId?: string;
}) {
  return (
    <Tooltip title={props.label} placement="left">
      <Paper
        elevation={0}
        sx={{
          position: 'absolute',
          top: props.top,
          right: 10,
          borderRadius: 1,
          boxShadow: '0 0 0 2px rgba(0,0,0,0.1)',
          bgcolor: '#fff',
          color: '#333',
        }}
      >
        <IconButton
          size="small"
          aria-label={props.label}
          aria-haspopup={props.opensDialog ? 'dialog' : undefined}
          onClick={props.onClick}
          data-testid={props.testId}
          sx={{ borderRadius: 1, width: 29, height: 29, color: 'inherit' }}
        >
          {props.icon}
        </IconButton>
      </Paper>
    </Tooltip>
  );
}
