// Zone and POI alerts (docs/domain.md §10, docs/decisions/0020-geofences.md). The vehicle's
// geofences and POIs come from the context (`places`: the server's spatial index; or
// `geofences` / `pois` arrays, indexed once per context), so the rules stay pure.
// - `AZA` entering a zone, `SDZ` leaving it, `AZP` entering a forbidden one (issue 22: one
//   visit, one alert — the entry: `AZP` with no `AZA` beside it, or `AZA` for a zone marked to
//   notify; the exit and every crossing of an unmarked zone are `quiet` facts, kept for the
//   vehicle's history and never listed or told). Hysteresis: a record enters a zone when at least `bandM` inside its
//   border (`zoneBorderBandM`, 15 m, or a quarter of a smaller zone's size) and leaves it when at
//   least `bandM` outside; in between the state holds, so GPS jitter along a border raises
//   nothing. A vehicle within the band enters (leaves) when it is stopped and every fix for
//   `zoneDwellS` (60 s) was inside (outside) the border, from the first of them: a truck parked
//   just inside a tightly drawn client site is in it; one driving along a border never is. A zone deleted (or no longer applying) while inside is
//   forgotten without `SDZ`. A fresh state's first record (a device's first, or a recompute
//   replaying from a stop) takes the zones and POIs it is in as the starting point, raising no
//   `AZA`/`AIP`: when the vehicle got there is unknown, and a recompute must store what live
//   processing stored (so no event carries a duration that began before the replay).
// - `DZP`: stopped (ignition off, or speed known under the motion threshold) ≥ 2 min inside a
//   forbidden zone; raised once per stop when the threshold is crossed, from the stop's start.
// - `DAZ`: stopped ≥ 20 min outside every allowed zone, when the vehicle has allowed ones.
// - `EEZ`: moving over a zone's speed limit for ≥ 15 s inside it; one event per episode when it
//   ends (speed back at or under the limit, leaving the zone, ignition off), value top speed.
// - `AIP` within a POI's radius, `DPI` stopped ≥ 5 min within it, `CIP` when a visit leaves
//   (radius + band) without a stop of `poiPassMaxStopS` (60 s) inside.
// Events carry `data.idzona` / `data.idinterestpoint`. The store keys an event by vehicle, code
// and start; so that two zones entered on one record make two events, a zone or POI event starts
// `id mod 1000` ms after its record.

import type { DeviceFact, EventFact } from '../reducer/facts.js';
import type { ReducerSettings } from '../reducer/reducer-settings.js';
import type { Sample } from '../reducer/sample.js';
import { placesOf } from '../zones/place-index.js';
import { eventFact, originOf, type EventOrigin, type ZoneAlertCode } from './alert-codes.js';
import { NO_FACTS, type Detector, type PoiHit, type ZoneHit } from './detector.js';

/** Moving over a zone's limit. */
export interface ZoneSpeeding extends EventOrigin {
  topKmh: number;
  held: boolean;
}

/** A zone the vehicle is inside. */
export interface ZoneVisit {
  id: number;
  sinceMs: number;
  allowed: boolean;
  forbidden: boolean;
  /** Start of the current stop inside (DZP), and whether it was raised. */
  stoppedSinceMs?: number;
  dzp?: boolean;
  eez?: ZoneSpeeding;
  /** Every fix outside the border (within the band) since: leaves once stopped after a dwell. */
  outsideSince?: EventOrigin;
}

/** A zone whose border the vehicle is just inside of (within the band) since, not entered yet. */
export interface ZoneDwell {
  id: number;
  origin: EventOrigin;
}

/** A POI the vehicle is at. */
export interface PoiVisit extends EventOrigin {
  id: number;
  stoppedSinceMs?: number;
  longestStopS: number;
  dpi?: boolean;
}

/** The zone detector's slice. */
export interface ZoneState {
  zones: readonly ZoneVisit[];
  pois: readonly PoiVisit[];
  /** Stopped outside every allowed zone since (DAZ). */
  outside?: EventOrigin & { raised: boolean };
  /** Zones the vehicle stands just inside of, waiting for the dwell to enter them. */
  dwell?: readonly ZoneDwell[];
}

/** Before any record. */
export const INITIAL_ZONES: ZoneState = Object.freeze({
  zones: Object.freeze([]),
  pois: Object.freeze([]),
});

