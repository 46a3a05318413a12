import type { Kysely } from 'kysely';
import { placeText } from '../../places/render.js';
import {
  FAULTS_MAX_ROWS,
  j1939FaultDescription,
  obdFaultDescription,
  translations,
  type FaultPoint,
  type FaultRow,
  type FaultSeverityValue,
  type FaultsAnswer,
  type Language,
} from '@rumbo/contracts';
import type { Database } from '../../db/schema.js';
import { DomainError } from '../../lib/errors.js';
import {
  groupVehicles,
  listFaults,
  tenantVehicles,
  type FaultWithPlate,
} from './diagnostics.repository.js';

/** What a fleet list asks for (the route's query, brackets folded). */
export interface FaultsRequest {
  from: number;
  to: number;
  status?: 'all' | 'open' | 'closed';
  severities?: readonly FaultSeverityValue[];
  vehicles?: readonly number[];
  groups?: readonly number[];
}

function refuse(path: string, rule: 'unknown_vehicle' | 'unknown_group', lang: Language): never {
  throw new DomainError('validation', {}, [
    { path, message: translations[lang].validation.rule[rule] },
  ]);
}

const time = (d: Date | string) => new Date(d).getTime();
const km = (m: number | null) => (m === null ? null : Math.round(m) / 1000);

function point(
  t: Date | string,
  lat: number | null,
  lng: number | null,
  odometerM: number | null,
  engineHours: number | null,
): FaultPoint {
  return { time: time(t), lat, lng, odometerKm: km(odometerM), engineHours };
}

/** An episode as the API shows it, described in the caller's language. */
export function faultRow(r: FaultWithPlate, lang: Language): FaultRow {
  const description =
    r.source === 'j1939' && r.spn !== null && r.fmi !== null
      ? j1939FaultDescription(r.spn, r.fmi, lang)
      : obdFaultDescription(r.code, lang);
  return {
    id: Number(r.id),
    vehicleId: r.vehicle_id,
    plate: r.plate,
    source: r.source,
    code: r.code,
    spn: r.spn,
    fmi: r.fmi,
    description,
    severity: r.severity,
    lamps: { mil: r.mil, redStop: r.red_stop, amber: r.amber, protect: r.protect },
    occurrences: r.occurrences,
    start: {
      ...point(r.start_time, r.start_lat, r.start_lng, r.start_odometer_m, r.start_engine_hours),
      place: placeText(r.start_place, lang),
    },
    end:
      r.end_time === null
        ? null
        : point(r.end_time, r.end_lat, r.end_lng, r.end_odometer_m, r.end_engine_hours),
    endReason: r.end_reason,
    lastSeen: time(r.last_seen),
    open: r.end_time === null,
  };
}

function answer(rows: FaultWithPlate[], lang: Language): FaultsAnswer {
  const truncated = rows.length > FAULTS_MAX_ROWS;
  return {
    faults: rows.slice(0, FAULTS_MAX_ROWS).map((r) => faultRow(r, lang)),
    truncated,
  };
}

/**
 * The fleet's episodes overlapping the period, narrowed to vehicles and groups (another tenant's
 * vehicle or group is refused with a 400, never silently dropped), severities and open/closed.
 */
export async function fleetFaults(
  db: Kysely<Database>,
  tenantId: number,
  req: FaultsRequest,
  lang: Language,
): Promise<FaultsAnswer> {
  let vehicleIds: number[] | undefined;
  if (req.vehicles?.length || req.groups?.length) {
    const chosen = new Set<number>();
    if (req.vehicles?.length) {
      const found = new Set((await tenantVehicles(db, tenantId, req.vehicles)).map((v) => v.id));
      if (req.vehicles.some((v) => !found.has(v)))
        refuse('querystring.vids', 'unknown_vehicle', lang);
      for (const v of found) chosen.add(v);
    }
    if (req.groups?.length) {
      const { groups, vehicles } = await groupVehicles(db, tenantId, req.groups);
      if (req.groups.some((g) => !groups.includes(g)))
        refuse('querystring.gids', 'unknown_group', lang);
      for (const v of vehicles) chosen.add(v);
    }
    vehicleIds = [...chosen];
  }
  const rows = await listFaults(db, tenantId, {
    fromMs: req.from,
    toMs: req.to,
    vehicleIds,
    severities: req.severities?.length ? req.severities : undefined,
    status: req.status ?? 'all',
    limit: FAULTS_MAX_ROWS,
  });
  return answer(rows, lang);
}

/** One vehicle's episodes overlapping the period (its timeline); another tenant's vehicle: 404. */
export async function vehicleFaults(
  db: Kysely<Database>,
  tenantId: number,
  vehicleId: number,
  period: { from: number; to: number },
  lang: Language,
): Promise<FaultsAnswer> {
  const [vehicle] = await tenantVehicles(db, tenantId, [vehicleId]);
  if (!vehicle) throw new DomainError('not_found');
  const rows = await listFaults(db, tenantId, {
    fromMs: period.from,
    toMs: period.to,
    vehicleIds: [vehicleId],
    status: 'all',
    limit: FAULTS_MAX_ROWS,
  });
  return answer(rows, lang);
}
