// Simulated drivers' working states (issue 26): the plans keep (or, for late drivers, break) the
// rules' shapes, crews swap slots, the records carry IO 184/185/187/195–198 through the server's
// decoder, and the truth shows card-out and silent-device time as unknown.
import { IO_TABLES, decodeTeltonikaTcp, encodeCodec8eFrame, mapAvlRecord } from '@rumbo/telematics';
import { describe, expect, it } from 'vitest';
import { cardTruth, planDutyFleet } from './duty-fleet.js';
import { COMPLIANT_DUTY, LATE_DUTY, planDriverDuty, type DutySegment } from './duty-plan.js';
import {
  DEVICE_GAP_MS,
  dutyTruckRecords,
  HARSH_DUTY_NOISE,
  observedTruth,
} from './duty-records.js';
import { toAvlRecord } from './teltonika-encoding.js';

const START = Date.UTC(2025, 2, 3);
const DAY = 86_400_000;
const H = 3_600_000;
const END = START + 28 * DAY;

/** Longest driving between rests of 45 min (or 15 then 30), hours. */
function longestContinuousDrivingH(segments: readonly DutySegment[]): number {
  let driven = 0;
  let longest = 0;
  let firstPart = false;
  for (const s of segments) {
    const ms = s.endMs - s.startMs;
    if (s.kind === 'drive') driven += ms;
    if (s.kind === 'rest' && !s.cardOut) {
      if (ms >= 45 * 60_000 || (firstPart && ms >= 30 * 60_000)) {
        driven = 0;
        firstPart = false;
      } else if (ms >= 15 * 60_000) firstPart = true;
    }
    longest = Math.max(longest, driven);
  }
  return longest / H;
}

