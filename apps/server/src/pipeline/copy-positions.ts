import { Readable } from 'node:stream';
import { pipeline as streamPipeline } from 'node:stream/promises';
import { Kysely, PostgresDialect } from 'kysely';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Database } from '../db/schema.js';
import type { PositionRow } from './position-row.js';
import { insertPositions } from './positions.store.js';

/** Columns of `positions` in the order of the COPY rows below. */
const COLUMNS =
  'device_id, fix_time, lat, lng, speed, heading, altitude, satellites, flags, rpm, torque, pedal, ' +
  'odometer_m, fuel_used_l, fuel_level, engine_hours, urea_level, driver_code, attributes';

/**
 * Per-connection staging table: COPY cannot skip conflicting rows, so a batch is copied here and
 * moved into `positions` with ON CONFLICT DO NOTHING (a resent record is stored once). Its rows
 * vanish at commit or rollback; the table itself lives as long as the connection.
 */
const CREATE_STAGE = `create temp table if not exists positions_stage
  (like positions including defaults) on commit delete rows`;

const MOVE_STAGE = `insert into positions (${COLUMNS})
  select ${COLUMNS} from positions_stage on conflict do nothing`;

/**
 * Batches of at least this many rows go by COPY; smaller ones (1-record packets at a few thousand
 * a second) by one prepared insert from arrays, which costs both processes less (decision 0057).
 */
const COPY_FROM_ROWS = 256;

const staged = new WeakSet<pg.PoolClient>();
const bound = new WeakMap<pg.PoolClient, Kysely<Database>>();

/**
 * Statement names for the write path's repeated texts. A batch's statements have a fixed text
 * whatever its size (the rows go as array parameters), so each connection parses and plans them
 * once, as named statements, instead of once per batch (PostgreSQL's CPU per record −16 to −24 %,
 * decision 0057). A text gets a name the second time it is seen; at most
 * {@link MAX_NAMED} texts are named (a text built per batch would otherwise grow every
 * connection's prepared statements without bound).
 */
const names = new Map<string, string>();
/** Texts seen once (forgotten in bulk past a bound: they are batch-built texts, or rare). */
const seen = new Set<string>();
const MAX_NAMED = 64;

/** The name of `text` as a prepared statement, once it has repeated; undefined before. */
export function statementName(text: string): string | undefined {
  const name = names.get(text);
  if (name) return name;
  if (!seen.has(text)) {
    if (seen.size >= MAX_NAMED * 4) seen.clear();
    seen.add(text);
    return undefined;
  }
  if (names.size >= MAX_NAMED) return undefined;
  const given = `rumbo_w${names.size}`;
  names.set(text, given);
  seen.delete(text);
  return given;
}

/** COPY text escaping: backslash, tab, newline and carriage return. */
function text(value: string): string {
  return /[\\\t\n\r]/.test(value)
    ? value.replace(/[\\\t\n\r]/g, (c) =>
        c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r',
      )
    : value;
}

function n(value: number | null): string {
  return value === null ? '\\N' : String(value);
}

/** The batch as COPY text rows (one string; a 5,000-row batch is well under a megabyte). */
export function copyText(rows: readonly PositionRow[]): string {
  let out = '';
  for (const r of rows) {
    // JSON never holds raw tabs or newlines; only its backslashes need doubling.
    const attributes =
      r.attributes === null
        ? '\\N'
        : r.attributes.includes('\\')
          ? r.attributes.replace(/\\/g, '\\\\')
          : r.attributes;
    out +=
      `${r.deviceId}\t${new Date(r.fixTimeMs).toISOString()}\t${r.lat}\t${r.lng}\t${n(r.speed)}\t` +
      `${n(r.heading)}\t${n(r.altitude)}\t${n(r.satellites)}\t${r.flags}\t${n(r.rpm)}\t` +
      `${n(r.torque)}\t${n(r.pedal)}\t${n(r.odometerM)}\t${n(r.fuelUsedL)}\t${n(r.fuelLevel)}\t` +
      `${n(r.engineHours)}\t${n(r.ureaLevel)}\t${r.driverCode === null ? '\\N' : text(r.driverCode)}\t` +
      `${attributes}\n`;
  }
  return out;
}

/** A Kysely bound to one checked-out connection, so its statements join that transaction. */
function kyselyOn(client: pg.PoolClient): Kysely<Database> {
  let db = bound.get(client);
  if (!db) {
    const query = (text: string, values?: unknown[]) => {
      const name = statementName(text);
      return name ? client.query({ name, text, values }) : client.query(text, values);
    };
    const single = { query, release: () => undefined };
    db = new Kysely<Database>({
      dialect: new PostgresDialect({
        pool: { connect: () => Promise.resolve(single as never), end: () => Promise.resolve() },
      }),
    });
    bound.set(client, db);
  }
  return db;
}

/**
 * One PostgreSQL transaction on a raw connection: the positions go in by COPY (text format)
 * through the staging table (a batch under {@link COPY_FROM_ROWS} rows: one insert from arrays),
 * then `rest` writes the derived rows with a Kysely bound to the same connection, its repeated
 * statements prepared. Returns how many positions were new.
 */
export async function copyTransaction(
  pool: pg.Pool,
  rows: PositionRow[],
  rest: (trx: Kysely<Database>) => Promise<void>,
): Promise<number> {
  const client = await pool.connect();
  let broken: Error | undefined;
  let created = false;
  try {
    await client.query('begin');
    try {
      let inserted = 0;
      if (rows.length > 0 && rows.length < COPY_FROM_ROWS) {
        // A small batch: one prepared insert from arrays costs PostgreSQL less than COPY's
        // round trips through the staging table.
        inserted = await insertPositions(kyselyOn(client), rows);
      } else if (rows.length > 0) {
        if (!staged.has(client)) {
          await client.query(CREATE_STAGE);
          created = true;
        }
        await streamPipeline(
          Readable.from([copyText(rows)]),
          client.query(copyFrom(`copy positions_stage (${COLUMNS}) from stdin`)),
        );
        inserted =
          (await client.query({ name: 'rumbo_move_stage', text: MOVE_STAGE })).rowCount ?? 0;
      }
      await rest(kyselyOn(client));
      await client.query('commit');
      if (created) staged.add(client);
      return inserted;
    } catch (error) {
      await client.query('rollback').catch((rollbackError: unknown) => {
        broken = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
      });
      throw error;
    }
  } finally {
    // A connection whose rollback failed is discarded rather than reused.
    client.release(broken);
  }
}
