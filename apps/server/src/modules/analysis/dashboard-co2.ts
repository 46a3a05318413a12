import type { Kysely } from 'kysely';
import { co2Of, sumCo2, type DashboardCo2 } from '@rumbo/contracts';
import type { IndicatorSums } from '@rumbo/telematics';
import type { Database } from '../../db/schema.js';
import { periodSums, tenantVehicles } from './analysis.repository.js';

/** The sums the CO₂ card needs (one list: the repository caches its SQL per list). */
const CO2_SUM_KEYS: readonly (keyof IndicatorSums)[] = ['distanceKm', 'fuelL'];

/** kg CO₂e of the tenant's fleet over [from, to): per vehicle as the consumption screen, summed. */
async function fleetCo2(
  db: Kysely<Database>,
  tenantId: number,
  kindOf: ReadonlyMap<number, string>,
  fromMs: number,
  toMs: number,
) {
  const sums = await periodSums(db, tenantId, fromMs, toMs, undefined, false, CO2_SUM_KEYS);
  let distanceKm = 0;
  const rows = sums.map((r) => {
    distanceKm += r.sums.distanceKm;
    // Rounded as the consumption screen's rows, so the card and the screen's total agree.
    const round1 = (n: number) => Math.round(n * 10) / 10;
    return co2Of({
      fuelL: round1(r.sums.fuelL),
      distanceKm: round1(r.sums.distanceKm),
      kind: kindOf.get(r.vehicleId) ?? 'other',
    });
  });
  return { ...sumCo2(rows), distanceKm };
}

/**
 * The dashboard's CO₂ card (docs/decisions/0050-co2.md): TTW and WTW of the period, the estimated
 * part, TTW per 100 km, and TTW of the period of the same length just before.
 */
export async function dashboardCo2(
  db: Kysely<Database>,
  tenantId: number,
  fromMs: number,
  toMs: number,
): Promise<DashboardCo2> {
  const vehicles = await tenantVehicles(db, tenantId);
  const kindOf = new Map(vehicles.map((v) => [v.id, v.kind]));
  const [now, before] = await Promise.all([
    fleetCo2(db, tenantId, kindOf, fromMs, toMs),
    fleetCo2(db, tenantId, kindOf, fromMs - (toMs - fromMs), fromMs),
  ]);
  return {
    ttwKg: now.ttwKg,
    wtwKg: now.wtwKg,
    estimatedTtwKg: now.estimatedTtwKg,
    ttwKgPer100Km:
      now.distanceKm >= 1 ? Math.round((now.ttwKg / now.distanceKm) * 1000) / 10 : null,
    previousTtwKg: before.ttwKg,
  };
}
