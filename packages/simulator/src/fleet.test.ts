import { afterEach, describe, expect, it } from 'vitest';
import { GROUP_IMPLEMENTS, vinCheckDigit } from './catalog.js';
import { createFleet, type FleetOptions } from './fleet.js';
import { startOsmAndTestServer } from './test-support/osmand-test-server.js';
import { startTeltonikaTestServer } from './test-support/teltonika-test-server.js';

const HOUR_MS = 3_600_000;

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function fleetWithServers(options: Partial<FleetOptions> & { vehicles: number }) {
  const teltonika = await startTeltonikaTestServer();
  const osmand = await startOsmAndTestServer();
  cleanups.push(
    () => teltonika.close(),
    () => osmand.close(),
  );
  const fleet = createFleet({
    seed: 'fleet-test',
    startMs: Date.now() - 24 * HOUR_MS,
    teltonikaPort: teltonika.port,
    osmandPort: osmand.port,
    ...options,
  });
  cleanups.push(() => fleet.stop());
  return { fleet, teltonika, osmand };
}

async function waitFor(isMet: () => boolean, timeoutMs = 8000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!isMet()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function isIncreasing(values: number[]): boolean {
  return values.every((v, i) => i === 0 || v > (values[i - 1] ?? -Infinity));
}

describe('a simulated fleet', () => {
  it('describes the same vehicles from the same seed: IMEIs, plates, models, groups, protocols', () => {
    const options = { vehicles: 40, seed: 7, startMs: 0, imeiPrefix: '99' };
    const devices = createFleet(options).devices;
    expect(createFleet(options).devices).toEqual(devices);
    expect(new Set(devices.map((d) => d.imei)).size).toBe(40);
    expect(new Set(devices.map((d) => d.plate)).size).toBe(40);
    for (const d of devices) {
      expect(d.imei).toMatch(/^3599\d{11}$/);
      expect(d.plate).toMatch(/^A[A-H]\d{3}[A-Z]{2}$/);
    }
    expect(devices[0]?.imei).toBe('359900000000001');
    expect(new Set(devices.map((d) => d.group))).toEqual(
      new Set(['Larga distancia', 'Regional', 'Distribución']),
    );
    expect(devices.filter((d) => d.protocol === 'osmand').map((d) => d.index)).toEqual([
      9, 19, 29, 39,
    ]);
    expect(new Set(devices.map((d) => `${d.brand} ${d.vehicleModel}`)).size).toBeGreaterThan(5);
  });

  it('gives every vehicle a valid chassis number, a model year and a trailer of its group', () => {
    // The textbook VIN whose check digit is X.
    expect(vinCheckDigit('1M8GDM9A0KP042788')).toBe('X');
    const devices = createFleet({ vehicles: 60, seed: 'rumbo-demo', startMs: 0 }).devices;
    expect(new Set(devices.map((d) => d.vin)).size).toBe(60);
    for (const d of devices) {
      expect(d.vin).toMatch(/^[A-HJ-NPR-Z0-9]{17}$/);
      expect(d.vin[8]).toBe(vinCheckDigit(d.vin));
      expect(d.modelYear).toBeGreaterThanOrEqual(2015);
      expect(d.modelYear).toBeLessThanOrEqual(2025);
      expect(GROUP_IMPLEMENTS[d.group]).toContainEqual(d.implement);
    }
    expect(new Set(devices.map((d) => d.modelYear)).size).toBeGreaterThan(5);
  });

  it('backfills a past period through Teltonika and OsmAnd, paced by acknowledgements', async () => {
    // A fixed instant keeps the trucks' day (shifts, coverage gaps) the same on every run.
    const now = Date.UTC(2026, 10, 18, 21, 0, 0);
    const { fleet, teltonika, osmand } = await fleetWithServers({
      vehicles: 6,
      osmandEvery: 3,
      startMs: now - 24 * HOUR_MS,
    });
    let mostQueued = 0;
    const sampler = setInterval(() => (mostQueued = Math.max(mostQueued, fleet.stats().queued)), 2);
    const result = await fleet.backfill({ fromMs: now - 12 * HOUR_MS, toMs: now });
    clearInterval(sampler);
    // Each device generates more only when fewer than 100 records wait: half an hour at most.
    expect(mostQueued).toBeLessThan(6 * (100 + 200));

    const received = fleet.devices.map((d) =>
      d.protocol === 'teltonika'
        ? (teltonika.records.get(d.imei) ?? []).map((r) => r.timestampMs)
        : (osmand.positions.get(d.imei) ?? []).map((p) => p.fixTimeMs),
    );
    expect(received.reduce((sum, list) => sum + list.length, 0)).toBe(result.records);
    expect(result.records).toBeGreaterThan(6 * 300);
    for (const times of received) {
      expect(isIncreasing(times)).toBe(true);
      expect(times[0]).toBeGreaterThanOrEqual(now - 12 * HOUR_MS);
      expect(times.at(-1)).toBeLessThan(now);
    }
    expect(teltonika.largestPacket).toBe(50);
    expect(fleet.stats()).toMatchObject({ queued: 0, dropped: 0, devices: 6, connected: 6 });
    const truths = fleet.groundTruth();
    expect(truths.map((t) => t.imei)).toEqual(fleet.devices.map((d) => d.imei));
    expect(truths.every((t) => t.trips.length > 0)).toBe(true);
  }, 30_000);

  it('goes on live from now after a backfill', async () => {
    const now = Date.now();
    const { fleet } = await fleetWithServers({ vehicles: 3, startMs: now - 2 * HOUR_MS });
    await fleet.backfill({ fromMs: now - 2 * HOUR_MS, toMs: now - HOUR_MS });
    const ackedAfterBackfill = fleet.stats().acked;
    fleet.start();
    await waitFor(() => fleet.stats().simTimeMs > Date.now() - 3000);
    await waitFor(() => fleet.stats().acked > ackedAfterBackfill);
    expect(fleet.stats().simTimeMs).toBeLessThanOrEqual(Date.now());
  });

  it('goes live at once from any instant, every truck where its plan has it', async () => {
    const now = Date.now();
    const { fleet, teltonika, osmand } = await fleetWithServers({
      vehicles: 4,
      osmandEvery: 4,
      startMs: now - 14 * 24 * HOUR_MS,
    });
    const started = performance.now();
    fleet.start({ atMs: now });
    // Placed, not fast-forwarded through 14 days: at once.
    expect(performance.now() - started).toBeLessThan(1000);
    expect(fleet.stats().simTimeMs).toBeGreaterThanOrEqual(now - 1000);
    await waitFor(() => fleet.deviceStats().every((s) => s.acked > 0));
    for (const d of fleet.devices) {
      const times =
        d.protocol === 'teltonika'
          ? (teltonika.records.get(d.imei) ?? []).map((r) => r.timestampMs)
          : (osmand.positions.get(d.imei) ?? []).map((p) => p.fixTimeMs);
      expect(times.length).toBeGreaterThan(0);
      // Nothing from before going live.
      expect(Math.min(...times)).toBeGreaterThanOrEqual(now - 1000);
    }
  });

  it('generates a truck history that joins its live truck and resumes to the same records', async () => {
    const now = Date.UTC(2026, 10, 18, 21, 0, 0);
    const { fleet } = await fleetWithServers({
      vehicles: 3,
      seed: 'history-test',
      startMs: now - 3 * 24 * HOUR_MS,
    });
    const fromMs = now - 2 * 24 * HOUR_MS;
    for (const index of [0, 1, 2]) {
      const chunks = [...fleet.history(index, { fromMs, toMs: now })];
      const records = chunks.flatMap((c) => c.records);
      expect(chunks.at(-1)!.untilMs).toBe(now);
      expect(isIncreasing(records.map((r) => r.fixTimeMs))).toBe(true);
      expect(records[0]!.fixTimeMs).toBeGreaterThanOrEqual(fromMs);
      expect(records.at(-1)!.fixTimeMs).toBeLessThan(now);
      // A history cadence: 30 s moving (headings aside), so 2 days take a few thousand records.
      expect(records.length).toBeGreaterThan(1000);
      expect(records.length).toBeLessThan(4000);
      // Resumed at the end of any chunk, it goes on with the very same records.
      const cut = chunks[Math.floor(chunks.length / 2)]!.untilMs;
      const resumed = [...fleet.history(index, { fromMs, toMs: now, resumeAtMs: cut })].flatMap(
        (c) => c.records,
      );
      const doneBefore = chunks.filter((c) => c.untilMs <= cut).flatMap((c) => c.records);
      expect(resumed).toEqual(records.slice(doneBefore.length));
    }
    // Periods off the trucks' one-second grid end too.
    const offGrid = [...fleet.history(0, { fromMs: fromMs + 123, toMs: now - 3_600_000 + 456 })];
    expect(offGrid.flatMap((c) => c.records).at(-1)!.fixTimeMs).toBeLessThan(now - 3_600_000 + 456);
    // The live fleet placed at `now` goes on where each history stopped.
    fleet.start({ atMs: now });
    const statuses = fleet.statuses();
    for (const index of [0, 1, 2]) {
      const last = [...fleet.history(index, { fromMs, toMs: now })]
        .flatMap((c) => c.records)
        .at(-1)!;
      const gapKm = Math.hypot(
        (statuses[index]!.lat - last.lat) * 111,
        (statuses[index]!.lng - last.lng) * 92,
      );
      // At most 30 s of driving apart (the history's cadence).
      expect(gapKm).toBeLessThan(1);
    }
  });

  it('fast-forwards with a speed-up until it reaches now, then runs in real time', async () => {
    const { fleet } = await fleetWithServers({
      vehicles: 2,
      startMs: Date.now() - HOUR_MS,
      speedup: 7200,
    });
    const startedMs = Date.now();
    fleet.start();
    await waitFor(() => fleet.stats().simTimeMs > Date.now() - 3000);
    expect(Date.now() - startedMs).toBeLessThan(5000); // an hour in well under an hour
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(fleet.stats().simTimeMs).toBeLessThanOrEqual(Date.now());
  });

  it('stops a backfill in progress', async () => {
    const now = Date.now();
    const { fleet } = await fleetWithServers({ vehicles: 4, startMs: now - 14 * 24 * HOUR_MS });
    const backfill = fleet.backfill({ fromMs: now - 14 * 24 * HOUR_MS, toMs: now });
    await new Promise((resolve) => setTimeout(resolve, 200));
    await fleet.stop();
    const result = await backfill;
    expect(fleet.stats().simTimeMs).toBeLessThan(now);
    expect(result.records).toBeGreaterThan(0);
  });
});