/** An event of a zone or POI, its start shifted by `id mod 1000` ms (one key per place). */
function placeEvent(
  code: ZoneAlertCode,
  origin: EventOrigin,
  id: number,
  data: { idzona: number } | { idinterestpoint: number },
  extra: { endTimeMs?: number; value?: number } = {},
): EventFact {
  return eventFact(
    code,
    { ...origin, startTimeMs: origin.startTimeMs + (id % 1000) },
    {
      ...extra,
      data,
    },
  );
}

/** The same, kept for the vehicle's history only (`EventFact.quiet`). */
function quietPlaceEvent(...args: Parameters<typeof placeEvent>): EventFact {
  return { ...placeEvent(...args), quiet: true };
}

function findZone(hits: readonly ZoneHit[], id: number): ZoneHit | undefined {
  for (const hit of hits) if (hit.id === id) return hit;
  return undefined;
}

function findPoi(hits: readonly PoiHit[], id: number): PoiHit | undefined {
  for (const hit of hits) if (hit.id === id) return hit;
  return undefined;
}

interface Motion {
  t: number;
  isStopped: boolean;
  isMoving: boolean;
}

function closeSpeeding(v: ZoneVisit, t: number, facts: DeviceFact[], minS: number): void {
  const e = v.eez;
  if (!e) return;
  if (e.held || (t - e.startTimeMs) / 1000 >= minS) {
    facts.push(placeEvent('EEZ', e, v.id, { idzona: v.id }, { endTimeMs: t, value: e.topKmh }));
  }
}

/** A visit after one more record inside (the same object when nothing changed). */
function stayIn(
  v: ZoneVisit,
  hit: ZoneHit,
  s: Sample,
  m: Motion,
  settings: ReducerSettings,
  facts: DeviceFact[],
): ZoneVisit {
  const forbidden = hit.accessType === 'forbidden';
  const allowed = hit.accessType === 'allowed';
  let { stoppedSinceMs, dzp, eez } = v;
  if (forbidden && m.isStopped) {
    stoppedSinceMs ??= m.t;
    if (!dzp && (m.t - stoppedSinceMs) / 1000 >= settings.forbiddenStopS) {
      const origin = { ...originOf(s), startTimeMs: stoppedSinceMs };
      const value = (m.t - stoppedSinceMs) / 1000;
      facts.push(placeEvent('DZP', origin, v.id, { idzona: v.id }, { value }));
      dzp = true;
    }
  } else if (!forbidden || m.isMoving) {
    stoppedSinceMs = undefined;
    dzp = undefined;
  }
  const limit = hit.speedLimitKmh;
  const speed = s.speedKmh;
  const isOver =
    limit !== undefined &&
    speed !== undefined &&
    s.ignition !== false &&
    speed >= settings.motionSpeedKmh &&
    speed > limit;
  if (isOver) {
    if (!eez) eez = { ...originOf(s), topKmh: speed, held: false };
    else {
      const held = eez.held || (m.t - eez.startTimeMs) / 1000 >= settings.speedingMinS;
      if (held !== eez.held || speed > eez.topKmh) {
        eez = { ...eez, held, topKmh: Math.max(eez.topKmh, speed) };
      }
    }
  } else if (eez) {
    closeSpeeding(v, m.t, facts, settings.speedingMinS);
    eez = undefined;
  }
  if (
    forbidden === v.forbidden &&
    allowed === v.allowed &&
    stoppedSinceMs === v.stoppedSinceMs &&
    dzp === v.dzp &&
    eez === v.eez
  ) {
    return v;
  }
  const next: ZoneVisit = { id: v.id, sinceMs: v.sinceMs, allowed, forbidden };
  if (stoppedSinceMs !== undefined) next.stoppedSinceMs = stoppedSinceMs;
  if (dzp) next.dzp = dzp;
  if (eez) next.eez = eez;
  if (v.outsideSince) next.outsideSince = v.outsideSince;
  return next;
}

