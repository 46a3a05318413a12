import type pg from 'pg';
import { Leases } from '../bus/leases.js';

const JOBS_GROUP = 2;
const HOUSEKEEPING_JOB = 1;

/** The cluster's scheduled-work lease. */
export interface JobLease {
  /** Whether this process holds the lease, taking it when free. */
  held(): Promise<boolean>;
  /** Gives it back (the connection holding it returns to the pool). */
  close(): Promise<void>;
}

/**
 * A PostgreSQL advisory lock on a dedicated connection, freed by the database when the holder
 * dies: scheduled work runs in one process of the cluster at a time.
 */
export function jobLease(pool: pg.Pool): JobLease {
  let leases: Promise<Leases> | undefined;
  let isHeld = false;
  return {
    async held() {
      if (isHeld) return true;
      leases ??= Leases.join(pool, JOBS_GROUP);
      isHeld = await (await leases).tryJob(HOUSEKEEPING_JOB);
      return isHeld;
    },
    async close() {
      const taken = leases;
      leases = undefined;
      isHeld = false;
      if (taken) await (await taken).close();
    },
  };
}
