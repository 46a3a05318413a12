// The consumption and AdBlue screens' calls (issue 14, docs/decisions/0024-fuel-screens.md) over
// the truck's day of fuel-screens-fixture.ts: litres and km per vehicle and driver, the fuel
// balance, the AdBlue ratio, and the per-day trend in the user's time zone (issue 22).
import type { Position } from '@rumbo/telematics';
import {
  DEFAULT_USER_CONFIG,
  type AdBlueAnswer,
  type FuelConsumptionAnswer,
} from '@rumbo/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureUser } from '../src/modules/seed/seed.service.js';
import { IMPERIAL_UNITS, addTruck } from './api.js';
import {
  D0,
  DAY,
  HOUR,
  THEFT_L,
  UREA_L,
  fuelCalls,
  ingestDay,
  setUpFuelScreens,
  type FuelApp,
} from './fuel-screens-fixture.js';
import { signInHeaders, testBackends } from './harness.js';

/**
 * A truck parked from `fromMs` for 3 h, then driving 1.5 h at 80 km/h (30 L/h), then parked
 * 1.5 h: from 20:00 UTC, it drives 23:00–00:30 UTC.
 */
function nightDrive(deviceId: string, fromMs: number): Position[] {
  const legs = [
    { forS: 3 * 3600, speedKmh: 0 },
    { forS: 1.5 * 3600, speedKmh: 80 },
    { forS: 1.5 * 3600, speedKmh: 0 },
  ];
  const out: Position[] = [];
  let t = fromMs;
  let lat = -34.6;
  let used = 20_000;
  let odo = 100_000_000;
  for (const leg of legs) {
    const every = leg.speedKmh > 0 ? 10 : 60;
    const ignition = leg.speedKmh > 0;
    for (let s = 0; s < leg.forS; s += every) {
      out.push({
        deviceId,
        fixTimeMs: t,
        lat,
        lng: -58.9,
        speedKmh: leg.speedKmh,
        wheelSpeedKmh: leg.speedKmh,
        headingDeg: 180,
        satellites: 12,
        ignition,
        rpm: ignition ? 1300 : 0,
        odometerM: Math.round(odo),
        fuelUsedL: Math.round(used * 10) / 10,
        fuelLevelPct: 60,
        driverCode: 'CARD-S',
        attributes: {},
      });
      const metres = (leg.speedKmh / 3.6) * every;
      odo += metres;
      lat -= metres / 111_000;
      if (ignition) used += (30 * every) / 3600;
      t += every * 1000;
    }
  }
  return out;
}

