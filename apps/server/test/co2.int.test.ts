// CO₂ on the consumption call and the dashboard (issue 27 item 4, docs/decisions/0050-co2.md):
// the truck of fuel-screens-fixture.ts counts its fuel; a second truck of the same tenant drives
// the same day with no fuel counter (a GPS-only device) and gets an estimate, marked as such.
import { CO2_FACTORS, type DashboardSummary, type FuelConsumptionAnswer } from '@rumbo/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTruck } from './api.js';
import {
  D0,
  DAY,
  fuelCalls,
  ingestDay,
  setUpFuelScreens,
  truckDay,
  type FuelApp,
} from './fuel-screens-fixture.js';
import { testBackends } from './harness.js';

/** Diesel B7, kg CO₂e per litre, as written in decision 0050 (EN 16258 Annex A at 0.832 kg/l). */
const DIESEL_TTW = 2.47;
const DIESEL_WTW = 3.13;
/** A tractor's default consumption, L/100 km. */
const TRACTOR_L100 = 32;
const round1 = (n: number) => Math.round(n * 10) / 10;

for (const backend of testBackends()) {
  describe(`CO₂ of the consumption and dashboard calls (${backend})`, () => {
    let ctx: FuelApp;
    let operator: Record<string, string>;
    let burntL = 0;
    beforeAll(async () => {
      ({ ctx, operator, burntL } = await setUpFuelScreens(backend));
      const gps = await addTruck(ctx.database.db, '359000000027001', 'GPS027');
      // The same day driven with no fuel counter and no level: kilometres only.
      const positions = truckDay('gps').positions.map((p) => {
        const { fuelUsedL: _used, fuelLevelPct: _level, ...rest } = p;
        return rest;
      });
      await ingestDay(ctx, gps.vehicleId, gps.deviceId, positions, {});
    }, 180_000);
    afterAll(() => ctx.close());

    const { call } = fuelCalls(() => ctx);

    it('uses the factors the decision states for diesel', () => {
      expect(CO2_FACTORS.diesel).toMatchObject({ unit: 'l', ttwKg: DIESEL_TTW, wtwKg: DIESEL_WTW });
    });

    it('answers the counted fuel × the diesel factors, and an estimate for the truck without a counter', async () => {
      const r = await call('GET', `/api/v2/fuel/consumption/${D0}/${D0 + DAY}`, operator);
      expect(r.statusCode, r.body).toBe(200);
      const rows = r.json<FuelConsumptionAnswer>().rows;
      const counted = rows.find((x) => x.plate === 'FUE001')!;
      const estimated = rows.find((x) => x.plate === 'GPS027')!;
      // The counted truck: its litres (about the fixture's burnt litres) × 2.47 and × 3.13.
      expect(counted.fuelL).toBeCloseTo(burntL, -1);
      expect(counted.co2).toEqual({
        fuelType: 'diesel',
        ttwKg: round1(counted.fuelL * DIESEL_TTW),
        wtwKg: round1(counted.fuelL * DIESEL_WTW),
        isEstimated: false,
      });
      // The GPS-only truck: about 320 km, no litres; 320 km × 32 L/100 km × 2.47 ≈ 253 kg.
      expect(estimated.fuelL).toBe(0);
      expect(estimated.distanceKm).toBeCloseTo(320, -1);
      const litres = (estimated.distanceKm * TRACTOR_L100) / 100;
      expect(estimated.co2).toEqual({
        fuelType: 'diesel',
        ttwKg: round1(litres * DIESEL_TTW),
        wtwKg: round1(litres * DIESEL_WTW),
        isEstimated: true,
      });
      expect(estimated.co2.ttwKg).toBeGreaterThan(240);
      expect(estimated.co2.ttwKg).toBeLessThan(275);
      // By driver, each vehicle × card row carries its own CO₂ the same way.
      const byDriver = await call(
        'GET',
        `/api/v2/fuel/consumption/${D0}/${D0 + DAY}?by=driver`,
        operator,
      );
      const dRows = byDriver.json<FuelConsumptionAnswer>().rows;
      const sumTtw = dRows.reduce((n, x) => n + x.co2.ttwKg, 0);
      expect(sumTtw).toBeCloseTo(counted.co2.ttwKg + estimated.co2.ttwKg, -1);
    });

    it("gives the dashboard's CO₂ card the period's total, per 100 km, and the period before", async () => {
      const consumption = (
        await call('GET', `/api/v2/fuel/consumption/${D0}/${D0 + DAY}`, operator)
      ).json<FuelConsumptionAnswer>().rows;
      const r = await call('POST', '/api/v2/dashboard/summary', operator, {
        from: D0,
        to: D0 + DAY,
        alertsFrom: D0,
        alertsTo: D0 + DAY,
      });
      expect(r.statusCode, r.body).toBe(200);
      const { co2 } = r.json<DashboardSummary>();
      const ttw = consumption.reduce((n, x) => n + x.co2.ttwKg, 0);
      const wtw = consumption.reduce((n, x) => n + x.co2.wtwKg, 0);
      const km = consumption.reduce((n, x) => n + x.distanceKm, 0);
      const estimated = consumption.find((x) => x.plate === 'GPS027')!.co2.ttwKg;
      expect(co2.ttwKg).toBeCloseTo(ttw, 1);
      expect(co2.wtwKg).toBeCloseTo(wtw, 1);
      expect(co2.estimatedTtwKg).toBeCloseTo(estimated, 1);
      expect(co2.ttwKgPer100Km!).toBeCloseTo((100 * ttw) / km, 0);
      // Nothing was driven the day before.
      expect(co2.previousTtwKg).toBe(0);
      const next = await call('POST', '/api/v2/dashboard/summary', operator, {
        from: D0 + DAY,
        to: D0 + 2 * DAY,
        alertsFrom: D0,
        alertsTo: D0 + DAY,
      });
      expect(next.json<DashboardSummary>().co2.previousTtwKg).toBeCloseTo(ttw, 1);
    });
  });
}
