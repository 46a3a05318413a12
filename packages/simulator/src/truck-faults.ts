// J1939 faults of a simulated truck (issue 15, docs/decisions/0026): a few realistic SPN/FMI
// pairs that come and go over days, one red-stop-lamp fault on one truck, and the DM1 reports its
// FMB640 sends. The schedule is a pure function of the IMEI and the UTC day (no truck state), so
// the ground truth is the same list whoever asks; the reporter is the device's side: it reads the
// ECUs' DM1 only with the ignition on, reports when the active set changes and every 5 minutes
// while it stays the same, and forgets everything at ignition off (the device clears DM1 then).

import { Random } from './random.js';

/** One fault as an ECU raises it. */
export interface SimFault {
  spn: number;
  fmi: number;
  /** The ECU that reports it (J1939 source address): one DM1 per ECU. */
  ecu: number;
  /** DM1 lamp status byte of the ECU while it is active (2 bits per lamp, 01 = on). */
  lamps: number;
}

/** A fault's active interval (ground truth). */
export interface TruthFault extends SimFault {
  /** As mechanics read it: `SPN 110 / FMI 16`. */
  code: string;
  startMs: number;
  endMs: number;
}

const ENGINE = 0x00;
const AFTERTREATMENT = 0x3d;
const ELECTRICAL = 0x21;
/** Lamp bytes: MIL bits 7–6, red stop 5–4, amber 3–2, protect 1–0. */
export const LAMP = { mil: 0x40, redStop: 0x10, amber: 0x04, protect: 0x01 } as const;

/** The faults trucks commonly raise, with the lamps their ECU turns on. */
export const COMMON_FAULTS: readonly SimFault[] = [
  { spn: 1761, fmi: 17, ecu: AFTERTREATMENT, lamps: LAMP.amber }, // AdBlue level low
  { spn: 3251, fmi: 16, ecu: AFTERTREATMENT, lamps: LAMP.amber }, // DPF Δp high
  { spn: 4364, fmi: 18, ecu: AFTERTREATMENT, lamps: LAMP.mil | LAMP.amber }, // SCR efficiency
  { spn: 3216, fmi: 2, ecu: AFTERTREATMENT, lamps: LAMP.mil }, // NOx sensor erratic
  { spn: 168, fmi: 18, ecu: ELECTRICAL, lamps: LAMP.amber }, // battery voltage low
  { spn: 110, fmi: 16, ecu: ENGINE, lamps: LAMP.amber }, // coolant temperature high
  { spn: 84, fmi: 2, ecu: ENGINE, lamps: LAMP.protect }, // wheel-based speed erratic
];

/** The red-stop fault: engine oil pressure very low. */
export const RED_STOP_FAULT: SimFault = {
  spn: 100,
  fmi: 1,
  ecu: ENGINE,
  lamps: LAMP.redStop | LAMP.amber,
};

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
/** A fault starts on a given truck-day with this probability. */
const FAULT_DAY_PROBABILITY = 0.35;
/** Longest fault, so the faults active at t started within the last 3 days. */
const MAX_FAULT_MS = 2 * DAY_MS;

/** The truck of the fleet whose engine loses oil pressure now and then (serial 3). */
export function hasOilPressureFault(imei: string): boolean {
  return imei.endsWith('00003');
}

function codeOf(f: SimFault): string {
  return `SPN ${f.spn} / FMI ${f.fmi}`;
}

/** The faults that start on one UTC day of one truck (0, 1 or, on the oil-pressure truck, 2). */
export function faultsStartingOn(imei: string, day: number): TruthFault[] {
  const rng = new Random(`faults/${imei}/${day}`);
  const out: TruthFault[] = [];
  if (rng.chance(FAULT_DAY_PROBABILITY)) {
    const fault = rng.pick(COMMON_FAULTS);
    const startMs = day * DAY_MS + rng.int(0, 24 * 60 - 1) * MINUTE_MS;
    // From half an hour to two days: some clear within a trip, others last over nights.
    const durationMs = Math.round(MINUTE_MS * 30 * Math.pow(96, rng.next()));
    out.push({ ...fault, code: codeOf(fault), startMs, endMs: startMs + durationMs });
  }
  if (hasOilPressureFault(imei) && day % 7 === 3) {
    // Mid-afternoon, 40 minutes: the driver stops and the oil is topped up.
    const startMs = day * DAY_MS + (15 * 60 + rng.int(0, 60)) * MINUTE_MS;
    out.push({
      ...RED_STOP_FAULT,
      code: codeOf(RED_STOP_FAULT),
      startMs,
      endMs: startMs + 40 * MINUTE_MS,
    });
  }
  return out;
}

