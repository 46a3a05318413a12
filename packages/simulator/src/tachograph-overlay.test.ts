// The demo's trucks with a tachograph (issue 26): a fleet given the drivers' plans sends each
// Teltonika truck's records with its slots at their time and a record at each change; without
// plans the records carry no tachograph IO (the other accuracy tests' streams are unchanged).
import { describe, expect, it } from 'vitest';
import { planDutyFleet } from './duty-fleet.js';
import { WORKING_STATE } from './duty-records.js';
import { createFleet } from './fleet.js';
import type { SimRecord } from './sim-record.js';

const START = Date.UTC(2025, 2, 3, 3);
const DAY = 86_400_000;

function historyOf(fleet: ReturnType<typeof createFleet>, index: number): SimRecord[] {
  const out: SimRecord[] = [];
  for (const chunk of fleet.history(index, { fromMs: START, toMs: START + 2 * DAY })) {
    out.push(...chunk.records);
  }
  return out;
}

describe('tachograph overlay on a fleet', () => {
  const duty = planDutyFleet({
    seed: 'overlay',
    drivers: 4,
    crews: 1,
    lateShare: 0,
    startMs: START,
    endMs: START + 3 * DAY,
  });

  it(
    'stamps every record with the slots at its time and marks each change',
    { timeout: 60_000 },
    () => {
      const fleet = createFleet({ vehicles: 3, seed: 'overlay', startMs: START, tachograph: duty });
      const records = historyOf(fleet, 1);
      for (let i = 1; i < records.length; i++) {
        expect(records[i]!.fixTimeMs).toBeGreaterThanOrEqual(records[i - 1]!.fixTimeMs);
      }
      const stints = duty.trucks[1]!.stints;
      for (const r of records) {
        const s1 = stints.find(
          (s) => s.slot === 1 && s.startMs <= r.fixTimeMs && r.fixTimeMs < s.endMs,
        );
        expect(r.driverCode).toBe(s1?.card ?? '');
        expect(r.driver1State).toBe(s1 ? WORKING_STATE[s1.kind] : 7);
        expect(r.driver1CardPresence).toBe(s1 ? 1 : 0);
      }
      const times = new Set(records.map((r) => r.fixTimeMs));
      const changes = stints.filter((s) => s.startMs > START && s.startMs < START + 2 * DAY);
      expect(changes.length).toBeGreaterThan(10);
      for (const s of changes) expect(times.has(s.startMs)).toBe(true);
      // The crew's truck: the co-driver in slot 2.
      const crew = historyOf(fleet, 0);
      expect(crew.some((r) => r.driver2State === WORKING_STATE.available && r.driver2Code)).toBe(
        true,
      );
    },
  );

  it('adds nothing without plans', { timeout: 60_000 }, () => {
    const plain = historyOf(createFleet({ vehicles: 3, seed: 'overlay', startMs: START }), 1);
    expect(plain.some((r) => r.driver1State !== undefined || r.driver2Code !== undefined)).toBe(
      false,
    );
  });
});
