import type { ReactNode } from 'react';
import { useServices } from '../services';
import { excelTable, type ColumnModel } from './table-model';
import { TableToolbar } from './table-parts';

/**
 * The toolbar of a table whose export button sends the shown rows to Excel: `kind` names the
 * export (`xlsx/generate_excel/<kind>`), `title` the sheet and the file.
 */
export function ExcelTableToolbar<R>({
  kind,
  title,
  columns,
  shown,
  total,
  children,
}: {
  kind: string;
  title: string;
  /** The exported columns, made when the button is pressed. */
  columns: () => readonly ColumnModel<R>[];
  shown: readonly R[];
  total: number;
  children: ReactNode;
}) {
  const { exporter } = useServices();
  return (
    <TableToolbar
      shown={shown.length}
      total={total}
      exportDisabled={shown.length === 0}
      onExport={() => void exporter.exportExcel(kind, excelTable(title, columns(), shown))}
    >
      {children}
    </TableToolbar>
  );
}
