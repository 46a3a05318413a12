import Dialog, { type DialogProps } from '@mui/material/Dialog';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { ReactNode } from 'react';

/** A dialog that is open while shown, full width, and full screen on a phone (below `sm`). */
export function PhoneDialog(props: {
  onClose: () => void;
  maxWidth: DialogProps['maxWidth'];
  /** The id of its title. */
  labelledBy: string;
  testId?: string;
  children: ReactNode;
}) {
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <Dialog
      open
      onClose={props.onClose}
      fullScreen={fullScreen}
      fullWidth
      maxWidth={props.maxWidth}
      aria-labelledby={props.labelledBy}
      data-testid={props.testId}
    >
      {props.children}
    </Dialog>
  );
}
