import type { Kysely } from 'kysely';
import {
  drivingStatusOf,
  replayDriving,
  stepDriving,
  type DrivingRuleSet,
  type DrivingState,
} from '@rumbo/telematics';
import type { Database } from '../../db/schema.js';
import { activitiesOf, type ActivityRow } from './driving-times.repository.js';
import { HISTORY_MS, intervalsOf } from './driving-times.service.js';

// The driving-times list's memory (decision 0043): the screen asks for every driver's driving left
// often, and reading 1,000 drivers' three weeks of activities each time costs seconds. So an API node
// keeps each tenant's rows by card and each card's engine state folded over its settled intervals;
// a call reloads only the cards whose activities were committed since (the facts on the bus), folds
// the interval going on up to now and reads the status. Everything is reloaded every 10 minutes.

const FULL_RELOAD_MS = 10 * 60_000;

interface CardMemo {
  rows: ActivityRow[];
  /** The fold over every interval but the last (it may still go on), for `rules`. */
  settled?: { state: DrivingState; rulesKey: string };
}

interface TenantMemo {
  loadedAtMs: number;
  cards: Map<string, CardMemo>;
  dirty: Set<string>;
}

export class DrivingTimesCache {
  private readonly tenants = new Map<number, TenantMemo>();
  /** Each vehicle's newest record time seen live (the stored one is written every 15 s). */
  private readonly lastFix = new Map<number, number>();

  /** A card's activities were committed (a `driver-activity` fact). */
  changed(tenantId: number, card: string): void {
    this.tenants.get(tenantId)?.dirty.add(card);
  }

  /** A vehicle's newest record (a live update). */
  seen(vehicleId: number, fixTimeMs: number): void {
    if ((this.lastFix.get(vehicleId) ?? 0) < fixTimeMs) this.lastFix.set(vehicleId, fixTimeMs);
  }

  /** Forgets a tenant (its rule set changed). */
  forget(tenantId: number): void {
    this.tenants.delete(tenantId);
  }

  /** Every card's rows of the tenant, up to date. */
  private async memo(db: Kysely<Database>, tenantId: number, nowMs: number): Promise<TenantMemo> {
    const memo = this.tenants.get(tenantId);
    if (!memo || nowMs - memo.loadedAtMs > FULL_RELOAD_MS) {
      const fresh: TenantMemo = { loadedAtMs: nowMs, cards: new Map(), dirty: new Set() };
      this.tenants.set(tenantId, fresh);
      for (const r of await activitiesOf(db, tenantId, nowMs - HISTORY_MS, nowMs + 1, 'es'))
        push(fresh.cards, r);
      return fresh;
    }
    if (memo.dirty.size > 0) {
      const cards = [...memo.dirty];
      memo.dirty.clear();
      const rows = await activitiesOf(db, tenantId, nowMs - HISTORY_MS, nowMs + 1, 'es', cards);
      for (const card of cards) memo.cards.delete(card);
      for (const r of rows) push(memo.cards, r);
    }
    return memo;
  }

  /** The list's rows of these cards (all the tenant's when undefined) at `nowMs`. */
  async rows(
    db: Kysely<Database>,
    tenantId: number,
    rules: DrivingRuleSet,
    nowMs: number,
  ): Promise<Map<string, { rows: ActivityRow[]; status: ReturnType<typeof drivingStatusOf> }>> {
    const memo = await this.memo(db, tenantId, nowMs);
    const rulesKey = JSON.stringify(rules);
    const out = new Map<
      string,
      { rows: ActivityRow[]; status: ReturnType<typeof drivingStatusOf> }
    >();
    for (const [card, m] of memo.cards) {
      for (const r of m.rows) {
        const seen = this.lastFix.get(r.vehicleId);
        if (seen !== undefined && (r.lastFixMs ?? 0) < seen) r.lastFixMs = seen;
      }
      const intervals = intervalsOf(m.rows, nowMs);
      const last = m.rows.at(-1);
      const tail =
        last && intervals.at(-1)?.startMs === last.startMs ? intervals.at(-1) : undefined;
      if (m.settled?.rulesKey !== rulesKey)
        m.settled = {
          state: replayDriving(tail ? intervals.slice(0, -1) : intervals, rules).state,
          rulesKey,
        };
      const state = tail ? stepDriving(m.settled.state, tail, rules).state : m.settled.state;
      out.set(card, { rows: m.rows, status: drivingStatusOf(state, rules, nowMs) });
    }
    return out;
  }
}

function push(cards: Map<string, CardMemo>, r: ActivityRow): void {
  const m = cards.get(r.card);
  if (m) m.rows.push(r);
  else cards.set(r.card, { rows: [r] });
}
