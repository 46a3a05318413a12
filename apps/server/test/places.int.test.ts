import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AlertEvent, IdlePeriod, Stop, Trip } from '@rumbo/contracts';
import type { IngestListeners } from '../src/ingest/start-ingest.js';
import { loadLiveFleet } from '../src/realtime/load-live-fleet.js';
import { GeocoderEngine } from '../src/places/engine.js';
import { PlacesJob } from '../src/places/places.job.js';
import { FAST_PIPELINE, addTruck, tenantIdOf } from './api.js';
import { loginDevice, sendFrames, truckRecord, openTestIngest } from './ingest-helpers.js';
import { signInHeaders, testApp, testBackends, testConfig } from './harness.js';

// Places on facts (issue 23): a truck sent through the real Teltonika port leaves a geofence
// ("Depósito Villa María"), stops at a POI ("YPF Ruta 158") and then in open country, 10 km from
// the nearest GeoNames locality. Its trips, stops, idle periods and alerts come back named in the
// caller's language — the tenant's place first, else the locality with distance and direction —
// as soon as they are stored. Then a Nominatim-format server (a real HTTP server in the test,
// answering `/reverse?format=jsonv2` as Nominatim documents it) gives the stops street addresses
// through the places job, cached per position and language; hanging or stopped, the embedded
// answer stands and nothing waits for it.

type Headers = Record<string, string>;

const DEPOT: [number, number] = [-63.2, -32.4]; // [lng, lat] south-west corner, 0.01° square
const POI = { lat: -32.38, lng: -63.3, radiusM: 200 };
const FIELD = { lat: -32.25, lng: -63.45 };

/** Nominatim's jsonv2 reverse answer (https://nominatim.org/release-docs/latest/api/Reverse/). */
function nominatimAnswer(lang: string) {
  return {
    place_id: 1234,
    licence: 'Data © OpenStreetMap contributors, ODbL 1.0. http://osm.org/copyright',
    osm_type: 'way',
    osm_id: 5678,
    lat: String(FIELD.lat),
    lon: String(FIELD.lng),
    category: 'highway',
    type: 'primary',
    place_rank: 26,
    importance: 0.1,
    addresstype: 'road',
    name: 'Ruta Nacional 158',
    display_name:
      'Ruta Nacional 158, Tío Pujio, Departamento General San Martín, Córdoba, Argentina',
    address: {
      road: 'Ruta Nacional 158',
      village: 'Tío Pujio',
      county: 'Departamento General San Martín',
      state: 'Córdoba',
      'ISO3166-2-lvl4': 'AR-X',
      country: lang === 'en' ? 'Argentina' : 'Argentina',
      country_code: 'ar',
    },
    boundingbox: ['-32.26', '-32.24', '-63.46', '-63.44'],
  };
}

/** A reverse geocoder speaking Nominatim's format: answering, hanging, or stopped. */
class FakeNominatim {
  mode: 'answer' | 'hang' = 'answer';
  readonly requests: URL[] = [];
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  port = 0;

  async start(port = 0): Promise<void> {
    this.server = createServer((req: IncomingMessage, res: ServerResponse) => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      this.requests.push(url);
      if (this.mode === 'hang') return; // never answers
      const lat = Number(url.searchParams.get('lat'));
      const body =
        url.pathname === '/reverse' && url.searchParams.get('format') === 'jsonv2'
          ? Math.abs(lat - FIELD.lat) < 0.01
            ? nominatimAnswer(url.searchParams.get('accept-language') ?? 'es')
            : { error: 'Unable to geocode' }
          : { error: 'bad request' };
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    });
    this.server.on('connection', (s) => {
      this.sockets.add(s);
      s.on('close', () => this.sockets.delete(s));
    });
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  async stop(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
    this.server = undefined;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }
}