/** A POI visit after one more record at it. */
function stayAt(
  v: PoiVisit,
  s: Sample,
  m: Motion,
  settings: ReducerSettings,
  facts: DeviceFact[],
): PoiVisit {
  if (m.isStopped) {
    const since = v.stoppedSinceMs ?? m.t;
    const durationS = (m.t - since) / 1000;
    let dpi = v.dpi;
    if (!dpi && durationS >= settings.poiStopS) {
      const origin = { ...originOf(s), startTimeMs: since };
      facts.push(placeEvent('DPI', origin, v.id, { idinterestpoint: v.id }, { value: durationS }));
      dpi = true;
    }
    const longestStopS = Math.max(v.longestStopS, durationS);
    if (since === v.stoppedSinceMs && dpi === v.dpi && longestStopS === v.longestStopS) return v;
    return { ...v, stoppedSinceMs: since, longestStopS, dpi };
  }
  if (m.isMoving && v.stoppedSinceMs !== undefined) {
    const { stoppedSinceMs: _ended, dpi: _raised, ...rest } = v;
    return rest;
  }
  return v;
}

function isIdle(slice: ZoneState): boolean {
  return (
    slice.zones.length === 0 &&
    slice.pois.length === 0 &&
    slice.outside === undefined &&
    slice.dwell === undefined
  );
}

function sameDwell(a: readonly ZoneDwell[] | undefined, b: readonly ZoneDwell[]): boolean {
  if (!a) return b.length === 0;
  return a.length === b.length && a.every((d, i) => d === b[i]);
}

