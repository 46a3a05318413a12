import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from '../ui/confirm-dialog';

/** The row a confirmation asks about: `ask(row)` opens it, `close()` shuts it. */
export function useRowTarget<T>() {
  const [target, setTarget] = useState<T | null>(null);
  return { target, ask: (row: T) => setTarget(() => row), close: () => setTarget(null) };
}

/** Asks before acting on a row; stays open with a loading button while the action runs. */
export function ConfirmRowDialog<T>(props: {
  target: T | null;
  busy: boolean;
  title: string;
  titleId: string;
  cancelLabel: string;
  confirmLabel: string;
  testId: string;
  onCancel: () => void;
  onConfirm: (row: T) => void;
  /** The question; `row` is null while the dialog closes. */
  children: (row: T | null) => ReactNode;
}) {
  const { target } = props;
  return (
    <ConfirmDialog
      open={target !== null}
      title={props.title}
      titleId={props.titleId}
      busy={props.busy}
      busyStyle="loading"
      cancelLabel={props.cancelLabel}
      confirmLabel={props.confirmLabel}
      testId={props.testId}
      onCancel={props.onCancel}
      onConfirm={() => {
        if (target !== null) props.onConfirm(target);
      }}
    >
      {props.children(target)}
    </ConfirmDialog>
  );
}
