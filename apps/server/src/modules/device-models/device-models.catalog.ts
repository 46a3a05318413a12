import type { Kysely } from 'kysely';
import {
  familyOfModel,
  IO_TABLES,
  withIoOverrides,
  type IoRule,
  type IoTable,
} from '@rumbo/telematics';
import type { Database } from '../../db/schema.js';
import { listAllDeviceModelMappings } from './device-models.repository.js';
import { ioMappingSchema } from './device-models.schemas.js';

function key(tenantId: number, protocol: string, model: string): string {
  return `${tenantId}|${protocol}|${model.trim().toLowerCase()}`;
}

/**
 * Teltonika IO tables by device model: each tenant's `device_models` rows, kept in memory and
 * reloaded when administration changes one, so the next record of a device of that model decodes
 * with the new mapping (no restart). Models without a row use their family's built-in table
 * (FMB640 when the model is unknown).
 */
export class DeviceModelCatalog {
  private tables = new Map<string, IoTable>();
  private readonly listeners = new Set<() => void>();

  constructor(private readonly db: Kysely<Database>) {}

  /** Loads (or reloads) every model's table. */
  async load(): Promise<void> {
    const rows = await listAllDeviceModelMappings(this.db);
    const tables = new Map<string, IoTable>();
    for (const row of rows) {
      // Rows are validated on write; one that no longer parses falls back to its family table.
      const mapping = ioMappingSchema.safeParse(row.io_mapping ?? { rules: [] });
      const family = row.family ?? familyOfModel(row.name);
      const rules = mapping.success ? (mapping.data.rules as IoRule[]) : [];
      tables.set(
        key(row.tenant_id, row.protocol, row.name),
        withIoOverrides(IO_TABLES[family], rules, `${family}+${row.name}`),
      );
    }
    this.tables = tables;
    for (const listener of this.listeners) listener();
  }

  /** Calls `listener` after every (re)load; returns the unsubscribe. */
  onReload(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The IO table a device of `model` decodes with. */
  ioTable(tenantId: number, protocol: string, model: string | null): IoTable {
    return (
      (model !== null && this.tables.get(key(tenantId, protocol, model))) ||
      IO_TABLES[familyOfModel(model ?? undefined)]
    );
  }
}
