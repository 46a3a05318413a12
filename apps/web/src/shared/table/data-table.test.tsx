import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createI18n } from '../i18n/i18n';
import { I18nProvider } from '../i18n/use-translation';
import { DataTable, type DataTableProps, type TableColumn } from './data-table';

interface Row {
  id: number;
  name: string;
  km: number;
}

const ROWS: Row[] = Array.from({ length: 30 }, (_, i) => ({ id: i + 1, name: `T${i + 1}`, km: i }));
const COLUMNS: TableColumn<Row>[] = [
  { id: 'name', label: 'Name', value: (r) => r.name },
  { id: 'km', label: 'Km', value: (r) => r.km, align: 'right', hideOnPhone: true },
];

function table(props: Partial<DataTableProps<Row>> = {}) {
  return render(
    <I18nProvider i18n={createI18n('en')}>
      <DataTable rows={ROWS} columns={COLUMNS} rowKey={(r) => r.id} sort={null} {...props} />
    </I18nProvider>,
  );
}

describe('DataTable', () => {
  it('shows every row of an unpaged list, with plain headers when nothing sorts', () => {
    const { container } = table({ paged: false, testId: 'list' });
    expect(container.querySelectorAll('tbody tr[data-row]')).toHaveLength(30);
    expect(container.querySelector('.MuiTablePagination-root')).toBeNull();
    expect(within(screen.getByTestId('list')).queryAllByRole('button')).toHaveLength(0);
  });

  it('pages a long list and sorts through the named sort buttons', () => {
    const onSort = vi.fn();
    const { container } = table({
      rows: [...ROWS, ...ROWS.map((r) => ({ ...r, id: r.id + 100 }))],
      onSort,
      sortTestId: 'trucks',
    });
    expect(container.querySelectorAll('tbody tr[data-row]')).toHaveLength(50);
    fireEvent.click(screen.getByTestId('trucks-sort-km'));
    expect(onSort).toHaveBeenCalledWith({ column: 'km', direction: 'asc' });
  });

  it('keeps a row action apart from the row click, with test ids and names of its own', () => {
    const onRowClick = vi.fn();
    const edited: number[] = [];
    table({
      rows: ROWS.slice(0, 2),
      onRowClick,
      rowTestId: (r) => `truck-${r.id}`,
      rowName: (r) => r.name,
      actions: (r) => <button onClick={() => edited.push(r.id)}>edit {r.name}</button>,
      actionsLabel: 'Actions',
    });
    expect(screen.getByTestId('truck-2').getAttribute('data-row')).toBe('T2');
    fireEvent.click(screen.getByRole('button', { name: 'edit T2' }));
    expect(edited).toEqual([2]);
    expect(onRowClick).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('truck-1'));
    expect(onRowClick).toHaveBeenCalledWith(ROWS[0]);
  });

  it('draws a default card per row on phones: the first column as title, then the others', () => {
    table({ rows: ROWS.slice(0, 2), phone: true, rowTestId: () => 'truck-card' });
    const cards = screen.getAllByTestId('truck-card');
    expect(cards).toHaveLength(2);
    expect(cards[0]!.textContent).toBe('T1');
    expect(screen.queryByRole('table')).toBeNull();
  });
});