/** The truck's day: parked in the depot, to the POI (stop, engine idling), to open country. */
function journey(t0: number) {
  const records: ReturnType<typeof truckRecord>[] = [];
  let t = t0;
  let odometerM = 500_000_000;
  let fuel = 100_000;
  const depot = { lat: DEPOT[1] + 0.005, lng: DEPOT[0] + 0.005 };
  const park = (at: { lat: number; lng: number }, minutes: number, engine: boolean) => {
    for (let i = 0; i < minutes * 2; i++) {
      records.push(
        truckRecord(t, { ...at, speedKmh: 0, ignition: engine, odometerM, fuelUsedL: fuel }),
      );
      t += 30_000;
      if (engine) fuel += 0.02;
    }
  };
  const drive = (
    from: { lat: number; lng: number },
    to: { lat: number; lng: number },
    kmh: number,
  ) => {
    const metres = Math.hypot((to.lat - from.lat) * 111_000, (to.lng - from.lng) * 94_000);
    const steps = Math.max(2, Math.ceil(metres / ((kmh / 3.6) * 30)));
    for (let i = 1; i <= steps; i++) {
      const f = i / steps;
      odometerM += metres / steps;
      fuel += (metres / steps) * 0.0003;
      records.push(
        truckRecord(t, {
          lat: from.lat + (to.lat - from.lat) * f,
          lng: from.lng + (to.lng - from.lng) * f,
          speedKmh: kmh,
          odometerM,
          fuelUsedL: fuel,
        }),
      );
      t += 30_000;
    }
  };
  park(depot, 10, false);
  drive(depot, POI, 60);
  park(POI, 8, true); // idling at the station
  park(POI, 8, false);
  const exit = { lat: POI.lat + 0.001, lng: POI.lng - 0.001 };
  drive(POI, exit, 10); // leaving the station slowly: the trip starts inside its radius
  drive(exit, FIELD, 110); // fast on the open road: speeding alerts
  park(FIELD, 20, false);
  drive(FIELD, { lat: FIELD.lat + 0.05, lng: FIELD.lng }, 60);
  park({ lat: FIELD.lat + 0.05, lng: FIELD.lng }, 10, false);
  return records;
}

