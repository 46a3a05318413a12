// What a fleet manager would see in the demo's alert list (issue 22): alerts per truck per day by
// code, alerts that tell the same episode twice, trucks with a suspected theft, trips with a
// driver card. Read from the database the demo filled (the real pipeline, default settings); used
// by demo-first-run.int.test.ts and `bench/demo-alerts.ts`.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../src/db/schema.js';

const DAY_MS = 86_400_000;

/** Code pairs that would be the same episode told twice when they overlap on one truck. */
const SAME_EPISODE: readonly [RegExp, RegExp][] = [
  [/^V\d\d$/, /^EXV$/],
  [/^IDD$/, /^NUM$/],
];

export interface DemoAlertFigures {
  trucks: number;
  days: number;
  /** Alerts in the list over the period. */
  total: number;
  perTruckDay: number;
  /** Per code: alerts per truck per day. */
  byCode: Record<string, number>;
  /** The truck with the most alerts: its alerts per day. */
  worstTruckPerDay: number;
  /** Pairs of alerts that tell one episode (e.g. `V95` and `EXV` overlapping on one truck). */
  duplicates: { vehicleId: number; a: string; b: string; atMs: number }[];
  /** Trucks with at least one suspected theft (`DCS`), and the thefts. */
  theftTrucks: number;
  thefts: number;
  /** Trips of vehicles with a card reader (Teltonika) that carry a driver code. */
  tripsWithCard: number;
  trips: number;
}

/** The figures over [fromMs, untilMs) for the vehicles of `tenantId`. */
export async function demoAlertFigures(
  db: Kysely<Database>,
  tenantId: number,
  fromMs: number,
  untilMs: number,
): Promise<DemoAlertFigures> {
  const from = new Date(fromMs);
  const until = new Date(untilMs);
  const trucks = Number(
    (
      await db
        .selectFrom('vehicles')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('tenant_id', '=', tenantId)
        .executeTakeFirstOrThrow()
    ).n,
  );
  const days = (untilMs - fromMs) / DAY_MS;
  // Every stored event (facts kept for the history too), and the alerts the list shows.
  const all = await db
    .selectFrom('events')
    .select(['vehicle_id', 'code', 'start_time', 'end_time', 'listed'])
    .where('tenant_id', '=', tenantId)
    .where('start_time', '>=', from)
    .where('start_time', '<', until)
    .orderBy('vehicle_id')
    .orderBy('start_time')
    .execute();
  const byCode: Record<string, number> = {};
  const perVehicle = new Map<number, number>();
  const listed = all.filter((e) => e.listed);
  for (const e of listed) {
    byCode[e.code] = (byCode[e.code] ?? 0) + 1;
    perVehicle.set(e.vehicle_id, (perVehicle.get(e.vehicle_id) ?? 0) + 1);
  }
  for (const code of Object.keys(byCode)) byCode[code] = byCode[code]! / trucks / days;

  // Alerts of one truck that overlap in time and tell one episode: the same code, or two rules
  // for one thing (`V95` and `EXV`, `IDD` and `NUM`); an alert without an end is an instant.
  const duplicates: DemoAlertFigures['duplicates'] = [];
  const spans = listed.map((e) => {
    const start = new Date(e.start_time).getTime();
    const end = e.end_time === null ? start : new Date(e.end_time).getTime();
    return { vehicleId: e.vehicle_id, code: e.code, start, end };
  });
  for (let i = 0; i < spans.length; i++) {
    const a = spans[i]!;
    for (let j = i + 1; j < spans.length; j++) {
      const b = spans[j]!;
      if (b.vehicleId !== a.vehicleId || b.start > a.end) break;
      const same =
        a.code === b.code ||
        SAME_EPISODE.some(
          ([x, y]) => (x.test(a.code) && y.test(b.code)) || (y.test(a.code) && x.test(b.code)),
        );
      if (same) duplicates.push({ vehicleId: a.vehicleId, a: a.code, b: b.code, atMs: b.start });
    }
  }

  const thefts = all.filter((e) => e.code === 'DCS');
  const trips = await sql<{ trips: number; with_card: number }>`
    select count(*)::int as trips, count(t.driver_code)::int as with_card
    from trips t
    where t.tenant_id = ${tenantId} and t.start_time >= ${from} and t.start_time < ${until}
      and exists (select 1 from devices d where d.vehicle_id = t.vehicle_id
        and d.protocol = 'teltonika')`.execute(db);
  return {
    trucks,
    days,
    total: listed.length,
    perTruckDay: listed.length / trucks / days,
    byCode,
    worstTruckPerDay: Math.max(0, ...perVehicle.values()) / days,
    duplicates,
    theftTrucks: new Set(thefts.map((e) => e.vehicle_id)).size,
    thefts: thefts.length,
    tripsWithCard: trips.rows[0]!.with_card,
    trips: trips.rows[0]!.trips,
  };
}

/** The figures as a few lines of text (codes by alerts per truck per day, most first). */
export function formatDemoAlertFigures(f: DemoAlertFigures): string {
  const codes = Object.entries(f.byCode)
    .sort((a, b) => b[1] - a[1])
    .map(([code, n]) => `${code} ${n.toFixed(2)}`)
    .join(', ');
  return [
    `alerts in the list: ${f.total} over ${f.trucks} trucks × ${f.days.toFixed(1)} days = ` +
      `${f.perTruckDay.toFixed(2)} per truck per day (worst truck ${f.worstTruckPerDay.toFixed(2)})`,
    `by code (per truck per day): ${codes}`,
    `one episode told twice: ${f.duplicates.length}` +
      (f.duplicates.length
        ? ` (e.g. ${f.duplicates
            .slice(0, 3)
            .map((d) => `${d.a}+${d.b} #${d.vehicleId} ${new Date(d.atMs).toISOString()}`)
            .join('; ')})`
        : ''),
    `suspected thefts: ${f.thefts} on ${f.theftTrucks} trucks`,
    `trips with a driver card: ${f.tripsWithCard} of ${f.trips} ` +
      `(${((100 * f.tripsWithCard) / Math.max(1, f.trips)).toFixed(1)} %)`,
  ].join('\n');
}
