// The driving-times rule engine's cost (issue 26): µs per `drivingTimesAt` over four weeks of one
// driver's activities (the whole replay a screen's call makes per driver, normalising included),
// per `infringementsIn` over the same weeks, and per incremental `stepDriving` (what a live
// caller keeping a state per driver pays per new interval). Pure CPU, one process, no server.
// Run: npx tsx bench/driving-times-engine.ts   (WEEKS 4, ROUNDS 200)
import {
  EU_561_2006,
  drivingTimesAt,
  infringementsIn,
  initialDrivingState,
  normaliseActivities,
  stepDriving,
  type ActivityInterval,
  type DriverActivityKind,
} from '@rumbo/telematics';

const WEEKS = Number(process.env.WEEKS ?? 4);
const ROUNDS = Number(process.env.ROUNDS ?? 200);
const H = 3_600_000;
const START_MS = Date.UTC(2026, 0, 5);

/** A plausible fortnightly pattern with some days over their limits: ~15 intervals a day. */
function weeksOfActivities(weeks: number): ActivityInterval[] {
  const out: ActivityInterval[] = [];
  let t = START_MS + 6 * H;
  let seed = 7;
  const random = (): number => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  const push = (kind: DriverActivityKind, hours: number): void => {
    const endMs = t + Math.round(hours * H);
    out.push({ kind, startMs: t, endMs, vehicleId: 1 });
    t = endMs;
  };
  for (let w = 0; w < weeks; w++) {
    for (let d = 0; d < 5; d++) {
      push('work', 0.5);
      for (let block = 0; block < 3; block++) {
        push('drive', 1 + random() * 2.5);
        push('work', 0.1 + random() * 0.4);
        push('drive', 0.5 + random());
        push(random() < 0.1 ? 'available' : 'rest', 0.25 + random() * 0.6);
      }
      push('work', 0.3);
      push('rest', 9 + random() * 4);
    }
    push('rest', 48 + random() * 10);
  }
  return out;
}

const activities = weeksOfActivities(WEEKS);
const atMs = activities[activities.length - 1]!.endMs;

/** CPU time (user + system) per call: the machine is shared, wall time would measure the others. */
function time(label: string, perRound: number, run: () => unknown): void {
  for (let i = 0; i < Math.min(20, ROUNDS); i++) run();
  const before = process.cpuUsage();
  for (let i = 0; i < ROUNDS; i++) run();
  const used = process.cpuUsage(before);
  const perCallUs = (used.user + used.system) / ROUNDS / perRound;
  console.log(`${label}: ${perCallUs.toFixed(3)} µs CPU`);
}

console.log(`${WEEKS} weeks, ${activities.length} intervals, ${ROUNDS} rounds`);
time('drivingTimesAt (whole replay)', 1, () => drivingTimesAt(activities, EU_561_2006, atMs));
time('infringementsIn (whole replay, evidence)', 1, () =>
  infringementsIn(activities, EU_561_2006, START_MS, atMs + 1),
);
const list = normaliseActivities(activities);
time('stepDriving per interval', list.length, () => {
  let state = initialDrivingState();
  for (const a of list) state = stepDriving(state, a, EU_561_2006).state;
  return state;
});
console.log(
  `infringements in the ${WEEKS} weeks: ${infringementsIn(activities, EU_561_2006, START_MS, atMs + 1).length}`,
);
