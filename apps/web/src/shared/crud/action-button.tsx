import IconButton, { type IconButtonProps } from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import type { ReactNode } from 'react';

/** One row action: an icon button with its tooltip, labelled `<label> <name>` for screen readers. */
export function ActionButton(props: {
  label: string;
  /** The row's name (plate, URL…). */
  name: string;
  icon: ReactNode;
  onClick: () => void;
  testId: string;
  color?: IconButtonProps['color'];
}) {
  return (
    <Tooltip title={props.label}>
      <IconButton
        size="small"
        {...(props.color ? { color: props.color } : {})}
        aria-label={`${props.label} ${props.name}`}
        onClick={props.onClick}
        data-testid={props.testId}
      >
        {props.icon}
      </IconButton>
    </Tooltip>
  );
}
