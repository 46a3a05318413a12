import type { LastInfo } from '@rumbo/contracts';
import { useEffect, useMemo, useState } from 'react';
import { indexLastInfo } from '../../shared/fleet/fleet-queries';
import { useLiveFleet } from '../../shared/fleet/live-fleet';
import { statusFromCode, type VehicleStatus } from '../../shared/fleet/vehicle-status';

/** What the live feed knows newer than the 60-second last-position poll. */
export interface LiveState {
  status: VehicleStatus;
  fixTimeMs: number;
}

/** How often the tables take the live feed's changes (they need not redraw per frame). */
const LIVE_TABLE_REFRESH_MS = 1000;

/**
 * Status and last report of every vehicle from the map's live store (`/api/wslp`), read at most
 * once a second. Empty until the feed's snapshot arrives, or when the feed is refused.
 */
export function useLiveOverlay(): ReadonlyMap<number, LiveState> {
  const { store } = useLiveFleet();
  const [overlay, setOverlay] = useState<ReadonlyMap<number, LiveState>>(() => new Map());
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    const read = () => {
      timer = null;
      const next = new Map<number, LiveState>();
      for (let slot = 0; slot < store.count; slot++) {
        const fixTimeMs = store.fixTime[slot] ?? Number.NaN;
        const id = store.ids[slot];
        if (id === undefined || !Number.isFinite(fixTimeMs)) continue;
        next.set(id, { status: statusFromCode(store.status[slot] ?? 0), fixTimeMs });
      }
      setOverlay(next);
    };
    const unsubscribe = store.subscribe(() => {
      timer ??= setTimeout(read, LIVE_TABLE_REFRESH_MS);
    });
    return () => {
      unsubscribe();
      if (timer) clearTimeout(timer);
    };
  }, [store]);
  return overlay;
}

/**
 * Last info with the live feed's status and report time laid over it, when the feed has a report
 * at least as recent (the other values stay those of the last poll).
 */
export function withLiveState(
  lastInfo: ReadonlyMap<number, LastInfo>,
  overlay: ReadonlyMap<number, LiveState>,
): Map<number, LastInfo> {
  const merged = new Map(lastInfo);
  for (const [id, live] of overlay) {
    const info = lastInfo.get(id);
    if (!info) continue;
    const polled = info.lastConnection ? Date.parse(info.lastConnection) : Number.NEGATIVE_INFINITY;
    if (live.fixTimeMs < polled) continue;
    merged.set(id, {
      ...info,
      status: live.status,
      lastConnection: new Date(live.fixTimeMs).toISOString(),
    });
  }
  return merged;
}

/** The last info the fleet tables show: the poll, refreshed between polls by the live feed. */
export function useFleetLastInfo(list: readonly LastInfo[] | undefined): Map<number, LastInfo> {
  const overlay = useLiveOverlay();
  return useMemo(() => withLiveState(indexLastInfo(list), overlay), [list, overlay]);
}
