import type pg from 'pg';
import { Leases } from '../bus/leases.js';

const JOBS_GROUP = 2;
const HOUSEKEEPING_JOB = 1;

/**
 * Whether this process holds the cluster's scheduled-work lease, taking it when free: a
 * PostgreSQL advisory lock on a dedicated connection, freed by the database when the holder dies.
 */
export function jobLease(pool: pg.Pool): () => Promise<boolean> {
  let leases: Promise<Leases> | undefined;
  let held = false;
  return async () => {
    if (held) return true;
    leases ??= Leases.join(pool, JOBS_GROUP);
    held = await (await leases).tryJob(HOUSEKEEPING_JOB);
    return held;
  };
}