for (const backend of testBackends()) {
  describe(`places on facts (${backend})`, () => {
    let ctx: Awaited<ReturnType<typeof testApp>>;
    let ingest: IngestListeners;
    let operator: Headers;
    let vehicleId: number;
    const nominatim = new FakeNominatim();
    const t0 = Date.now() - 6 * 3_600_000;
    const period = `from=${t0 - 60_000}&to=${Date.now()}`;

    const get = async <T>(url: string, lang: 'es' | 'en') => {
      const res = await ctx.app.inject({
        method: 'GET',
        url,
        headers: { ...operator, 'accept-language': lang },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<T>();
    };
    const trips = (lang: 'es' | 'en') =>
      get<Trip[]>(`/api/vehicles/history/${vehicleId}/trips?${period}`, lang);
    const stops = (lang: 'es' | 'en') =>
      get<Stop[]>(`/api/vehicles/history/${vehicleId}/stops?${period}`, lang);
    const events = async (lang: 'es' | 'en') => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/v2/event/get_all',
        headers: { ...operator, 'accept-language': lang },
        payload: { from: t0 - 60_000, to: Date.now() },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ payload: AlertEvent[] }>().payload;
    };
    const fieldStop = async (lang: 'es' | 'en') =>
      (await stops(lang)).find((s) => Math.abs(s.lat - FIELD.lat) < 0.001)!;

    beforeAll(async () => {
      await nominatim.start();
      ctx = await testApp(backend, {
        config: testConfig({ GEOCODER_URL: nominatim.url, GEOCODER_TIMEOUT_MS: '400' }),
        pipeline: FAST_PIPELINE,
      });
      const db = ctx.database.db;
      ({ vehicleId } = await addTruck(db, '359000000023001', 'PL023AA'));
      await loadLiveFleet(db, ctx.app.services.live, Date.now());
      await ctx.app.services.alerts.cache.reloadAll();
      const session = await signInHeaders(ctx.app, 'demouser', 'demo1234');
      operator = { token: session.token, digest: session.digest };
      const call = (url: string, payload: object) =>
        ctx.app.inject({ method: 'POST', url, headers: operator, payload });
      const zone = await call('/api/v2/geofence/save', {
        type: 'Feature',
        geometry: {
          type: 'Polygon',
          coordinates: [
            [
              DEPOT,
              [DEPOT[0] + 0.01, DEPOT[1]],
              [DEPOT[0] + 0.01, DEPOT[1] + 0.01],
              [DEPOT[0], DEPOT[1] + 0.01],
              DEPOT,
            ],
          ],
        },
        properties: {
          name: 'Depósito Villa María',
          accessType: 'none',
          autoAsign: true,
          vehicles: [],
          groups: [],
        },
      });
      expect(zone.statusCode, zone.body).toBe(200);
      const types = await ctx.app.inject({
        method: 'GET',
        url: '/api/rest/routing/interest_point_type',
        headers: operator,
      });
      const poi = await call('/api/rest/routing/interest_point', {
        idInterestPointType:
          types.json<{ idInterestPointType: number }[]>()[0]!.idInterestPointType,
        nombre: 'YPF Ruta 158',
        descripcion: '',
        radio: POI.radiusM,
        geom: { type: 'Point', coordinates: [POI.lng, POI.lat] },
      });
      expect(poi.statusCode, poi.body).toBe(200);
      // The gazetteer loaded and the saves seen by the pipeline's index (told on the bus).
      const { geocoder } = ctx.app.services.places;
      await geocoder.ready();
      const tenantId = await tenantIdOf(db, vehicleId);
      await vi.waitFor(() =>
        expect([
          geocoder.placeAt(tenantId, POI.lat, POI.lng)?.name,
          geocoder.placeAt(tenantId, DEPOT[1] + 0.005, DEPOT[0] + 0.005)?.name,
        ]).toEqual(['YPF Ruta 158', 'Depósito Villa María']),
      );
      ingest = await openTestIngest(ctx);
    }, 180_000);
    afterAll(async () => {
      await ingest?.close();
      await ctx?.close();
      await nominatim.stop();
    });

    it('names trips, stops, idle periods and alerts as they are stored, in both languages', async () => {
      const device = await loginDevice(ingest.teltonikaPort, '359000000023001');
      const started = performance.now();
      await sendFrames(device, journey(t0), 20);
      const ackedMs = performance.now() - started;
      device.end();
      await expect.poll(async () => (await stops('es')).length, { timeout: 20_000 }).toBe(3);

      const es = await trips('es');
      expect(es.length).toBeGreaterThanOrEqual(2);
      expect(es[0]!.startPlace).toBe('Depósito Villa María');
      expect(es[0]!.endPlace).toBe('YPF Ruta 158');
      expect(es[1]!.startPlace).toBe('YPF Ruta 158');
      // Open country: the nearest locality, with distance and direction from it.
      expect(es[1]!.endPlace).toMatch(/^\d+(,\d)? km [NSEO]{1,2} de Tío Pujio, Cordoba$/u);
      const en = await trips('en');
      expect(en[1]!.endPlace).toMatch(/^\d+(\.\d)? km [NSEW]{1,2} of Tío Pujio, Cordoba$/u);

      const [depotStop, poiStop, field] = await stops('es');
      expect(depotStop!.place).toBe('Depósito Villa María');
      expect(poiStop!.place).toBe('YPF Ruta 158');
      expect(field!.place).toBe(es[1]!.endPlace);
      expect((await stops('en'))[2]!.place).toBe(en[1]!.endPlace);

      const idle = await ctx.app.inject({
        method: 'POST',
        url: '/api/v2/event/ralenti_vehicle',
        headers: { ...operator, 'accept-language': 'en' },
        payload: { from: t0 - 60_000, to: Date.now(), vehicle: vehicleId },
      });
      expect(idle.statusCode, idle.body).toBe(200);
      const periods = idle.json<{ payload: IdlePeriod[] }>().payload;
      expect(periods.map((p) => p.place)).toContain('YPF Ruta 158');

      const alerts = await events('es');
      expect(alerts.length).toBeGreaterThan(0);
      for (const a of alerts) if (a.lat !== null) expect(a.place, a.code).toBeTruthy();
      const speeding = alerts.filter((a) => a.code.startsWith('V'));
      expect(speeding.length).toBeGreaterThan(0);
      expect(speeding[0]!.place).toMatch(/ de (Tío Pujio|Villa María|James Craik)/u);
      const alertsEn = await events('en');
      expect(alertsEn.find((a) => a.id === speeding[0]!.id)!.place).toMatch(/ of /u);

      // Stored on the facts themselves (not computed when read): structured, language-neutral.
      const { rows } = await sql<{
        place: { kind: string; distanceM?: number; bearingDeg?: number };
      }>`
        select place from stops where vehicle_id = ${vehicleId} order by start_time`.execute(
        ctx.database.db,
      );
      expect(rows.map((r) => r.place.kind)).toEqual(['zone', 'poi', 'locality']);
      expect(rows[2]!.place.distanceM).toBeGreaterThan(1_500);
      expect(rows[2]!.place.bearingDeg).toBeGreaterThanOrEqual(0);
      // Naming cost nothing the device could notice: ~330 records acked in frames of 20.
      expect(ackedMs).toBeLessThan(60_000);
    }, 120_000);

    it('the places job names facts stored without a place (older facts)', async () => {
      await sql`update stops set place = null where vehicle_id = ${vehicleId}`.execute(
        ctx.database.db,
      );
      await sql`update events set place = null where vehicle_id = ${vehicleId}`.execute(
        ctx.database.db,
      );
      expect((await stops('es')).map((s) => s.place)).toEqual([null, null, null]);
      // A job without an engine: only the embedded names.
      const job = new PlacesJob({
        db: ctx.database.db,
        geocoder: ctx.app.services.places.geocoder,
      });
      expect(await job.pass()).toBeGreaterThanOrEqual(3);
      const [depotStop, poiStop, field] = await stops('es');
      expect([depotStop!.place, poiStop!.place]).toEqual(['Depósito Villa María', 'YPF Ruta 158']);
      expect(field!.place).toMatch(/ de Tío Pujio, Cordoba$/u);
      for (const a of await events('es')) if (a.lat !== null) expect(a.place).toBeTruthy();
    });

    it('a hanging or stopped geocoder changes nothing and delays nothing', async () => {
      const before = await fieldStop('es');
      nominatim.mode = 'hang';
      const hanging = new PlacesJob({
        db: ctx.database.db,
        geocoder: ctx.app.services.places.geocoder,
        engine: new GeocoderEngine({ url: nominatim.url, ratePerS: 100, timeoutMs: 300 }),
      });
      let started = performance.now();
      await hanging.pass();
      expect(performance.now() - started).toBeLessThan(3_000);
      expect(hanging.engineFailures).toBe(1);
      expect(nominatim.requests.length).toBeGreaterThan(0);
      expect((await fieldStop('es')).place).toBe(before.place);

      await nominatim.stop();
      const stopped = new PlacesJob({
        db: ctx.database.db,
        geocoder: ctx.app.services.places.geocoder,
        engine: new GeocoderEngine({ url: nominatim.url, ratePerS: 100, timeoutMs: 300 }),
      });
      started = performance.now();
      await stopped.pass();
      expect(performance.now() - started).toBeLessThan(3_000);
      expect(stopped.engineFailures).toBe(1);
      expect((await fieldStop('en')).place).toMatch(/ of Tío Pujio, Cordoba$/u);
      // Nothing was cached from the failures.
      const cached = await sql<{ n: string }>`select count(*) as n from geocode_cache`.execute(
        ctx.database.db,
      );
      expect(Number(cached.rows[0]!.n)).toBe(0);
      await nominatim.start(nominatim.port);
      nominatim.mode = 'answer';
    });

    it('with GEOCODER_URL answering (Nominatim jsonv2), stops get street addresses, cached per language', async () => {
      nominatim.requests.length = 0;
      await ctx.app.services.places.job.pass();
      expect(nominatim.requests.length).toBeGreaterThan(0);
      for (const url of nominatim.requests) {
        expect(url.pathname).toBe('/reverse');
        expect(url.searchParams.get('format')).toBe('jsonv2');
        expect(['es', 'en']).toContain(url.searchParams.get('accept-language'));
      }
      expect((await fieldStop('es')).place).toBe('Ruta Nacional 158, Tío Pujio, Córdoba');
      expect((await fieldStop('en')).place).toBe('Ruta Nacional 158, Tío Pujio, Córdoba');
      expect((await trips('es'))[1]!.endPlace).toBe('Ruta Nacional 158, Tío Pujio, Córdoba');
      // The tenant's own places are never replaced by an address.
      const [depotStop, poiStop] = await stops('es');
      expect(depotStop!.place).toBe('Depósito Villa María');
      expect(poiStop!.place).toBe('YPF Ruta 158');
      const cached = await sql<{
        lang: string;
      }>`select lang from geocode_cache where place is not null order by lang`.execute(
        ctx.database.db,
      );
      expect(cached.rows.map((r) => r.lang)).toEqual(['en', 'es']);

      // Asked again (a recompute re-created the stop): answered from the cache, no request.
      await sql`update stops set place = ${JSON.stringify({ kind: 'locality', locality: 'Tío Pujio' })}::jsonb
        where vehicle_id = ${vehicleId} and abs(lat - ${FIELD.lat}) < 0.001`.execute(
        ctx.database.db,
      );
      nominatim.requests.length = 0;
      await ctx.app.services.places.job.pass();
      expect(nominatim.requests).toHaveLength(0);
      expect((await fieldStop('es')).place).toBe('Ruta Nacional 158, Tío Pujio, Córdoba');
    });
  });
}
