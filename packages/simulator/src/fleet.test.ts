import { afterEach, describe, expect, it } from 'vitest';
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

  it('runs live at once while the history goes through a second connection, joined without a jump', async () => {
    const now = Date.now();
    const { fleet, teltonika, osmand } = await fleetWithServers({
      vehicles: 2,
      osmandEvery: 2,
      startMs: now - 6 * HOUR_MS,
    });
    const history = fleet.startWithHistory({
      fromMs: now - 6 * HOUR_MS,
      toMs: now,
      recordsPerSecond: 400,
    });
    let isHistoryDone = false;
    void history.then(() => (isHistoryDone = true));
    // The live trucks reach the present while the history is still being sent.
    await waitFor(() => fleet.stats().simTimeMs > Date.now() - 3000, 5000);
    expect(isHistoryDone).toBe(false);
    const result = await history;
    // Every truck reports at least every 5 min, parked ones too (at night the whole window may
    // be parked): 6 h × 12 per truck at the least.
    expect(result.records).toBeGreaterThanOrEqual(2 * 6 * 12 - 2);
    // Throttled to 400 records/s: only the first packet (≤ 50 records) goes without waiting.
    expect(result.elapsedMs).toBeGreaterThanOrEqual(((result.records - 50) / 400) * 1000 * 0.95);
    const statuses = fleet.statuses();
    fleet.devices.forEach((d, i) => {
      const received =
        d.protocol === 'teltonika'
          ? (teltonika.records.get(d.imei) ?? []).map((r) => ({ t: r.timestampMs, ...r }))
          : (osmand.positions.get(d.imei) ?? []).map((p) => ({ t: p.fixTimeMs, ...p }));
      const past = received.filter((r) => r.t < now).sort((a, b) => a.t - b.t);
      expect(past[0]!.t).toBeGreaterThanOrEqual(now - 6 * HOUR_MS);
      // No record of the history lost, none twice (the OsmAnd one goes over parallel requests).
      expect(new Set(past.map((r) => r.t)).size).toBe(past.length);
      // The live truck goes on where its history twin stopped: same place within a few km.
      const last = past.at(-1)!;
      const gapKm = Math.hypot(
        (statuses[i]!.lat - last.lat) * 111,
        (statuses[i]!.lng - last.lng) * 92,
      );
      expect(gapKm).toBeLessThan(3);
    });
  }, 30_000);

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
