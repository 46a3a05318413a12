import { describe, expect, it } from 'vitest';
import { toAvlRecord } from '@rumbo/simulator';
import {
  IO_TABLES,
  decodeTeltonikaTcp,
  encodeCodec8eFrame,
  initialDeviceState,
  mapAvlRecord,
  reducerSettings,
  step,
  type ContextPlannedTrip,
  type DeviceFact,
} from '@rumbo/telematics';
import { DEMO_SEED } from './demo-fleet.js';
import { demoTripPlans } from './demo-trips.js';

// The demo's planned trips against what the demo trucks will drive (the simulator's truth): every
// plan is started and arrived at, the plans along the truck's own road raise no DDR, and the plan
// made along another road for part of the way raises exactly one.

const DAY_MS = 86_400_000;

describe('demo planned trips', () => {
  it('match the demo trucks’ next drives; exactly one DDR, on the plan that deviates', async () => {
    const nowMs = Date.UTC(2026, 10, 27, 12, 0, 0);
    const { plans, records } = await demoTripPlans({
      seed: DEMO_SEED,
      vehicles: 50,
      startMs: nowMs - 14 * DAY_MS,
      nowMs,
    });
    expect(plans.length).toBeGreaterThanOrEqual(4);
    const rows: string[] = [];
    plans.forEach((plan, i) => {
      const context: ContextPlannedTrip = {
        id: i + 1,
        route: plan.route,
        corridorM: plan.corridorM,
        stops: plan.stops.map((s) => ({ ...s, plannedAtMs: Date.parse(s.plannedAt) })),
      };
      const sim = records.get(plan.truckIndex)!;
      const facts: DeviceFact[] = [];
      let state = initialDeviceState();
      for (let k = 0; k < sim.length; k += 50) {
        const message = decodeTeltonikaTcp(
          encodeCodec8eFrame(sim.slice(k, k + 50).map(toAvlRecord)),
        );
        if (message.kind !== 'avl') throw new Error(message.kind);
        for (const raw of message.records) {
          const r = step(state, mapAvlRecord(raw, IO_TABLES.fmb640, 'demo'), reducerSettings(), {
            context: { plannedTrip: context },
          });
          state = r.state;
          facts.push(...r.facts);
        }
      }
      const kinds = facts.flatMap((f) => (f.type === 'route' ? [f.kind] : []));
      const ddr = new Set(
        facts.flatMap((f) => (f.type === 'event' && f.code === 'DDR' ? [f.startTimeMs] : [])),
      ).size;
      rows.push(
        `${plan.plate.padEnd(10)} ${plan.deviates ? 'deviates' : 'on road '} DDR ${ddr}  ${kinds.join(' ')}`,
      );
      expect(kinds[0], plan.plate).toBe('started');
      expect(kinds, plan.plate).toContain('arrived');
      expect(ddr, plan.plate).toBe(plan.deviates ? 1 : 0);
    });
    console.log(`demo planned trips against the simulated drives:\n${rows.join('\n')}`);
    expect(plans.filter((p) => p.deviates)).toHaveLength(1);
  }, 120_000);
});
