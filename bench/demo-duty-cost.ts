// The CPU the demo's drivers cost before its trucks go live (decision 0048, "Cost at the demo's
// start"), as the server spends it, each start in a process of its own (the planner not yet
// compiled by V8): a first start places the three near-limit drivers, then plans every truck's
// drivers as the fleet going live asks (to a week past the present); a restart checks the
// placement it kept instead; before (the plan made at once) the placement was followed by every
// truck's drivers planned to 90 days past the present. Then, for scale, what follows in every case:
// the fleet going live (its trucks put where they are at the present, each simulating its current
// leg to it, and their first records with the drivers' slots; no server: nothing is sent).
// Median of ROUNDS processes per start.
// Run: npx tsx bench/demo-duty-cost.ts   (DEMO_VEHICLES 50, HISTORY_DAYS 14, ROUNDS 5, NOW)
import { spawnSync } from 'node:child_process';
import { createFleet, fleetDuty } from '../packages/simulator/src/index.js';
import {
  computeDemoPlacement,
  demoPlacementHolds,
  demoTruckDuty,
  adoptDemoPlacement,
  type PlacedTruck,
} from '../apps/server/src/demo/demo-duty.js';

const DAY_MS = 86_400_000;
const SEED = 'rumbo-demo';
const vehicles = Number(process.env.DEMO_VEHICLES ?? 50);
const historyDays = Number(process.env.HISTORY_DAYS ?? 14);
const rounds = Number(process.env.ROUNDS ?? 5);
const nowMs = Math.floor(Date.parse(process.env.NOW ?? new Date().toISOString()) / 1000) * 1000;
const startMs = nowMs - historyDays * DAY_MS;

const cpu = (work: () => void): number => {
  const before = process.cpuUsage();
  work();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
};

/** One start, in this process: the placement, then the drivers' planning. */
function start(
  kind: string,
  kept: readonly PlacedTruck[],
): { place: number; plan: number; live: number } {
  const place = cpu(() => {
    if (kind !== 'restart') computeDemoPlacement(SEED, vehicles, startMs, nowMs);
    else if (!demoPlacementHolds(SEED, vehicles, startMs, nowMs, kept)) {
      throw new Error('the placement does not hold');
    }
  });
  // What the fleet uses from now on (no second placement).
  adoptDemoPlacement(SEED, vehicles, startMs, nowMs, kept);
  const options = {
    seed: SEED,
    vehicles,
    startMs,
    duty: demoTruckDuty(SEED, vehicles, startMs, nowMs),
  };
  let tachograph = fleetDuty(options);
  const plan = cpu(() => {
    if (kind === 'before') tachograph = fleetDuty(options, nowMs + 90 * DAY_MS - 7 * DAY_MS);
    else for (const t of tachograph.trucks) t.planTo?.(nowMs);
  });
  // Ports nobody listens on: the clients only try to connect, after this.
  const fleet = createFleet({ ...options, tachograph, teltonikaPort: 9, osmandPort: 9 });
  const live = cpu(() => fleet.start({ atMs: nowMs }));
  void fleet.stop();
  return { place, plan, live };
}

const STARTS: Record<string, string> = {
  first: 'first start (placement computed, drivers planned a week past now)',
  restart: 'restart (placement kept and checked, drivers planned a week past now)',
  before: 'before (placement computed, drivers planned 90 days past now)',
};

if (process.env.START !== undefined) {
  const kept = JSON.parse(process.env.PLACEMENT ?? '[]') as PlacedTruck[];
  console.log(JSON.stringify(start(process.env.START, kept)));
  process.exit(0);
} else {
  const placement = computeDemoPlacement(SEED, vehicles, startMs, nowMs);
  console.log(
    `demo drivers' CPU at the start, ${vehicles} trucks, history from ${new Date(startMs).toISOString()}, ` +
      `present ${new Date(nowMs).toISOString()}; median of ${rounds} fresh processes:`,
  );
  const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  for (const [kind, what] of Object.entries(STARTS)) {
    const runs = Array.from({ length: rounds }, () => {
      const run = spawnSync(process.execPath, ['--import', 'tsx', import.meta.filename], {
        env: {
          ...process.env,
          START: kind,
          NOW: new Date(nowMs).toISOString(),
          PLACEMENT: JSON.stringify(placement),
        },
        encoding: 'utf8',
      });
      if (run.status !== 0) throw new Error(run.stderr);
      const line = run.stdout.trim().split('\n').at(-1)!;
      return JSON.parse(line) as { place: number; plan: number; live: number };
    });
    const place = median(runs.map((r) => r.place));
    const plan = median(runs.map((r) => r.plan));
    const total = median(runs.map((r) => r.place + r.plan));
    const live = median(runs.map((r) => r.live));
    console.log(
      `  ${what}: placement ${place.toFixed(0)} ms, planning ${plan.toFixed(0)} ms, together ` +
        `${total.toFixed(0)} ms; then the fleet going live ${live.toFixed(0)} ms`,
    );
  }
  const placed = placement.map((p) => `driver ${p.driver} ${p.limit} ${p.leftMin} min`).join(', ');
  console.log(`placed: ${placed}`);
}