for (const backend of testBackends()) {
  describe(`fuel consumption and AdBlue calls (${backend})`, () => {
    let ctx: FuelApp;
    let operator: Record<string, string>;
    let viewer: Record<string, string>;
    let burntL = 0;
    beforeAll(async () => {
      ({ ctx, operator, viewer, burntL } = await setUpFuelScreens(backend));
    }, 180_000);
    afterAll(() => ctx.close());

    const { call } = fuelCalls(() => ctx);
    const period = `${D0}/${D0 + DAY}`;

    it("answers litres and km whatever the user's units (decisions.md: converted on screen)", async () => {
      const before = await call('GET', `/api/v2/fuel/consumption/${period}`, operator);
      const save = await call('POST', '/api/rest/user/save_config', operator, {
        idioma: 'en',
        timeZone: -3,
        units: IMPERIAL_UNITS,
        lat: -34.6,
        lng: -58.4,
        zoom: 6,
        darkMode: false,
      });
      expect(save.statusCode, save.body).toBe(200);
      const after = await call('GET', `/api/v2/fuel/consumption/${period}`, operator);
      expect(after.json()).toEqual(before.json());
      const row = after.json<FuelConsumptionAnswer>().rows[0]!;
      // Litres per 100 km, not miles per gallon.
      expect(row.lPer100Km).toBeCloseTo(37.5, 0);
    });

    it('needs the fuel views: a viewer gets 403', async () => {
      expect((await call('GET', `/api/v2/fuel/events/${period}`, viewer)).statusCode).toBe(403);
      expect((await call('GET', `/api/v2/fuel/consumption/${period}`, viewer)).statusCode).toBe(
        403,
      );
      expect((await call('GET', `/api/v2/fuel/adblue/${period}`, viewer)).statusCode).toBe(403);
    });

    it('answers consumption per vehicle with the fuel balance, and per driver', async () => {
      const from = D0 + HOUR; // the truck parked since midnight: a level before the period
      const r = await call('GET', `/api/v2/fuel/consumption/${from}/${D0 + DAY}`, operator);
      expect(r.statusCode, r.body).toBe(200);
      const answer = r.json<FuelConsumptionAnswer>();
      expect(answer.rows).toHaveLength(1);
      const row = answer.rows[0]!;
      // 4 h at 80 km/h, 30 L/h; 20 min idling at 3 L/h.
      expect(row.distanceKm).toBeCloseTo(320, -1);
      expect(row.fuelL).toBeCloseTo(burntL, -1);
      expect(row.idleFuelL).toBeGreaterThan(0.5);
      expect(row.idleFuelL).toBeLessThan(1.5);
      expect(row.lPer100Km).toBeCloseTo(37.5, 0);
      expect(row.drivingLPer100Km!).toBeLessThan(row.lPer100Km!);
      expect(row.idleLPerH).toBeCloseTo(3, 0);
      const b = row.balance!;
      // Δ tank + refills − consumption leaves the stolen litres.
      expect(Math.abs(b.residualL! - THEFT_L)).toBeLessThan(15);
      expect(b.flagged).toBe(true);
      expect(b.theftsL).toBeGreaterThan(50);
      // Days of the user's zone (UTC−3 since the units test): the one before holds no driving.
      expect(answer.days.map((d) => d.day)).toEqual([D0 - 21 * HOUR, D0 + 3 * HOUR]);
      expect(answer.days[0]!.fuelL).toBe(0);
      expect(answer.days[1]!.fuelL).toBeGreaterThan(100);
      const drivers = await call(
        'GET',
        `/api/v2/fuel/consumption/${from}/${D0 + DAY}?by=driver`,
        operator,
      );
      const dRows = drivers.json<FuelConsumptionAnswer>().rows;
      expect(dRows.map((d) => d.driverCode)).toEqual(['CARD-F']);
      expect(dRows[0]!.balance).toBeNull();
      expect(
        (await call('GET', `/api/v2/fuel/consumption/${period}?by=team`, operator)).statusCode,
      ).toBe(400);
    });

    it('answers AdBlue: level now, refills and the AdBlue/diesel ratio', async () => {
      const r = await call('GET', `/api/v2/fuel/adblue/${D0 + HOUR}/${D0 + DAY}`, operator);
      expect(r.statusCode, r.body).toBe(200);
      const [row] = r.json<AdBlueAnswer>().rows;
      expect(row!.capacityL).toBe(UREA_L);
      expect(row!.refills).toBe(1);
      // 4 % of the diesel burnt driving, read on 1 % steps of an 80 L tank.
      expect(row!.ratioPct!).toBeGreaterThan(2);
      expect(row!.ratioPct!).toBeLessThan(6);
      expect(row!.flag).toBeNull();
    });

    it('balances and rates AdBlue when the history starts and stops inside the period', async () => {
      // No level in the 3 days before the start or the end: the first and last inside stand in.
      const p = `${D0 - 7 * DAY}/${D0 + 6 * DAY}`;
      const c = await call('GET', `/api/v2/fuel/consumption/${p}`, operator);
      expect(c.statusCode, c.body).toBe(200);
      const b = c.json<FuelConsumptionAnswer>().rows[0]!.balance!;
      expect(b.levelStartL).not.toBeNull();
      expect(b.levelEndL).not.toBeNull();
      expect(Math.abs(b.residualL! - THEFT_L)).toBeLessThan(15);
      const a = await call('GET', `/api/v2/fuel/adblue/${p}`, operator);
      expect(a.statusCode, a.body).toBe(200);
      const [row] = a.json<AdBlueAnswer>().rows;
      expect(row!.usedL).not.toBeNull();
      expect(row!.ratioPct!).toBeGreaterThan(2);
      expect(row!.ratioPct!).toBeLessThan(6);
    });

    it("counts the per-day trend in the user's time zone: 23:30 UTC is the next day in Madrid", async () => {
      const db = ctx.database.db;
      // Thursday 8 Oct 2026: Madrid is on summer time (UTC+2), its day starts at 22:00 UTC.
      const D1 = D0 + 3 * DAY;
      const sur = await addTruck(db, '359000000014003', 'SUR014', { tenant: 'Transportes Sur' });
      await ensureUser(db, {
        tenant: 'Transportes Sur',
        username: 'suradmin',
        email: 'a@sur.test',
        role: 'admin',
        password: 'sur12345',
      });
      await ingestDay(ctx, sur.vehicleId, sur.deviceId, nightDrive('sur', D1 + 20 * HOUR), {
        fuelTanksL: [600],
      });
      const { token, digest } = await signInHeaders(ctx.app, 'suradmin', 'sur12345');
      const user = { token, digest };
      const trend = async (timeZone: string) => {
        const saved = await call('POST', '/api/rest/user/save_config', user, {
          ...DEFAULT_USER_CONFIG,
          timeZone,
          darkMode: false,
        });
        expect(saved.statusCode, saved.body).toBe(200);
        const r = await call('GET', `/api/v2/fuel/consumption/${D1 - DAY}/${D1 + 2 * DAY}`, user);
        expect(r.statusCode, r.body).toBe(200);
        return r.json<FuelConsumptionAnswer>();
      };
      // UTC days: the hour from 23:00 counts on the 8th, the half hour after midnight on the 9th.
      const utc = await trend('UTC');
      expect(utc.days.map((d) => d.day)).toEqual([D1 - DAY, D1, D1 + DAY]);
      expect(utc.days[1]!.fuelL).toBeCloseTo(30, -1);
      expect(utc.days[2]!.fuelL).toBeGreaterThan(0);
      // Madrid's days: the whole drive (01:00–02:30 local) is on the 9th.
      const madrid = await trend('Europe/Madrid');
      expect(madrid.days.map((d) => d.day)).toEqual([
        D1 - DAY - 2 * HOUR,
        D1 - 2 * HOUR,
        D1 + 22 * HOUR,
        D1 + 46 * HOUR,
      ]);
      expect(madrid.days[1]!.fuelL).toBe(0);
      expect(madrid.days[2]!.fuelL).toBeCloseTo(utc.days[1]!.fuelL + utc.days[2]!.fuelL, 0);
      expect(madrid.days[2]!.distanceKm).toBeGreaterThan(100);
      // The period's rows do not depend on the zone.
      expect(madrid.rows).toEqual(utc.rows);
    });
  });
}
