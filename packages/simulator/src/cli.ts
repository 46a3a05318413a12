// `rumbo simulate`: runs a simulated fleet against a Rumbo server until interrupted, printing what
// it connects to and a status line every 10 s.

import { parseArgs } from 'node:util';
import { createFleet, type Fleet } from './fleet.js';

/** What the CLI needs from its surroundings (all optional; tests pass their own). */
export interface SimulatorCliIo {
  log?: (line: string) => void;
  /** Stops the run; by default SIGINT or SIGTERM. */
  signal?: AbortSignal;
  clock?: () => number;
  statusIntervalMs?: number;
}

/** Usage text of `rumbo simulate`. */
export const SIMULATE_USAGE = `Usage: rumbo simulate [options]

  --vehicles N          trucks to simulate (default 50)
  --speedup X           simulated seconds per second until the fleet reaches now (default 1)
  --start-hours-ago H   without backfill, start H hours ago (default 0, or 24 with --speedup > 1)
  --backfill-days D     first send the last D days as fast as the server acknowledges (default 0)
  --host HOST           server host (default 127.0.0.1)
  --teltonika-port P    Teltonika TCP port (default 5027)
  --osmand-port P       OsmAnd HTTP port (default 5055)
  --osmand-every N      every Nth truck uses OsmAnd instead of Teltonika (default 10, 0: none)
  --imei-prefix DIGITS  digits after 35 in every IMEI (default none)
  --seed S              random seed: same seed, same fleet and journeys (default 1)
`;

const HOUR_MS = 3_600_000;

function numberOption(
  values: Record<string, string | boolean | undefined>,
  name: string,
  fallback: number,
  check: (n: number) => boolean,
): number {
  const raw = values[name];
  if (raw === undefined || typeof raw === 'boolean') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || !check(value)) throw new RangeError(`invalid --${name} ${raw}`);
  return value;
}

function statusLine(fleet: Fleet): string {
  const s = fleet.stats();
  const sim = Number.isFinite(s.simTimeMs) ? new Date(s.simTimeMs).toISOString().slice(0, 19) : '-';
  return (
    `[sim ${sim}Z] records sent ${s.sent} acked ${s.acked} queued ${s.queued} resent ${s.resent}` +
    ` rejected ${s.rejected} dropped ${s.dropped} | connections ${s.connected}/${s.devices}` +
    ` reconnects ${s.reconnects}`
  );
}

function defaultSignal(): AbortSignal {
  const controller = new AbortController();
  const abort = (): void => controller.abort();
  process.once('SIGINT', abort);
  process.once('SIGTERM', abort);
  return controller.signal;
}

/** Runs `rumbo simulate` with its arguments (after the command name); resolves to an exit code. */
export async function runSimulatorCli(
  argv: readonly string[],
  io: SimulatorCliIo = {},
): Promise<number> {
  const log = io.log ?? ((line: string) => console.log(line));
  let values: Record<string, string | boolean | undefined>;
  try {
    values = parseArgs({
      args: [...argv],
      strict: true,
      options: {
        vehicles: { type: 'string' },
        speedup: { type: 'string' },
        'start-hours-ago': { type: 'string' },
        'backfill-days': { type: 'string' },
        host: { type: 'string' },
        'teltonika-port': { type: 'string' },
        'osmand-port': { type: 'string' },
        'osmand-every': { type: 'string' },
        'imei-prefix': { type: 'string' },
        seed: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }).values;
  } catch (error) {
    log(`${(error as Error).message}\n\n${SIMULATE_USAGE}`);
    return 2;
  }
  if (values.help) {
    log(SIMULATE_USAGE);
    return 0;
  }

  let fleet: Fleet;
  let backfillDays: number;
  try {
    const isPort = (n: number): boolean => Number.isInteger(n) && n > 0 && n < 65536;
    const vehicles = numberOption(values, 'vehicles', 50, (n) => Number.isInteger(n) && n >= 1);
    const speedup = numberOption(values, 'speedup', 1, (n) => n > 0);
    backfillDays = numberOption(values, 'backfill-days', 0, (n) => n >= 0);
    const hoursAgo = numberOption(values, 'start-hours-ago', speedup > 1 ? 24 : 0, (n) => n >= 0);
    const clock = io.clock ?? Date.now;
    // A backfill starts the trucks where it starts; otherwise they start hours ago and catch up.
    const startAgoMs = backfillDays > 0 ? backfillDays * 24 * HOUR_MS : hoursAgo * HOUR_MS;
    fleet = createFleet({
      vehicles,
      seed: typeof values.seed === 'string' ? values.seed : 1,
      startMs: clock() - startAgoMs,
      speedup,
      host: typeof values.host === 'string' ? values.host : '127.0.0.1',
      teltonikaPort: numberOption(values, 'teltonika-port', 5027, isPort),
      osmandPort: numberOption(values, 'osmand-port', 5055, isPort),
      osmandEvery: numberOption(values, 'osmand-every', 10, (n) => Number.isInteger(n) && n >= 0),
      imeiPrefix: typeof values['imei-prefix'] === 'string' ? values['imei-prefix'] : '',
      clock,
      onEvent: (event) => {
        if (event.kind === 'login-refused') log(`${event.deviceId}: login refused by the server`);
      },
    });
    const teltonika = fleet.devices.filter((d) => d.protocol === 'teltonika').length;
    const host = typeof values.host === 'string' ? values.host : '127.0.0.1';
    log(
      `Simulating ${vehicles} trucks (seed ${String(values.seed ?? 1)}, speed-up ${speedup}×): ` +
        `${teltonika} Teltonika → tcp://${host}:${numberOption(values, 'teltonika-port', 5027, isPort)}, ` +
        `${vehicles - teltonika} OsmAnd → http://${host}:${numberOption(values, 'osmand-port', 5055, isPort)}`,
    );
  } catch (error) {
    log(`${(error as Error).message}\n\n${SIMULATE_USAGE}`);
    return 2;
  }

  const signal = io.signal ?? defaultSignal();
  const status = setInterval(() => log(statusLine(fleet)), io.statusIntervalMs ?? 10_000);
  const aborted = new Promise<void>((resolve) => {
    if (signal.aborted) resolve();
    else signal.addEventListener('abort', () => resolve(), { once: true });
  });
  // Stopping the fleet also ends a backfill in progress.
  const stopFleet = (): void => void fleet.stop();
  signal.addEventListener('abort', stopFleet, { once: true });
  try {
    if (backfillDays > 0 && !signal.aborted) {
      const now = (io.clock ?? Date.now)();
      log(`Backfilling ${backfillDays} day(s) through the ingest ports…`);
      const result = await fleet.backfill({ fromMs: now - backfillDays * 24 * HOUR_MS, toMs: now });
      log(
        `Backfill: ${result.records} records in ${(result.elapsedMs / 1000).toFixed(1)} s ` +
          `(${Math.round(result.recordsPerSecond)} records/s)`,
      );
    }
    if (!signal.aborted) {
      fleet.start();
      log('Live: trucks report in real time (Ctrl-C to stop)');
    }
    await aborted;
  } finally {
    signal.removeEventListener('abort', stopFleet);
    clearInterval(status);
    await fleet.stop();
    log(statusLine(fleet));
  }
  return 0;
}
