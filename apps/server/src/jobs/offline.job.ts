import type { Unit } from '../lib/unit.js';
import type { LiveFleet } from '../realtime/live-fleet.js';

/** API nodes: every 30 s, vehicles of this node's live fleet silent too long go offline. */
export function offlineSweepJob(live: Pick<LiveFleet, 'sweepOffline'>): Unit {
  let timer: NodeJS.Timeout | undefined;
  return {
    start() {
      timer = setInterval(() => live.sweepOffline(Date.now()), 30_000);
      timer.unref();
      return Promise.resolve();
    },
    stop() {
      clearInterval(timer);
      return Promise.resolve();
    },
  };
}
