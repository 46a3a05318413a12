import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ID, SERVICE_KEYS, type Language } from '@rumbo/contracts';
import { tenantIdOf } from './api.js';
import { signInHeaders, testApp, testBackends, addOutsiderAdmin } from './harness.js';
import { messagePatterns, registeredRoutes } from './openapi-answers.js';
import { casesOf, sampleCase, urlOf } from './openapi-cases.js';
import {
  Mutator,
  operationsOf,
  type FuzzCase,
  type OpenApiDocument,
  type Operation,
} from './openapi-mutations.js';

// Every operation of the server's own OpenAPI document gets bad input (control characters, ids
// past int32, wrong types, missing and unknown fields, huge arrays, malformed bodies) and other
// tenants' ids. No answer may be a 5xx, bad input is a 4xx with a message in the caller's
// language, nothing is written, another tenant's row is 404 — for routes not written yet too.

type Resource =
  | 'fuelEvent'
  | 'user'
  | 'role'
  | 'vehicle'
  | 'device'
  | 'group'
  | 'deviceModel'
  | 'driver'
  | 'maintenancePlan'
  | 'maintenanceExtra'
  | 'maintenanceService'
  | 'maintenanceFile'
  | 'plannedTrip'
  | 'trip';

/** The row an operation's `{id}` (or `{driverId}`) names. A new such route must be added here. */
const RESOURCE_OF: [RegExp, Resource][] = [
  [/\/admin\/users\/\{id\}$/, 'user'],
  [/\/admin\/roles\/\{id\}$/, 'role'],
  [/\/(admin\/vehicles|vehicles|history)\/\{id\}/, 'vehicle'],
  [/\/admin\/devices\/\{id\}$/, 'device'],
  [/\/admin\/groups\/\{id\}$/, 'group'],
  [/\/admin\/device-models\/\{id\}$/, 'deviceModel'],
  [/\/driver\/\{driverId\}$/, 'driver'],
  [/\/driving-times\/drivers\/\{driverId\}$/, 'driver'],
  [/\/fuel\/event\/\{id\}\//, 'fuelEvent'],
  [/\/maintenance\/plans\/\{id\}$/, 'maintenancePlan'],
  [/\/maintenance\/additional\/\{id\}$/, 'maintenanceExtra'],
  [/\/maintenance\/services\/\{id\}/, 'maintenanceService'],
  [/\/maintenance\/attachments\/\{id\}$/, 'maintenanceFile'],
  [/\/planned-trips\/earlier-trips\/\{id\}/, 'trip'],
  [/\/planned-trips\/\{id\}$/, 'plannedTrip'],
];

/** Path parameters that name a row of the caller's tenant (spec §7 spells `/driver/{driverId}`). */
const ROW_PARAMS = new Set(['id', 'driverId']);

/** Registered routes the document leaves out on purpose. */
const HIDDEN_ROUTES: { why: string; matches: (path: string) => boolean }[] = [
  { why: 'WebSocket endpoints', matches: (p) => p === '/api/ws' || p === '/api/wslp' },
  {
    why: 'service-key base addresses',
    matches: (p) => SERVICE_KEYS.some((key) => p === `/api/${key}`),
  },
  { why: 'the API documentation', matches: (p) => p === '/api/docs' || p.startsWith('/api/docs/') },
  {
    why: 'the web app and its assets (static files)',
    matches: (p) => !p.startsWith('/api/') && p !== '/config.json',
  },
];

const DAY = 86_400_000;
type Headers = Record<string, string>;

interface Tenant {
  username: string;
  password: string;
  headers: Headers;
  selfId: number;
  ids: Record<Resource, number>;
}

for (const backend of testBackends()) {
  describe(`OpenAPI fuzz of every operation (${backend})`, () => {
    let ctx: Awaited<ReturnType<typeof testApp>>;
    let doc: OpenApiDocument;
    let a: Tenant;
    let b: Tenant;
    let tables: string[];

    const inject = (options: InjectOptions) => ctx.app.inject(options);
    const call = async (tenant: Tenant, method: string, url: string, payload?: object) => {
      const response = await inject({
        method,
        url,
        headers: tenant.headers,
        ...(payload ? { payload } : {}),
      });
      if (response.statusCode !== 200) throw new Error(`${method} ${url}: ${response.body}`);
      return response.json<Record<string, unknown>>();
    };

    async function signIn(username: string, password: string) {
      const session = await signInHeaders(ctx.app, username, password);
      return { headers: { token: session.token, digest: session.digest }, selfId: session.iss };
    }

    /** A tenant with one row of each resource, made through the API as its administrator. */
    async function tenantWithRows(tag: string, username: string, password: string) {
      const { headers, selfId } = await signIn(username, password);
      const ids = {} as Record<Resource, number>;
      const tenant: Tenant = { username, password, headers, selfId, ids };
      const role = await call(tenant, 'POST', '/api/rest/admin/roles', {
        name: `Fuzz ${tag}`,
        startOn: 'dashboard',
        views: ['dashboard'],
      });
      const user = await call(tenant, 'POST', '/api/rest/admin/users', {
        username: `fuzz_${tag}_user`,
        email: `fuzz.${tag}@rumbo.test`,
        nombre: 'Fuzz',
        roleId: role.id,
        password: 'fuzz-password',
      });
      const group = await call(tenant, 'POST', '/api/vehicles/admin/groups', { name: `Fz ${tag}` });
      const vehicle = await call(tenant, 'POST', '/api/vehicles/admin/vehicles', {
        plate: `FZ ${tag}`,
        groupId: group.id,
      });
      const device = await call(tenant, 'POST', '/api/vehicles/admin/devices', {
        uniqueId: `fuzz-${tag}-device`,
        protocol: 'osmand',
      });
      const model = await call(tenant, 'PUT', '/api/vehicles/admin/device-models', {
        name: `FZ-${tag}`,
      });
      const driver = await call(tenant, 'POST', '/api/driver', {
        nombre: `Fuzz ${tag}`,
        codigo: `FZ${tag}`,
      });
      // A suspected theft (events come from devices, not from a call).
      const fuelEvent = await ctx.database.db
        .insertInto('events')
        .values({
          tenant_id: await tenantIdOf(ctx.database.db, Number(vehicle.vehicleId)),
          vehicle_id: Number(vehicle.vehicleId),
          code: 'DCS',
          start_time: new Date(Date.UTC(2026, 0, 1)),
          value: 40,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const plan = await call(tenant, 'POST', '/api/maintenance/plans', {
        name: `Fz ${tag}`,
        items: [{ kind: 'oil', name: 'Aceite', intervalKm: 30_000 }],
        vehicleIds: [vehicle.vehicleId],
      });
      const extra = await call(tenant, 'POST', '/api/maintenance/additional', {
        vehicleId: vehicle.vehicleId,
        name: 'Espejo',
        dueKm: 1_000,
      });
      const service = await call(tenant, 'POST', '/api/maintenance/services', {
        vehicleId: vehicle.vehicleId,
        date: '2026-01-02',
      });
      const file = await ctx.app.inject({
        method: 'POST',
        url: `/api/maintenance/services/${String(service.id)}/attachments?name=f.pdf`,
        headers: { ...headers, 'content-type': 'application/pdf' },
        payload: Buffer.from('%PDF-1.4\n%%EOF\n'),
      });
      Object.assign(ids, {
        fuelEvent: Number(fuelEvent.id),
        maintenancePlan: plan.id,
        maintenanceExtra: extra.id,
        maintenanceService: service.id,
        maintenanceFile: file.json<{ id: number }>().id,
      });
      const plannedTrip = await call(tenant, 'POST', '/api/v2/planned-trips', {
        vehicleId: vehicle.vehicleId,
        name: `Fuzz ${tag}`,
        stops: [
          { lat: -34.6, lng: -58.4, plannedAt: '2030-01-01T08:00:00Z' },
          { lat: -34.6, lng: -58.3, plannedAt: '2030-01-01T09:00:00Z' },
        ],
      });
      const trip = await ctx.database.db
        .insertInto('trips')
        .values({
          tenant_id: (
            await ctx.database.db
              .selectFrom('vehicles')
              .select('tenant_id')
              .where('id', '=', vehicle.vehicleId as number)
              .executeTakeFirstOrThrow()
          ).tenant_id,
          vehicle_id: vehicle.vehicleId as number,
          start_time: new Date('2029-12-01T08:00:00Z'),
          end_time: new Date('2029-12-01T09:00:00Z'),
          start_lat: -34.6,
          start_lng: -58.4,
          end_lat: -34.6,
          end_lng: -58.3,
          distance_km: 9,
          driving_s: 3600,
          idle_s: 0,
          max_speed_kmh: 60,
          avg_speed_kmh: 9,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      Object.assign(ids, {
        plannedTrip: plannedTrip.id,
        trip: trip.id,
        user: user.id,
        role: role.id,
        vehicle: vehicle.vehicleId,
        device: device.id,
        group: group.id,
        deviceModel: model.id,
        driver: driver.id,
      });
      return tenant;
    }

    /** Content of every table but sessions (the fuzz signs in again when one is revoked). */
    async function snapshot(): Promise<Map<string, string>> {
      const parts = tables.map(
        (table) =>
          `select '${table}' as t, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from "${table}" x`,
      );
      const { rows } = await sql<{
        t: string;
        h: string;
      }>`${sql.raw(parts.join(' union all '))}`.execute(ctx.database.db);
      return new Map(rows.map((row) => [row.t, row.h]));
    }

    function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
      return tables.filter((table) => before.get(table) !== after.get(table));
    }

    beforeAll(async () => {
      ctx = await testApp(backend);
      await addOutsiderAdmin(ctx.database.db);
      a = await tenantWithRows('a', 'demoadmin', 'demo1234');
      b = await tenantWithRows('b', 'norteadmin', 'norte1234');
      doc = ctx.app.swagger() as unknown as OpenApiDocument;
      const { rows } = await sql<{ name: string }>`
        select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' and table_name <> 'sessions'
        order by table_name`.execute(ctx.database.db);
      tables = rows.map((row) => row.name);
    });
    afterAll(() => ctx.close());

    it('documents every route but the deliberately hidden ones', () => {
      const documented = new Set(
        operationsOf(doc).map((op) => `${op.method} ${op.path.replace(/\{(\w+)\}/g, ':$1')}`),
      );
      const routes = registeredRoutes(ctx.app);
      expect(routes.length).toBeGreaterThan(documented.size);
      const missing = routes.filter((route) => {
        const path = route.slice(route.indexOf(' ') + 1);
        return !documented.has(route) && !HIDDEN_ROUTES.some((hidden) => hidden.matches(path));
      });
      expect(missing, 'routes missing from the OpenAPI document').toEqual([]);
      for (const route of documented) expect(routes, route).toContain(route);
    });

    it('answers bad input and other tenants’ ids with a 4xx in the caller’s language, writing nothing', async () => {
      const startedMs = Date.now();
      const now = Date.now();
      const overrides: Record<string, unknown> = {
        roleId: a.ids.role,
        groupId: a.ids.group,
        vehicleId: a.ids.vehicle,
        userId: a.ids.user,
        idPersonaFisica: a.selfId,
        from: now - DAY,
        to: now,
        file: '0-255.pbf',
        fontstack: 'Noto Sans Regular',
        licenciaVence: '2030-01-31',
        // A tank's table must rise and hold no more than the sampled capacity (1 L).
        calibration: [
          { pct: 10, litres: 0.5 },
          { pct: 50, litres: 1 },
        ],
        dueDate: '2030-01-31',
        plannedAt: '2030-01-01T08:00:00Z',
        route: [],
      };
      const mutator = new Mutator(doc, (name) => overrides[name]);
      const operations = operationsOf(doc);
      const documented = new Set(operations.map((o) => `${o.method} ${o.path}`));
      const problems: string[] = [];
      let cases = 0;
      let relogins = 0;
      const statuses = new Map<number, number>();

      const idOf = (op: Operation, tenant: Tenant): number => {
        const entry = RESOURCE_OF.find(([pattern]) => pattern.test(op.path));
        if (!entry) throw new Error(`add the resource {id} of ${op.path} names to RESOURCE_OF`);
        return tenant.ids[entry[1]];
      };

      const send = async (op: Operation, c: FuzzCase, headers: Headers, lang: Language) => {
        cases += 1;
        const response = await inject({
          method: op.method,
          url: urlOf(op, c),
          headers: {
            ...headers,
            'accept-language': lang,
            ...(c.payload ? { 'content-type': c.payload.type } : {}),
          },
          ...(c.payload ? { payload: c.payload.body } : {}),
        });
        statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
        return response;
      };

      const judge = (
        op: Operation,
        c: FuzzCase,
        lang: Language,
        response: LightMyRequestResponse,
      ) => {
        const where = `${op.method} ${op.path} [${c.name}] → ${response.statusCode}`;
        if (response.statusCode >= 500)
          return problems.push(`${where} ${response.body.slice(0, 200)}`);
        if (c.mustRefuse && response.statusCode < 400) return problems.push(`${where}: accepted`);
        if (response.statusCode < 400) return;
        let body: { error?: unknown; message?: unknown; details?: { reason?: unknown }[] };
        try {
          body = response.json();
        } catch {
          return problems.push(`${where}: not JSON (${response.body.slice(0, 80)})`);
        }
        if (typeof body.message !== 'string' || body.message.trim() === '') {
          return problems.push(`${where}: no message`);
        }
        // Administration refusals word their reason (admin.error.<reason>) instead.
        if (body.details?.some((d) => typeof d.reason === 'string')) return;
        const patterns = messagePatterns(lang, String(body.error));
        if (!patterns) return problems.push(`${where}: unknown error code ${String(body.error)}`);
        if (!patterns.some((p) => p.test(body.message as string))) {
          problems.push(
            `${where}: "${body.message}" is not the ${lang} ${String(body.error)} text`,
          );
        }
      };

      for (const op of operations) {
        const sampleParams = (tenant: Tenant) =>
          Object.fromEntries(
            op.parameters
              .filter((p) => p.in === 'path')
              .map((p) => [
                p.name,
                String(
                  ROW_PARAMS.has(p.name) ? idOf(op, tenant) : mutator.sample(p.schema, p.name),
                ),
              ]),
          );
        const params = sampleParams(a);
        const query: Record<string, string> = {};
        for (const p of op.parameters.filter((p) => p.in === 'query')) {
          query[p.name] = String(mutator.sample(p.schema, p.name));
        }
        const body = op.body ? mutator.sample(op.body) : undefined;
        const sample = { params, query, body };

        const opCases = casesOf(op, mutator, sample, documented);
        const before = op.method === 'GET' ? undefined : await snapshot();
        let comparedLanguages = false;
        for (const [index, c] of opCases.entries()) {
          const lang: Language = index % 2 === 0 ? 'es' : 'en';
          // The other tenant's administrator sends the same: its ids are the first tenant's.
          const fromB = await send(op, c, b.headers, lang === 'es' ? 'en' : 'es');
          judge(op, { ...c, name: `${c.name}, other tenant` }, lang === 'es' ? 'en' : 'es', fromB);
          const response = await send(op, c, a.headers, lang);
          judge(op, c, lang, response);
          if (!comparedLanguages && response.statusCode === 400) {
            comparedLanguages = true;
            const other = await send(op, c, a.headers, lang === 'es' ? 'en' : 'es');
            if (
              other.json<{ message: string }>().message ===
              response.json<{ message: string }>().message
            ) {
              problems.push(`${op.method} ${op.path} [${c.name}]: the same message in es and en`);
            }
          }
        }
        // Without credentials: a 401 unless the route is public, never a 5xx.
        const anonymous = sampleCase(sample, 'no credentials', false);
        judge(op, anonymous, 'en', await send(op, anonymous, {}, 'en'));

        // Another tenant's row, and a row that doesn't exist: 404, nothing written.
        const rowParam = op.parameters.find((p) => p.in === 'path' && ROW_PARAMS.has(p.name));
        if (rowParam) {
          const key = rowParam.name;
          const checks: [string, Tenant, Record<string, string>][] = [
            ['another tenant’s id', a, { ...params, [key]: String(idOf(op, b)) }],
            [
              'the other tenant’s id, from it',
              b,
              { ...sampleParams(b), [key]: String(idOf(op, a)) },
            ],
            ['an unknown id', a, { ...params, [key]: String(MAX_ID) }],
          ];
          for (const [name, tenant, checkParams] of checks) {
            const c = { ...sampleCase(sample, name, true), params: checkParams };
            const response = await send(op, c, tenant.headers, 'es');
            judge(op, c, 'es', response);
            if (response.statusCode !== 404)
              problems.push(`${op.method} ${op.path} [${name}]: ${response.statusCode}, not 404`);
          }
        }
        if (before) {
          const changed = changedTables(before, await snapshot());
          if (changed.length > 0)
            problems.push(`${op.method} ${op.path} wrote to ${changed.join(', ')}`);
        }
        for (const tenant of [a, b]) {
          const probe = await inject({
            method: 'GET',
            url: '/api/rest/user/get_profile',
            headers: tenant.headers,
          });
          if (probe.statusCode === 401) {
            relogins += 1;
            tenant.headers = (await signIn(tenant.username, tenant.password)).headers;
          }
        }
      }

      const histogram = [...statuses.entries()]
        .sort(([x], [y]) => x - y)
        .map(([s, n]) => `${s}×${n}`);
      console.log(
        `OpenAPI fuzz (${backend}): ${operations.length} operations, ${cases} cases in ` +
          `${((Date.now() - startedMs) / 1000).toFixed(1)} s; ${histogram.join(' ')}; ` +
          `${relogins} sign-ins again`,
      );
      expect(problems).toEqual([]);
    }, 120_000);
  });
}
