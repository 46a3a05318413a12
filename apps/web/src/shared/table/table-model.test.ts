import { describe, expect, it } from 'vitest';
import {
  compareCells,
  excelTable,
  matchesSearch,
  normalizeText,
  sortRows,
  viewRows,
  type ColumnModel,
} from './table-model';

interface Row {
  plate: string;
  km: number | null;
  group: string | null;
}
const rows: Row[] = [
  { plate: 'AB 10', km: 300, group: 'Norte' },
  { plate: 'ab 2', km: null, group: 'Sur' },
  { plate: 'Camión 1', km: 50, group: null },
  { plate: 'ÁB 3', km: 1000, group: 'Norte' },
];
const columns: ColumnModel<Row>[] = [
  { id: 'plate', label: 'Patente', value: (r) => r.plate },
  { id: 'km', label: 'Km', value: (r) => r.km, type: 'number' },
  { id: 'group', label: 'Grupo', value: (r) => r.group },
];
const plates = (list: Row[]) => list.map((r) => r.plate);

describe('table model', () => {
  it('sorts text by the language collation (numeric, case and accent blind)', () => {
    expect(plates(sortRows(rows, columns[0], 'asc', 'es'))).toEqual([
      'ab 2',
      'ÁB 3',
      'AB 10',
      'Camión 1',
    ]);
    expect(plates(sortRows(rows, columns[0], 'desc', 'es'))[0]).toBe('Camión 1');
  });

  it('sorts numbers numerically with blanks last in both directions', () => {
    expect(plates(sortRows(rows, columns[1], 'asc', 'es'))).toEqual([
      'Camión 1',
      'AB 10',
      'ÁB 3',
      'ab 2',
    ]);
    expect(plates(sortRows(rows, columns[1], 'desc', 'es'))).toEqual([
      'ÁB 3',
      'AB 10',
      'Camión 1',
      'ab 2',
    ]);
    expect(compareCells('', 'x', 'desc', 'en')).toBe(1);
  });

  it('keeps equal rows in their order (stable)', () => {
    expect(plates(sortRows(rows, columns[2], 'asc', 'es'))).toEqual([
      'AB 10',
      'ÁB 3',
      'ab 2',
      'Camión 1',
    ]);
  });

  it('searches every word, ignoring case and accents', () => {
    expect(normalizeText('  Camión   ROJO ')).toBe('camion rojo');
    expect(matchesSearch(['Camión 1', 'Norte'], 'camion')).toBe(true);
    expect(matchesSearch(['Camión 1', 'Norte'], 'CAMION norte')).toBe(true);
    expect(matchesSearch(['Camión 1', 'Norte'], 'camion sur')).toBe(false);
    expect(matchesSearch(['x', null, undefined], '   ')).toBe(true);
  });

  it('filters, searches and sorts together', () => {
    const view = viewRows(rows, {
      search: 'ab',
      searchTexts: (r) => [r.plate, r.group],
      filters: [(r) => r.group === 'Norte'],
      columns,
      sort: { column: 'km', direction: 'desc' },
      language: 'es',
    });
    expect(plates(view)).toEqual(['ÁB 3', 'AB 10']);
    expect(
      viewRows(rows, { search: '', searchTexts: () => [], columns, sort: null, language: 'es' }),
    ).toEqual(rows);
  });

  it('builds the Excel table of exactly the given rows, in order', () => {
    const table = excelTable('Vehículos', columns, [rows[3]!, rows[1]!]);
    expect(table).toEqual({
      title: 'Vehículos',
      columns: [
        { key: 'plate', label: 'Patente', type: 'string' },
        { key: 'km', label: 'Km', type: 'number' },
        { key: 'group', label: 'Grupo', type: 'string' },
      ],
      rows: [
        { plate: 'ÁB 3', km: 1000, group: 'Norte' },
        { plate: 'ab 2', km: null, group: 'Sur' },
      ],
    });
  });
});
