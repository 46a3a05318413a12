import type { TimeZoneSetting } from '@rumbo/contracts';
import type { GenerateExcelBody } from '@rumbo/contracts';
import { createStore } from 'zustand/vanilla';
import { isAborted } from '../api/api-error';
import type { ApiClient } from '../api/http-client';
import { formatFileStamp } from '../format/format';

export interface ExportState {
  open: boolean;
  title: string;
}

export interface ExporterDeps {
  api: ApiClient;
  now: () => number;
  offsetHours: () => TimeZoneSetting;
  /** Shows the export error (spec §8); cancel is silent. */
  onError: (error: unknown) => void;
  download: (blob: Blob, fileName: string) => void;
}

/** title_yyyyMMdd_HHmmss.xlsx (decisions.md), with characters unsafe in file names replaced. */
export function excelFileName(title: string, timeMs: number, offsetHours: TimeZoneSetting): string {
  const safe = title.replace(/[\\/:*?"<>|]+/g, '-').trim() || 'export';
  return `${safe}_${formatFileStamp(timeMs, offsetHours)}.xlsx`;
}

export function base64ToBlob(base64: string, type: string): Blob {
  const binary = atob(base64.trim());
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type });
}

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Excel export through `/xlsx/generate_excel`: the dialog stays open while it runs. */
export function createExporter(deps: ExporterDeps) {
  const store = createStore<ExportState>(() => ({ open: false, title: '' }));
  let controller: AbortController | null = null;

  async function exportExcel(kind: string, table: GenerateExcelBody): Promise<boolean> {
    controller?.abort();
    const own = new AbortController();
    controller = own;
    store.setState({ open: true, title: table.title });
    try {
      const base64 = await deps.api.post<string>(
        `xlsx/generate_excel/${encodeURIComponent(kind)}?format=base64`,
        table,
        { signal: own.signal, responseType: 'text' },
      );
      deps.download(
        base64ToBlob(base64, XLSX_TYPE),
        excelFileName(table.title, deps.now(), deps.offsetHours()),
      );
      return true;
    } catch (error) {
      if (!isAborted(error)) deps.onError(error);
      return false;
    } finally {
      if (controller === own) {
        controller = null;
        store.setState({ open: false });
      }
    }
  }

  return {
    store,
    exportExcel,
    /** Cancels the export silently. */
    cancel(): void {
      controller?.abort();
    },
  };
}
export type Exporter = ReturnType<typeof createExporter>;

/** Saves a blob through a temporary link. */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
