import { describe, expect, it } from 'vitest';
import { createFakeFetch } from '../../test/fake-server';
import { createApiClient } from '../api/http-client';
import { createPendingStore } from '../api/pending-store';
import { defaultRuntimeConfig } from '../api/runtime-config';
import { createExporter, excelFileName } from './export-excel';

const TABLE = { title: 'Vehículos', columns: [{ key: 'plate', label: 'Patente' }], rows: [] };

function setup(routes: Parameters<typeof createFakeFetch>[0]) {
  const fake = createFakeFetch(routes);
  const api = createApiClient({
    config: defaultRuntimeConfig(),
    pendingStore: createPendingStore(),
    fetch: fake.fetch,
    getCredentials: () => ({ token: 't', digest: 'd', userToken: 'u' }),
    getLanguage: () => 'es',
  });
  const downloads: { blob: Blob; name: string }[] = [];
  const errors: unknown[] = [];
  const exporter = createExporter({
    api,
    now: () => Date.UTC(2025, 0, 15, 14, 30, 5),
    offsetHours: () => -3,
    onError: (e) => errors.push(e),
    download: (blob, name) => downloads.push({ blob, name }),
  });
  return { exporter, downloads, errors, calls: fake.calls };
}

describe('Excel export (spec §2, §7, §8)', () => {
  it('names the file title_yyyyMMdd_HHmmss.xlsx in the user offset', () => {
    expect(excelFileName('Vehículos', Date.UTC(2025, 0, 15, 14, 30, 5), -3)).toBe(
      'Vehículos_20250115_113005.xlsx',
    );
    expect(excelFileName('a/b', 0, 0)).toBe('a-b_19700101_000000.xlsx');
  });

  it('keeps the dialog open while generating and downloads the decoded file', async () => {
    const t = setup({ 'POST /api/xlsx/generate_excel/vehicles': { body: 'UEsDBA==' } });
    const done = t.exporter.exportExcel('vehicles', TABLE);
    expect(t.exporter.store.getState()).toEqual({ open: true, title: 'Vehículos' });
    await expect(done).resolves.toBe(true);
    expect(t.exporter.store.getState().open).toBe(false);
    expect(t.calls[0]?.url).toBe('/api/xlsx/generate_excel/vehicles?format=base64');
    expect(t.downloads[0]?.name).toBe('Vehículos_20250115_113005.xlsx');
    expect(t.downloads[0]?.blob.size).toBe(4);
  });

  it('cancels silently', async () => {
    const t = setup({
      'POST /api/xlsx/generate_excel/vehicles': () => new Promise(() => undefined),
    });
    const done = t.exporter.exportExcel('vehicles', TABLE);
    t.exporter.cancel();
    await expect(done).resolves.toBe(false);
    expect(t.errors).toEqual([]);
    expect(t.exporter.store.getState().open).toBe(false);
  });

  it('reports a failure', async () => {
    const t = setup({
      'POST /api/xlsx/generate_excel/vehicles': {
        status: 500,
        body: { error: 'internal', message: 'x' },
      },
    });
    await expect(t.exporter.exportExcel('vehicles', TABLE)).resolves.toBe(false);
    expect(t.errors).toHaveLength(1);
    expect(t.downloads).toEqual([]);
  });
});
