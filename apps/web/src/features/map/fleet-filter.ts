import { VEHICLE_STATUSES, type VehicleStatus } from '../../shared/fleet/vehicle-status';
import type { LiveFleetStore, VehicleInfo } from '../../shared/fleet/live-fleet-store';

/** Lower case without accents, for search. */
export function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

const searchText = new WeakMap<VehicleInfo, string>();

/** True when a vehicle matches the search text (plate, brand, model, driver, implements). */
export function matchesSearch(info: VehicleInfo, foldedQuery: string): boolean {
  if (!foldedQuery) return true;
  let text = searchText.get(info);
  if (text === undefined) {
    text = fold(
      [info.plate, info.marca, info.modelo, info.driverCode, info.driverName, info.implementos]
        .filter(Boolean)
        .join(' '),
    );
    searchText.set(info, text);
  }
  return text.includes(foldedQuery);
}

export interface FleetFilter {
  query: string;
  /** Statuses shown; empty = all. */
  statuses: ReadonlySet<VehicleStatus>;
}

export interface FilterResult {
  /** 1 per slot that passes search and status filter. */
  pass: Uint8Array;
  /** Per status, how many vehicles match the search (whatever the status filter). */
  counts: Record<VehicleStatus, number>;
  /** How many match the search. */
  matching: number;
  /** How many pass both. */
  shown: number;
}

/** Applies search and status filter over the store. */
export function filterFleet(store: LiveFleetStore, filter: FleetFilter): FilterResult {
  const folded = fold(filter.query.trim());
  const pass = new Uint8Array(store.count);
  const counts = Object.fromEntries(VEHICLE_STATUSES.map((s) => [s, 0])) as Record<
    VehicleStatus,
    number
  >;
  let matching = 0;
  let shown = 0;
  for (let s = 0; s < store.count; s++) {
    const info = store.info[s];
    if (!info || !matchesSearch(info, folded)) continue;
    const status = VEHICLE_STATUSES[store.status[s]!] ?? 'undefined';
    counts[status]++;
    matching++;
    if (filter.statuses.size === 0 || filter.statuses.has(status)) {
      pass[s] = 1;
      shown++;
    }
  }
  return { pass, counts, matching, shown };
}

/** Slots sorted by plate (natural order, so TRK-2 comes before TRK-10). */
export function sortByPlate(store: LiveFleetStore, slots: ArrayLike<number>): number[] {
  const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
  return Array.from(slots).sort((a, b) =>
    collator.compare(store.info[a]?.plate ?? '', store.info[b]?.plate ?? ''),
  );
}

/** True when two pass masks are equal. */
export function samePass(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
