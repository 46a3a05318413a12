// The driving analysis tests' fixture: a CAN truck's working day as its tracker records it.
import type { Position } from '@rumbo/telematics';

export const DAY = 86_400_000;
export const HOUR = 3_600_000;
/** Monday 5 Oct 2026, 00:00 UTC. */
export const D0 = Date.UTC(2026, 9, 5);

export interface Leg {
  forS: number;
  speedKmh: number;
  ignition?: boolean;
  rpm?: number;
  torquePct?: number;
  pedalPct?: number;
  cruise?: boolean;
  /** A harsh brake every this many seconds. */
  brakeEveryS?: number;
}

/** A truck's working day from 06:00 UTC, a record every 10 s, ECU odometer and fuel counters. */
export function truckDay(
  deviceId: string,
  dayStart: number,
  driverCode: string,
  odo: { m: number; l: number },
): Position[] {
  const legs: Leg[] = [
    { forS: 600, speedKmh: 0, ignition: false },
    { forS: 7200, speedKmh: 82, rpm: 1200, torquePct: 45, pedalPct: 30 },
    { forS: 3600, speedKmh: 86, rpm: 1300, torquePct: 30, pedalPct: 0, cruise: true },
    { forS: 900, speedKmh: 0, rpm: 650, torquePct: 5, pedalPct: 0 }, // idle 15 min
    { forS: 3600, speedKmh: 98, rpm: 1700, torquePct: 92, pedalPct: 97, brakeEveryS: 600 },
    { forS: 3600, speedKmh: 0, ignition: false },
    { forS: 5400, speedKmh: 70, rpm: 1400, torquePct: 0, pedalPct: 0 }, // coasting (inertia)
    { forS: 600, speedKmh: 0, rpm: 650, torquePct: 5, pedalPct: 0 }, // idle 10 min
    { forS: 600, speedKmh: 0, ignition: false },
  ];
  const out: Position[] = [];
  let t = dayStart + 6 * HOUR;
  let lng = -60;
  for (const leg of legs) {
    for (let s = 0; s < leg.forS; s += 10) {
      const ignition = leg.ignition ?? true;
      const metres = (leg.speedKmh / 3.6) * 10;
      out.push({
        deviceId,
        fixTimeMs: t,
        lat: -33,
        lng,
        speedKmh: leg.speedKmh,
        wheelSpeedKmh: leg.speedKmh,
        headingDeg: 90,
        satellites: 12,
        ignition,
        rpm: ignition ? leg.rpm : 0,
        torquePct: ignition ? leg.torquePct : undefined,
        pedalPct: ignition ? leg.pedalPct : undefined,
        cruise: ignition ? (leg.cruise ?? false) : undefined,
        brake: false,
        odometerM: Math.round(odo.m),
        fuelUsedL: Math.round(odo.l * 10) / 10,
        driverCode,
        harshEvent: leg.brakeEveryS && s > 0 && s % leg.brakeEveryS === 0 ? 'brake' : undefined,
        attributes: {},
      });
      odo.m += metres;
      lng += metres / 93_000;
      if (ignition)
        odo.l +=
          leg.speedKmh > 0 ? metres * (leg.speedKmh > 90 ? 0.0004 : 0.0003) : (2.5 * 10) / 3600;
      t += 10_000;
    }
  }
  return out;
}