/**
 * Every fault of a truck active some time in [fromMs, toMs), as ground truth: intervals of one
 * code that overlap are one fault (the ECU never reports a code twice).
 */
export function faultTruth(imei: string, fromMs: number, toMs: number): TruthFault[] {
  const all: TruthFault[] = [];
  const firstDay = Math.floor((fromMs - MAX_FAULT_MS) / DAY_MS);
  for (let day = firstDay; day * DAY_MS < toMs; day++) all.push(...faultsStartingOn(imei, day));
  all.sort((a, b) => a.startMs - b.startMs);
  const merged: TruthFault[] = [];
  for (const f of all) {
    const same = merged.find((m) => m.code === f.code && m.endMs >= f.startMs);
    if (same) same.endMs = Math.max(same.endMs, f.endMs);
    else merged.push({ ...f });
  }
  return merged.filter((f) => f.endMs > fromMs && f.startMs < toMs);
}

/** How often a DM1 report repeats while nothing changes. */
export const DM1_REPEAT_MS = 5 * MINUTE_MS;

/** One ECU's DM1 as the device forwards it: lamps and the active DTCs. */
export interface SimDm1 {
  lamps: number;
  faults: readonly SimFault[];
}

/** The DM1 reports of one truck's FMB640 (stateful: one per truck, records in time order). */
export class Dm1Reporter {
  private lastKey: string | undefined;
  private lastReportMs = -Infinity;
  private readonly byDay = new Map<number, TruthFault[]>();

  constructor(private readonly imei: string) {}

  private startingOn(day: number): TruthFault[] {
    let list = this.byDay.get(day);
    if (!list) {
      list = faultsStartingOn(this.imei, day);
      this.byDay.set(day, list);
      for (const old of this.byDay.keys()) if (old < day - 3) this.byDay.delete(old);
    }
    return list;
  }

  /** The faults active at `t`. */
  activeAt(t: number): SimFault[] {
    const day = Math.floor(t / DAY_MS);
    const active: SimFault[] = [];
    for (let d = day - 2; d <= day; d++)
      for (const f of this.startingOn(d))
        if (
          f.startMs <= t &&
          t < f.endMs &&
          !active.some((a) => a.spn === f.spn && a.fmi === f.fmi)
        )
          active.push(f);
    return active;
  }

  /**
   * What the record at `t` carries: undefined (no report), `[]` (a report of no active fault) or
   * one DM1 per ECU with active faults.
   */
  reportAt(t: number, ignition: boolean): SimDm1[] | undefined {
    if (!ignition) {
      this.lastKey = undefined;
      return undefined;
    }
    const active = this.activeAt(t);
    const key = active.map(codeOf).sort().join(',');
    if (key === this.lastKey && t - this.lastReportMs < DM1_REPEAT_MS) return undefined;
    this.lastKey = key;
    this.lastReportMs = t;
    const byEcu = new Map<number, SimFault[]>();
    for (const f of active) byEcu.set(f.ecu, [...(byEcu.get(f.ecu) ?? []), f]);
    return [...byEcu.values()].map((faults) => ({
      lamps: faults.reduce((l, f) => l | f.lamps, 0),
      faults,
    }));
  }
}

/**
 * One DM1 as the FMB640 puts it in IO 10493: the DM1 data field (lamp status, lamp flash 0xFF,
 * then 4 bytes per DTC in bus order: SPN bits 0–7, 8–15, SPN bits 16–18 above the FMI, then
 * conversion method 0 and occurrence count 1).
 */
export function dm1Bytes(dm1: SimDm1): Uint8Array {
  const out = new Uint8Array(2 + 4 * dm1.faults.length);
  out[0] = dm1.lamps;
  out[1] = 0xff;
  dm1.faults.forEach((f, i) => {
    const at = 2 + 4 * i;
    out[at] = f.spn & 0xff;
    out[at + 1] = (f.spn >> 8) & 0xff;
    out[at + 2] = (((f.spn >> 16) & 0x7) << 5) | (f.fmi & 0x1f);
    out[at + 3] = 1;
  });
  return out;
}