describe('drivers on duty (simulator)', () => {
  it('is the same plan from the same seed', () => {
    const a = planDriverDuty('C1', 's/1', COMPLIANT_DUTY, START, END);
    const b = planDriverDuty('C1', 's/1', COMPLIANT_DUTY, START, END);
    expect(b).toEqual(a);
    expect(planDriverDuty('C1', 's/2', COMPLIANT_DUTY, START, END)).not.toEqual(a);
  });

  it('keeps compliant drivers within 4 h 30 of driving and late ones past it', () => {
    for (let i = 0; i < 20; i++) {
      const ok = planDriverDuty('C', `ok/${i}`, COMPLIANT_DUTY, START, END);
      expect(longestContinuousDrivingH(ok.segments)).toBeLessThanOrEqual(4.5);
      // Daily rests (the rests of 9 h or more) come at least every 24 h + the rest's length.
      const rests = ok.segments.filter((s) => s.kind === 'rest' && s.endMs - s.startMs >= 9 * H);
      for (let r = 1; r < rests.length; r++) {
        expect(rests[r]!.startMs - rests[r - 1]!.endMs).toBeLessThanOrEqual(15 * H);
      }
    }
    const late = Array.from({ length: 20 }, (_, i) =>
      longestContinuousDrivingH(planDriverDuty('C', `late/${i}`, LATE_DUTY, START, END).segments),
    );
    expect(Math.max(...late)).toBeGreaterThan(4.5);
  });

  it('plans every stretch back to back, with weekly rests of 24 h or more', () => {
    const d = planDriverDuty('C', 'w/1', COMPLIANT_DUTY, START, END);
    for (let i = 1; i < d.segments.length; i++) {
      expect(d.segments[i]!.startMs).toBe(d.segments[i - 1]!.endMs);
    }
    const weekly = d.segments.filter((s) => s.kind === 'rest' && s.endMs - s.startMs >= 24 * H);
    expect(weekly.length).toBeGreaterThanOrEqual(3);
  });

  const fleet = planDutyFleet({
    seed: 'duty-test',
    drivers: 12,
    crews: 2,
    lateShare: 0.3,
    startMs: START,
    endMs: START + 10 * DAY,
    poolTrucks: 2,
    poolShare: 0.2,
    cardOutShare: 0.3,
  });

  it('puts crews in both slots, swapping, and moves drivers between trucks', () => {
    const crew = fleet.trucks[0]!.stints;
    const slotsOfFirst = new Set(crew.filter((s) => s.card === crew[0]!.card).map((s) => s.slot));
    expect([...slotsOfFirst].sort()).toEqual([1, 2]);
    expect(crew.some((s) => s.slot === 2 && s.kind === 'available')).toBe(true);
    const trucksOf = (card: string) =>
      new Set(cardTruth(fleet, card, START, START + 10 * DAY).map((a) => a.vehicle));
    expect(fleet.drivers.some((d) => trucksOf(d.card).size > 2)).toBe(true); // own, pool, undefined
    // No slot ever holds two cards at once.
    for (const t of fleet.trucks) {
      for (const slot of [1, 2]) {
        const list = t.stints.filter((s) => s.slot === slot);
        for (let i = 1; i < list.length; i++) {
          expect(list[i]!.startMs).toBeGreaterThanOrEqual(list[i - 1]!.endMs);
        }
      }
    }
  });

  it('sends the slots through the FMB640 encoding and the server decoder', () => {
    const { records } = dutyTruckRecords(fleet.trucks[0]!, {
      seed: 'duty-test',
      startMs: START,
      endMs: START + 2 * DAY,
    });
    const frame = encodeCodec8eFrame(records.slice(0, 200).map(toAvlRecord));
    const message = decodeTeltonikaTcp(frame);
    if (message.kind !== 'avl') throw new Error('not an AVL packet');
    const positions = message.records.map((raw) => mapAvlRecord(raw, IO_TABLES.fmb640, '1'));
    positions.forEach((p, i) => {
      const r = records[i]!;
      expect(p.attributes['driver1WorkingState']).toBe(r.driver1State);
      expect(p.attributes['driver2WorkingState']).toBe(r.driver2State);
      expect(p.attributes['driver1CardPresence']).toBe(r.driver1CardPresence);
      expect(p.driverCode ?? '').toBe(r.driverCode);
      expect(p.attributes['driver2Code'] ?? '').toBe(r.driver2Code);
    });
    expect(new Set(records.map((r) => r.driver1State))).toEqual(new Set([0, 2, 3]));
    expect(new Set(records.map((r) => r.driver2State))).toEqual(new Set([0, 1, 2]));
    expect(records.some((r) => r.eventIoId === 184)).toBe(true);
  });

  it('shows card-out and silent-device time as unknown in the truth', () => {
    const blind = new Map<number, { startMs: number; endMs: number }[]>();
    for (const t of fleet.trucks) {
      const r = dutyTruckRecords(t, {
        seed: 'duty-test',
        startMs: START,
        endMs: START + 10 * DAY,
        noise: { ...HARSH_DUTY_NOISE, silencesPerDay: 1, silenceMinutes: [90, 180] },
      });
      for (const span of r.blindSpans)
        expect(span.endMs - span.startMs).toBeGreaterThan(DEVICE_GAP_MS);
      blind.set(t.index, r.blindSpans);
    }
    let cardOut = 0;
    let silent = 0;
    for (const d of fleet.drivers) {
      const raw = cardTruth(fleet, d.card, START, START + 10 * DAY);
      cardOut += raw.filter((a) => a.kind === 'unknown').length;
      const seen = observedTruth(raw, (v) => blind.get(v) ?? []);
      silent += seen.filter((a) => a.kind === 'unknown').length;
      // The truth covers the period without holes or overlaps.
      expect(seen[0]!.startMs).toBe(START);
      expect(seen.at(-1)!.endMs).toBe(START + 10 * DAY);
      for (let i = 1; i < seen.length; i++) expect(seen[i]!.startMs).toBe(seen[i - 1]!.endMs);
    }
    expect(cardOut).toBeGreaterThan(0);
    expect(silent).toBeGreaterThan(cardOut);
  });
});