/** `AZA SDZ AZP DZP DAZ EEZ AIP DPI CIP`. */
export const zoneDetector: Detector<ZoneState> = {
  name: 'zones',
  initial: INITIAL_ZONES,
  step(slice, { sample: s, prev }, context, settings) {
    if (!s.hasLocation) return { slice, facts: NO_FACTS };
    const places = placesOf(context, settings.zoneBorderBandM);
    if (!places) return { slice, facts: NO_FACTS };
    const hits = places.at(s.lat, s.lng);
    // Hot path: nowhere near a zone or POI, and nothing open.
    if (
      hits.zones.length === 0 &&
      hits.pois.length === 0 &&
      isIdle(slice) &&
      !places.hasAllowedZones
    ) {
      return { slice, facts: NO_FACTS };
    }
    const t = s.fixTimeMs;
    const m: Motion = {
      t,
      isStopped: s.ignition === false || s.motion === false,
      isMoving: s.ignition !== false && s.motion === true,
    };
    const facts: DeviceFact[] = [];
    const isSilence =
      prev !== undefined && (t - prev.fixTimeMs) / 1000 > settings.speedEpisodeMaxGapS;
    const dwellMs = settings.zoneDwellS * 1000;
    const isFirst = prev === undefined;

    // Zones: leaving, staying, entering (hits and visits are sorted by id).
    let changed = false;
    const zones: ZoneVisit[] = [];
    for (let v of slice.zones) {
      if (!places.hasZone(v.id)) {
        changed = true;
        continue;
      }
      if (isSilence && v.eez && prev) {
        closeSpeeding(v, prev.fixTimeMs, facts, settings.speedingMinS);
        const { eez: _closed, ...rest } = v;
        v = rest;
        changed = true;
      }
      const hit = findZone(hits.zones, v.id);
      let exit = !hit || hit.depthM <= -hit.bandM ? originOf(s) : undefined;
      if (hit && !exit) {
        // Stopped just outside the border (within the band): left after the dwell.
        let outsideSince = v.outsideSince;
        if (hit.depthM <= 0) {
          outsideSince ??= originOf(s);
          if (m.isStopped && t - outsideSince.startTimeMs >= dwellMs) exit = outsideSince;
        } else {
          outsideSince = undefined;
        }
        if (outsideSince !== v.outsideSince) {
          const { outsideSince: _old, ...rest } = v;
          v = outsideSince ? { ...rest, outsideSince } : rest;
          changed = true;
        }
      }
      if (exit) {
        closeSpeeding(v, t, facts, settings.speedingMinS);
        // One visit, one alert: its entry. The exit stays in the history.
        facts.push(quietPlaceEvent('SDZ', exit, v.id, { idzona: v.id }));
        changed = true;
        continue;
      }
      const next = stayIn(v, hit!, s, m, settings, facts);
      if (next !== v) changed = true;
      zones.push(next);
    }
    const dwell: ZoneDwell[] = [];
    for (const hit of hits.zones) {
      if (slice.zones.some((v) => v.id === hit.id)) continue;
      let origin: EventOrigin | undefined;
      if (isFirst) {
        // A fresh state (a device's first record, or a recompute starting at a stop): already
        // inside, since an unknown time — no entry is raised.
        if (hit.depthM > 0) origin = originOf(s);
      } else if (hit.depthM >= hit.bandM) origin = originOf(s);
      else if (hit.depthM > 0) {
        // Stopped just inside the border (within the band): entered after the dwell.
        const pending = slice.dwell?.find((d) => d.id === hit.id);
        const since = pending?.origin ?? originOf(s);
        if (m.isStopped && t - since.startTimeMs >= dwellMs) origin = since;
        else dwell.push(pending ?? { id: hit.id, origin: since });
      }
      if (!origin) continue;
      if (!isFirst) {
        // One entry, one alert: a forbidden zone's `AZP` carries the entry (issue 22).
        if (hit.accessType === 'forbidden') {
          facts.push(placeEvent('AZP', origin, hit.id, { idzona: hit.id }));
        } else if (hit.notify !== false) {
          facts.push(placeEvent('AZA', origin, hit.id, { idzona: hit.id }));
        } else {
          facts.push(quietPlaceEvent('AZA', origin, hit.id, { idzona: hit.id }));
        }
      }
      const visit: ZoneVisit = {
        id: hit.id,
        sinceMs: origin.startTimeMs,
        allowed: hit.accessType === 'allowed',
        forbidden: hit.accessType === 'forbidden',
      };
      if (m.isStopped && hit.accessType === 'forbidden') visit.stoppedSinceMs = origin.startTimeMs;
      zones.push(stayIn(visit, hit, s, m, settings, facts));
      changed = true;
    }
    if (changed) zones.sort((a, b) => a.id - b.id);

    // POIs.
    let poisChanged = false;
    const pois: PoiVisit[] = [];
    for (const v of slice.pois) {
      if (!places.hasPoi(v.id)) {
        poisChanged = true;
        continue;
      }
      const hit = findPoi(hits.pois, v.id);
      if (!hit || hit.distanceM > hit.radiusM + settings.zoneBorderBandM) {
        const stopS = v.stoppedSinceMs === undefined ? 0 : (t - v.stoppedSinceMs) / 1000;
        if (Math.max(v.longestStopS, stopS) < settings.poiPassMaxStopS) {
          const data = { idinterestpoint: v.id };
          facts.push(placeEvent('CIP', v, v.id, data, { endTimeMs: t }));
        }
        poisChanged = true;
        continue;
      }
      const next = stayAt(v, s, m, settings, facts);
      if (next !== v) poisChanged = true;
      pois.push(next);
    }
    for (const hit of hits.pois) {
      if (hit.distanceM > hit.radiusM) continue;
      if (slice.pois.some((v) => v.id === hit.id)) continue;
      // A fresh state's first record: arrived at an unknown time, so neither AIP nor CIP.
      const longestStopS = isFirst ? settings.poiPassMaxStopS : 0;
      const visit: PoiVisit = { ...originOf(s), id: hit.id, longestStopS };
      if (!isFirst) facts.push(placeEvent('AIP', visit, hit.id, { idinterestpoint: hit.id }));
      pois.push(stayAt(visit, s, m, settings, facts));
      poisChanged = true;
    }
    if (poisChanged) pois.sort((a, b) => a.id - b.id);

    // DAZ: stopped outside every allowed zone.
    let outside = slice.outside;
    if (!places.hasAllowedZones || zones.some((v) => v.allowed) || m.isMoving) {
      outside = undefined;
    } else if (m.isStopped) {
      outside ??= { ...originOf(s), raised: false };
      const durationS = (t - outside.startTimeMs) / 1000;
      if (!outside.raised && durationS >= settings.outsideAllowedStopS) {
        facts.push(eventFact('DAZ', outside, { value: durationS }));
        outside = { ...outside, raised: true };
      }
    }

    const out = facts.length > 0 ? facts : NO_FACTS;
    const dwellSame = sameDwell(slice.dwell, dwell);
    if (!changed && !poisChanged && outside === slice.outside && dwellSame) {
      return { slice, facts: out };
    }
    const next: ZoneState = {
      zones: changed ? zones : slice.zones,
      pois: poisChanged ? pois : slice.pois,
    };
    if (outside) next.outside = outside;
    if (dwell.length > 0) next.dwell = dwellSame ? slice.dwell! : dwell;
    return { slice: isIdle(next) ? INITIAL_ZONES : next, facts: out };
  },
};
