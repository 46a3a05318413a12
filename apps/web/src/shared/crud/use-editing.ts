import { useState, type ReactNode } from 'react';

/**
 * Which row a create/edit dialog shows: `create()` opens it empty, `edit(row)` on a row,
 * `close()` shuts it; `dialog(render)` renders it while open (`row` null for a new one).
 */
export function useEditing<T>() {
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const close = () => setEditing(null);
  return {
    editing,
    create: () => setEditing('new'),
    edit: (row: T) => setEditing(() => row),
    close,
    dialog: (render: (row: T | null, close: () => void) => ReactNode) =>
      editing === null ? null : render(editing === 'new' ? null : editing, close),
  };
}
