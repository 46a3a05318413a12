import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { recordUses } from './api-keys.repository.js';

/**
 * Counts each key's uses per day and address in memory and writes them every `flushMs` (and on
 * close), so a busy integration does not cost a write per request; a crash loses at most the
 * last few seconds of counts, never a request.
 */
export class KeyUseRecorder {
  private pending = new Map<
    string,
    { keyId: number; day: string; address: string; count: number; lastAt: Date }
  >();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly flushMs = 2_000,
  ) {}

  record(keyId: number, address: string, nowMs: number): void {
    const day = new Date(nowMs).toISOString().slice(0, 10);
    const id = `${keyId} ${day} ${address}`;
    const entry = this.pending.get(id);
    if (entry) {
      entry.count += 1;
      entry.lastAt = new Date(nowMs);
    } else {
      this.pending.set(id, { keyId, day, address, count: 1, lastAt: new Date(nowMs) });
    }
    this.timer ??= setTimeout(() => void this.flush(), this.flushMs);
  }

  async flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const uses = [...this.pending.values()];
    this.pending = new Map();
    try {
      await recordUses(this.db, uses);
    } catch {
      // The database is away: the counts wait for the next flush.
      for (const use of uses) {
        const id = `${use.keyId} ${use.day} ${use.address}`;
        const entry = this.pending.get(id);
        if (entry) entry.count += use.count;
        else this.pending.set(id, use);
      }
    }
  }

  async close(): Promise<void> {
    await this.flush();
  }
}
