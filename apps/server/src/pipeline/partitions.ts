import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

/** First instant (UTC) of the month containing `ms`. */
export function monthStartMs(ms: number): number {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
}

function nextMonthMs(ms: number): number {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
}

function partitionName(table: string, monthMs: number): string {
  const d = new Date(monthMs);
  return `${table}_y${d.getUTCFullYear()}m${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** Tables partitioned by month: records by fix time, alert events by start time. */
export type MonthlyTable = 'positions' | 'events';

/**
 * Monthly partitions of `positions` (or `events`), created ahead by a job and on demand for old
 * buffered records; a month whose partition can't be made (rows already in the default
 * partition) keeps using the default partition.
 */
export class PositionPartitions {
  private readonly known = new Set<number>();
  private loaded = false;

  constructor(private readonly table: MonthlyTable = 'positions') {}

  private async load(db: Db): Promise<void> {
    if (this.loaded) return;
    const rows = await sql<{ name: string }>`
      select c.relname as name from pg_inherits i
      join pg_class c on c.oid = i.inhrelid
      join pg_class p on p.oid = i.inhparent
      where p.relname = ${this.table}`.execute(db);
    const pattern = new RegExp(`^${this.table}_y(\\d{4})m(\\d{2})$`);
    for (const { name } of rows.rows) {
      const match = pattern.exec(name);
      if (match) this.known.add(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1));
    }
    this.loaded = true;
  }

  /** Makes sure the partitions for these fix times exist (outside any batch transaction). */
  async ensure(db: Kysely<Database>, fixTimesMs: Iterable<number>): Promise<void> {
    if (!this.loaded) await this.load(db);
    // Nearly every record falls in the month of the one before: that test costs no Date.
    let from = 0;
    let to = 0;
    let months: Set<number> | undefined;
    for (const t of fixTimesMs) {
      if (t >= from && t < to) continue;
      from = monthStartMs(t);
      to = nextMonthMs(from);
      if (!this.known.has(from)) (months ??= new Set()).add(from);
    }
    if (!months) return;
    for (const month of months) {
      if (this.known.has(month)) continue;
      const from = new Date(month).toISOString();
      const to = new Date(nextMonthMs(month)).toISOString();
      try {
        await sql
          .raw(
            `create table if not exists ${partitionName(this.table, month)} partition of ${this.table} for values from ('${from}') to ('${to}')`,
          )
          .execute(db);
      } catch {
        // Rows of that month already sit in the default partition: keep using it.
      }
      this.known.add(month);
    }
  }

  /** Drops whole partitions that ended before `cutoffMs`; returns their names. */
  async dropBefore(db: Kysely<Database>, cutoffMs: number): Promise<string[]> {
    await this.load(db);
    const dropped: string[] = [];
    for (const month of [...this.known]) {
      if (nextMonthMs(month) > cutoffMs) continue;
      await sql.raw(`drop table if exists ${partitionName(this.table, month)}`).execute(db);
      this.known.delete(month);
      dropped.push(partitionName(this.table, month));
    }
    return dropped;
  }
}
