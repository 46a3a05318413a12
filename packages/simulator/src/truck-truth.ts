// Collects a truck's ground truth as it drives: opens a fact when it starts, closes it when it
// ends, and keeps only closed facts in the public lists.

import type { TruckGroundTruth, TruthHarshEvent, TruthIdle, TruthTheft } from './ground-truth.js';

interface OpenTrip {
  startMs: number;
  fromPlace: string;
  odometerM: number;
  fuelUsedL: number;
  maxSpeedKmh: number;
}

interface OpenStop {
  place: string;
  startMs: number;
  ignitionOffMs: number;
  parkedSinceMs?: number;
  fuelLevelBeforePct: number;
}

/** Ground-truth bookkeeping of one truck. */
export class TruckTruth {
  private trip?: OpenTrip;
  private stop?: OpenStop;
  private idle?: Omit<TruthIdle, 'endMs' | 'durationMs'>;
  private speeding?: {
    startMs: number;
    maxSpeedKmh: number;
    over95Since?: number;
    longestOver95Ms: number;
  };
  private gapStartMs?: number;

  constructor(readonly facts: TruckGroundTruth) {}

  /** Drops the closed facts (what happened before a truck was put where it is now). */
  forget(): void {
    for (const value of Object.values(this.facts)) {
      if (Array.isArray(value)) value.length = 0;
    }
  }

  get isTripOpen(): boolean {
    return this.trip !== undefined;
  }

  openTrip(startMs: number, fromPlace: string, odometerM: number, fuelUsedL: number): void {
    this.trip = { startMs, fromPlace, odometerM, fuelUsedL, maxSpeedKmh: 0 };
  }

  closeTrip(endMs: number, toPlace: string, odometerM: number, fuelUsedL: number): void {
    const t = this.trip;
    if (!t) return;
    this.facts.trips.push({
      startMs: t.startMs,
      endMs,
      fromPlace: t.fromPlace,
      toPlace,
      distanceM: odometerM - t.odometerM,
      fuelUsedL: fuelUsedL - t.fuelUsedL,
      maxSpeedKmh: t.maxSpeedKmh,
    });
    this.trip = undefined;
  }

  openStop(place: string, startMs: number, fuelLevelPct: number): void {
    this.stop = { place, startMs, ignitionOffMs: 0, fuelLevelBeforePct: fuelLevelPct };
  }

  closeStop(endMs: number, fuelLevelPct: number): void {
    const s = this.stop;
    if (!s) return;
    this.facts.stops.push({
      place: s.place,
      startMs: s.startMs,
      endMs,
      ignitionOffMs: s.ignitionOffMs,
      fuelLevelBeforePct: s.fuelLevelBeforePct,
      fuelLevelAfterPct: fuelLevelPct,
    });
    this.stop = undefined;
  }

  parkedFrom(timeMs: number): void {
    if (this.stop) this.stop.parkedSinceMs = timeMs;
  }

  parkedUntil(timeMs: number): void {
    const s = this.stop;
    if (s?.parkedSinceMs === undefined) return;
    s.ignitionOffMs += timeMs - s.parkedSinceMs;
    s.parkedSinceMs = undefined;
  }

  openIdle(kind: TruthIdle['kind'], place: string, startMs: number, fuelUsedL: number): void {
    this.idle = { kind, place, startMs, fuelUsedL };
  }

  closeIdle(endMs: number, fuelUsedL: number): void {
    const i = this.idle;
    if (!i) return;
    this.facts.idlePeriods.push({
      ...i,
      endMs,
      durationMs: endMs - i.startMs,
      fuelUsedL: fuelUsedL - i.fuelUsedL,
    });
    this.idle = undefined;
  }

  /** Follows the speed each second: speeding episodes and the trip's top speed. */
  trackSpeed(timeMs: number, speedKmh: number, limitKmh: number): void {
    if (this.trip && speedKmh > this.trip.maxSpeedKmh) this.trip.maxSpeedKmh = speedKmh;
    const episode = this.speeding;
    if (speedKmh > limitKmh) {
      const e = episode ?? { startMs: timeMs, maxSpeedKmh: speedKmh, longestOver95Ms: 0 };
      this.speeding = e;
      e.maxSpeedKmh = Math.max(e.maxSpeedKmh, speedKmh);
      // The speed is sampled each second and holds for that second.
      if (speedKmh > 95) e.over95Since ??= timeMs;
      else e.over95Since = undefined;
      if (e.over95Since !== undefined)
        e.longestOver95Ms = Math.max(e.longestOver95Ms, timeMs + 1000 - e.over95Since);
    } else if (episode) {
      this.facts.speedingEpisodes.push({
        startMs: episode.startMs,
        endMs: timeMs,
        durationMs: timeMs - episode.startMs,
        maxSpeedKmh: episode.maxSpeedKmh,
        heldLevelKmh: episode.longestOver95Ms >= 15_000 ? 95 : 0,
        longestOver95Ms: episode.longestOver95Ms,
      });
      this.speeding = undefined;
    }
  }

  addRefuel(
    timeMs: number,
    place: string,
    litres: number,
    levelBeforePct: number,
    levelAfterPct: number,
  ): void {
    this.facts.refuels.push({ timeMs, place, litres, levelBeforePct, levelAfterPct });
  }

  addAdBlueTopUp(
    timeMs: number,
    place: string,
    litres: number,
    levelBeforePct: number,
    levelAfterPct: number,
  ): void {
    this.facts.adBlueTopUps.push({ timeMs, place, litres, levelBeforePct, levelAfterPct });
  }

  addTheft(theft: TruthTheft): void {
    this.facts.fuelThefts.push({ ...theft });
  }

  addHarshBrake(
    timeMs: number,
    at: { lat: number; lng: number },
    speedKmh: number,
    decelerationMps2: number,
  ): void {
    this.facts.harshBrakes.push({ timeMs, lat: at.lat, lng: at.lng, speedKmh, decelerationMps2 });
    this.addHarshEvent('brake', timeMs, at, speedKmh, decelerationMps2);
  }

  addHarshEvent(
    kind: TruthHarshEvent['kind'],
    timeMs: number,
    at: { lat: number; lng: number },
    speedKmh: number,
    magnitudeMps2: number,
  ): void {
    this.facts.harshEvents.push({
      kind,
      timeMs,
      lat: at.lat,
      lng: at.lng,
      speedKmh,
      magnitudeMps2,
    });
  }

  addPowerCut(startMs: number, endMs: number): void {
    this.facts.powerCuts.push({ startMs, endMs });
  }

  addDriverSession(startMs: number, driverCode: string | undefined, isKnown: boolean): void {
    this.facts.driverSessions.push({ startMs, driverCode, isKnown });
  }

  openGap(startMs: number): void {
    this.gapStartMs = startMs;
  }

  closeGap(endMs: number, bufferedRecords: number): void {
    if (this.gapStartMs === undefined) return;
    this.facts.coverageGaps.push({ startMs: this.gapStartMs, endMs, bufferedRecords });
    this.gapStartMs = undefined;
  }
}
