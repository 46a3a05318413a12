import type pg from 'pg';

// Advisory-lock key spaces (two-int form: class, id). Arbitrary constants, stable across versions.
const MEMBER_CLASS = 7_270_801;
const PARTITION_CLASS = 7_270_802;
const JOB_CLASS = 7_270_803;
const MAX_MEMBERS = 64;

/**
 * Cluster leases on PostgreSQL session advisory locks, held on one dedicated connection: a
 * process that dies (even by kill -9) loses its connection, and the database frees its leases at
 * once. Members of a group count themselves through member slots, so partitions spread evenly.
 */
export class Leases {
  private slot: number | undefined;

  private constructor(
    private readonly client: pg.PoolClient,
    private readonly group: number,
  ) {}

  /** Takes a dedicated connection and joins `group` (one group per role). */
  static async join(pool: pg.Pool, group: number): Promise<Leases> {
    const client = await pool.connect();
    const leases = new Leases(client, group);
    for (let slot = 0; slot < MAX_MEMBERS; slot++) {
      if (await leases.tryLock(MEMBER_CLASS, group * MAX_MEMBERS + slot)) {
        leases.slot = slot;
        break;
      }
    }
    return leases;
  }

  private async tryLock(cls: number, id: number): Promise<boolean> {
    const result = await this.client.query<{ ok: boolean }>(
      'select pg_try_advisory_lock($1, $2) as ok',
      [cls, id],
    );
    return result.rows[0]?.ok === true;
  }

  private async unlock(cls: number, id: number): Promise<void> {
    await this.client.query('select pg_advisory_unlock($1, $2)', [cls, id]);
  }

  /** How many members the group has now (this one included). */
  async members(): Promise<number> {
    const result = await this.client.query<{ n: string }>(
      `select count(*) as n from pg_locks where locktype = 'advisory' and granted
         and classid = $1 and objid >= $2 and objid < $3`,
      [MEMBER_CLASS, this.group * MAX_MEMBERS, (this.group + 1) * MAX_MEMBERS],
    );
    return Math.max(1, Number(result.rows[0]?.n ?? 1));
  }

  /** Takes partition `p` if nobody holds it. */
  tryPartition(p: number): Promise<boolean> {
    return this.tryLock(PARTITION_CLASS, this.group * 1000 + p);
  }

  /** Gives partition `p` back. */
  releasePartition(p: number): Promise<void> {
    return this.unlock(PARTITION_CLASS, this.group * 1000 + p);
  }

  /** Takes the lease of a job (one holder across the cluster). */
  tryJob(job: number): Promise<boolean> {
    return this.tryLock(JOB_CLASS, job);
  }

  /** Leaves: every lease of this connection is freed. */
  async close(): Promise<void> {
    try {
      await this.client.query('select pg_advisory_unlock_all()');
    } finally {
      this.client.release(true);
    }
  }
}
