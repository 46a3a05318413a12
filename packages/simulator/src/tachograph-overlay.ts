// The demo's trucks with a tachograph (issue 26): the records a simulated truck's tracker takes
// (truck.ts) get the working states and cards of the drivers' plan at their time (duty-fleet.ts),
// and a record of their own at each change of a slot (IO 184/185/187 events), a copy of the
// truck's last record at the change's instant. The drivers' plan does not steer the truck: the
// truck keeps its own journeys (decision 0048).

import type { CardStint, DutyTruck } from './duty-fleet.js';
import { tachographFields } from './duty-records.js';
import type { SimRecord } from './sim-record.js';

/** Walks a truck's stints forward in time (records come oldest first). */
export class TachographOverlay {
  private readonly edges: number[];
  private readonly bySlot: [CardStint[], CardStint[]];
  private readonly at = [0, 0];
  private edgeIndex = 0;
  private last: SimRecord | undefined;

  constructor(truck: DutyTruck) {
    const edges = new Set<number>();
    for (const s of truck.stints) edges.add(s.startMs).add(s.endMs);
    this.edges = [...edges].sort((a, b) => a - b);
    this.bySlot = [
      truck.stints.filter((s) => s.slot === 1),
      truck.stints.filter((s) => s.slot === 2),
    ];
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
    for (const r of records) {
      while (this.edgeIndex < this.edges.length && this.edges[this.edgeIndex]! <= r.fixTimeMs) {
        const edgeMs = this.edges[this.edgeIndex++]!;
        const last = this.last;
        if (last === undefined || edgeMs <= last.fixTimeMs || edgeMs >= r.fixTimeMs) continue;
        const { harshEvent: _h, harshValue: _v, dm1: _d, ...plain } = last;
        out.push(this.stamp({ ...plain, fixTimeMs: edgeMs, eventIoId: 184 }));
      }
      out.push(this.stamp(r));
      this.last = r;
    }
    return out;
  }
}
