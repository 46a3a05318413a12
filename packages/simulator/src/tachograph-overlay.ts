// The demo's trucks with a tachograph (issue 26): the records a simulated truck's tracker takes
// (truck.ts) get the working states and cards of the drivers' plan at their time (duty-fleet.ts),
// and a record of their own at each change of a slot (IO 184/185/187 events), a copy of the
// truck's last record at the change's instant (of the next one when it matches the truck's motion
// at the change better: moving when the driving starts, standing when it ends). A truck planned
// with its drivers' day (`FleetOptions.duty`, truck-duty.ts) moves exactly while its driving slot
// says `drive`; other trucks keep their own journeys (decision 0048).

import type { CardStint, DutyTruck } from './duty-fleet.js';
import { MOVING_KMH } from './duty-motion.js';
import { WORKING_STATE, tachographFields } from './duty-records.js';
import type { SimRecord } from './sim-record.js';

/**
 * Walks a truck's stints forward in time (records come oldest first). A truck planned as time
 * passes (`DutyTruck.planTo`) is asked for its stints up to each batch's last record, and the
 * stints it adds are taken in then.
 */
export class TachographOverlay {
  private readonly edges: number[] = [];
  private readonly bySlot: [CardStint[], CardStint[]] = [[], []];
  private readonly at = [0, 0];
  /** Stints of the truck taken in so far. */
  private taken = 0;
  private edgeIndex = 0;
  private last: SimRecord | undefined;

  constructor(private readonly truck: DutyTruck) {
    this.takeNew();
  }

  /** Takes in the stints the truck added (all at or after those it had: edges stay sorted). */
  private takeNew(): void {
    const { stints } = this.truck;
    if (this.taken === stints.length) return;
    const edges = new Set<number>();
    for (let i = this.taken; i < stints.length; i++) {
      const s = stints[i]!;
      edges.add(s.startMs).add(s.endMs);
      this.bySlot[s.slot - 1]!.push(s);
    }
    this.taken = stints.length;
    const lastEdge = this.edges.at(-1) ?? -Infinity;
    for (const e of [...edges].sort((a, b) => a - b)) if (e > lastEdge) this.edges.push(e);
  }

  private stintAt(k: 0 | 1, ms: number): CardStint | undefined {
    const list = this.bySlot[k];
    while (this.at[k]! < list.length && list[this.at[k]!]!.endMs <= ms) this.at[k]! += 1;
    const s = list[this.at[k]!];
    return s && s.startMs <= ms ? s : undefined;
  }

  private stamp(r: SimRecord): SimRecord {
    return Object.assign(
      r,
      tachographFields(this.stintAt(0, r.fixTimeMs), this.stintAt(1, r.fixTimeMs)),
    );
  }

  /** The records with their tachograph IO, and a record at each slot change between them. */
  apply(records: readonly SimRecord[]): SimRecord[] {
    const out: SimRecord[] = [];
    const lastMs = records.at(-1)?.fixTimeMs;
    if (lastMs !== undefined && this.truck.planTo) {
      this.truck.planTo(lastMs);
      this.takeNew();
    }
    for (const r of records) {
      while (this.edgeIndex < this.edges.length && this.edges[this.edgeIndex]! <= r.fixTimeMs) {
        const edgeMs = this.edges[this.edgeIndex++]!;
        const last = this.last;
        if (last === undefined || edgeMs <= last.fixTimeMs || edgeMs >= r.fixTimeMs) continue;
        // The record nearer the truck's motion at the change: moving at a change to `drive`
        // (the truck pulled away), standing at a change from it (the truck had stopped).
        const fields = tachographFields(this.stintAt(0, edgeMs), this.stintAt(1, edgeMs));
        const drives =
          fields.driver1State === WORKING_STATE.drive ||
          fields.driver2State === WORKING_STATE.drive;
        const moves = (x: SimRecord): boolean => x.speedKmh > MOVING_KMH;
        const base = drives
          ? !moves(last) && moves(r)
            ? r
            : last
          : moves(last) && !moves(r)
            ? r
            : last;
        const { harshEvent: _h, harshValue: _v, dm1: _d, ...plain } = base;
        out.push(this.stamp({ ...plain, fixTimeMs: edgeMs, eventIoId: 184 }));
      }
      out.push(this.stamp(r));
      this.last = r;
    }
    return out;
  }
}
