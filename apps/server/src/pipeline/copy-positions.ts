import { Readable } from 'node:stream';
import { pipeline as streamPipeline } from 'node:stream/promises';
import { Kysely, PostgresDialect } from 'kysely';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Database } from '../db/schema.js';
import type { PositionRow } from './position-row.js';
import { insertPositions } from './positions.store.js';
import { BINARY_FIELD_MAX, writeBinaryField } from './sql-arrays.js';

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

const COPY_STAGE = `copy positions_stage (${COLUMNS}) from stdin with (format binary)`;

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

/** COPY's binary signature, flags and header extension length (PostgreSQL's `COPY BINARY`). */
const BINARY_HEADER = Buffer.from([
  0x50, 0x47, 0x43, 0x4f, 0x50, 0x59, 0x0a, 0xff, 0x0d, 0x0a, 0x00, 0, 0, 0, 0, 0, 0, 0, 0,
]);
/** Fields per row: 17 numbers, driver_code and attributes ({@link COLUMNS}' order). */
const FIELDS = 19;
/** Most bytes of a row without its two texts: field count, the numbers, two text lengths. */
const ROW_FIXED = 2 + 17 * BINARY_FIELD_MAX + 2 * 4;

/**
 * The batch in COPY's binary format (one Buffer): neither process prints or parses a number or a
 * timestamp (decision 0063). Numbers are written as array elements are (`writeBinaryField`);
 * the row's values are already in range (position-row.ts rounds and clamps them).
 */
export function copyBinary(rows: readonly PositionRow[]): Buffer {
  let bound = BINARY_HEADER.length + 2;
  for (const r of rows) {
    // UTF-8 takes at most 3 bytes per UTF-16 unit; jsonb adds its version byte.
    bound += ROW_FIXED + 1 + 3 * ((r.driverCode?.length ?? 0) + (r.attributes?.length ?? 0));
  }
  const buf = Buffer.allocUnsafe(bound);
  BINARY_HEADER.copy(buf, 0);
  let at = BINARY_HEADER.length;
  const text = (v: string | null, prefix: number | null) => {
    if (v === null) {
      at = buf.writeInt32BE(-1, at);
      return;
    }
    const lengthAt = at;
    at += 4;
    if (prefix !== null) at = buf.writeUInt8(prefix, at);
    at += buf.write(v, at, 'utf8');
    buf.writeInt32BE(at - lengthAt - 4, lengthAt);
  };
  for (const r of rows) {
    at = buf.writeInt16BE(FIELDS, at);
    // Spelled out, not looped over a column list: a plain property load each (hot path).
    at = writeBinaryField(buf, at, 'int4', r.deviceId);
    at = writeBinaryField(buf, at, 'timestamptz', r.fixTimeMs);
    at = writeBinaryField(buf, at, 'int4', r.lat);
    at = writeBinaryField(buf, at, 'int4', r.lng);
    at = writeBinaryField(buf, at, 'int2', r.speed);
    at = writeBinaryField(buf, at, 'int2', r.heading);
    at = writeBinaryField(buf, at, 'int2', r.altitude);
    at = writeBinaryField(buf, at, 'int2', r.satellites);
    at = writeBinaryField(buf, at, 'int2', r.flags);
    at = writeBinaryField(buf, at, 'int2', r.rpm);
    at = writeBinaryField(buf, at, 'int2', r.torque);
    at = writeBinaryField(buf, at, 'int2', r.pedal);
    at = writeBinaryField(buf, at, 'int8', r.odometerM);
    at = writeBinaryField(buf, at, 'float8', r.fuelUsedL);
    at = writeBinaryField(buf, at, 'float4', r.fuelLevel);
    at = writeBinaryField(buf, at, 'float8', r.engineHours);
    at = writeBinaryField(buf, at, 'float4', r.ureaLevel);
    text(r.driverCode, null);
    text(r.attributes, 1); // jsonb's binary form: version 1, then the JSON text
  }
  at = buf.writeInt16BE(-1, at);
  return buf.subarray(0, at);
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
 * One PostgreSQL transaction on a raw connection: the positions go in by COPY (binary format)
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
        await streamPipeline(Readable.from([copyBinary(rows)]), client.query(copyFrom(COPY_STAGE)));
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
