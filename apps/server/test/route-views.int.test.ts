import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { VIEW_NAMES, type DashboardSummary, type LastInfo } from '@rumbo/contracts';
import { tenantIdOf } from './api.js';
import { signInHeaders, testApp, testBackends } from './harness.js';

// Issue 21, item 6 (docs/decisions/0029-views-per-route.md): every route declares the views it
// serves, one hook checks them. The walk takes every operation of the server's own OpenAPI
// document with its `x-views` and every role — the built-in ones, the probe's custom role
// {dashboard, fleet-vehicles}, and one role per view — and expects 403 exactly for the roles
// allowing none of the route's views. Requests carry a malformed body or invalid path values, so
// a role that may use the route is answered 4xx by validation (never 403) and nothing is written.

type Headers = Record<string, string>;
type XViews = readonly string[] | 'signed-in' | 'public';
interface Op {
  method: string;
  path: string;
  views: XViews;
}
interface Role {
  name: string;
  views: readonly string[];
  headers: Headers;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** Operations of the document with the views they declare. */
function operations(doc: { paths: Record<string, Record<string, unknown>> }): Op[] {
  const ops: Op[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method] as { 'x-views'?: XViews } | undefined;
      if (!op) continue;
      if (op['x-views'] === undefined) throw new Error(`${method} ${path} has no x-views`);
      ops.push({ method: method.toUpperCase(), path, views: op['x-views'] });
    }
  }
  return ops;
}

for (const backend of testBackends()) {
  describe(`each route serves the views it declares (${backend})`, () => {
    let ctx: Awaited<ReturnType<typeof testApp>>;
    let admin: Headers;
    const roles: Role[] = [];

    const call = (method: string, url: string, headers: Headers, payload?: object) =>
      ctx.app.inject({
        method: method as 'GET',
        url,
        headers,
        ...(payload ? { payload } : {}),
      });

    /** A role of the demo tenant with exactly these views, and a signed-in user holding it. */
    async function roleWith(name: string, views: readonly string[]): Promise<Role> {
      const role = await call('POST', '/api/rest/admin/roles', admin, {
        name,
        startOn: views[0],
        views,
      });
      expect(role.statusCode, role.body).toBe(200);
      const username = `walk_${roles.length}`;
      const user = await call('POST', '/api/rest/admin/users', admin, {
        username,
        email: `${username}@walk.test`,
        nombre: 'Walk',
        roleId: role.json<{ id: number }>().id,
        password: 'walk-password',
      });
      expect(user.statusCode, user.body).toBe(200);
      const session = await signInHeaders(ctx.app, username, 'walk-password');
      return { name, views, headers: { token: session.token, digest: session.digest } };
    }

    async function builtIn(name: string, username: string, password: string): Promise<Role> {
      const session = await signInHeaders(ctx.app, username, password);
      const headers = { token: session.token, digest: session.digest };
      const answer = await call('POST', '/api/authz/views', headers, { rol: [name] });
      const map = answer.json<{ views: Record<string, boolean> }>().views;
      return { name, views: Object.keys(map).filter((v) => map[v]), headers };
    }

    beforeAll(async () => {
      ctx = await testApp(backend);
      const signed = await signInHeaders(ctx.app, 'demoadmin', 'demo1234');
      admin = { token: signed.token, digest: signed.digest };
      roles.push(await builtIn('admin', 'demoadmin', 'demo1234'));
      roles.push(await builtIn('operator', 'demouser', 'demo1234'));
      roles.push(await roleWith('Probe', ['dashboard', 'fleet-vehicles']));
      for (const view of VIEW_NAMES) roles.push(await roleWith(`Only ${view}`, [view]));
      // The built-in viewer, through a user of it.
      const viewerRole = (await call('GET', '/api/rest/admin/users/roles', admin))
        .json<{ id: number; name: string }[]>()
        .find((r) => r.name === 'viewer');
      await call('POST', '/api/rest/admin/users', admin, {
        username: 'walk_viewer',
        email: 'viewer@walk.test',
        nombre: 'Viewer',
        roleId: viewerRole?.id,
        password: 'walk-password',
      });
      const viewer = await signInHeaders(ctx.app, 'walk_viewer', 'walk-password');
      roles.push(
        await builtIn('viewer', 'walk_viewer', 'walk-password').then((r) => ({
          ...r,
          headers: { token: viewer.token, digest: viewer.digest },
        })),
      );
    }, 120_000);
    afterAll(() => ctx.close());

    it('walks every route × role of the OpenAPI document: 403 exactly when the role allows none of its views', async () => {
      const ops = operations(ctx.app.swagger() as never);
      const signedIn = ops.filter((op) => op.views !== 'public');
      expect(signedIn.length).toBeGreaterThan(90);
      const problems: string[] = [];
      let checked = 0;
      let refusals = 0;
      for (const op of signedIn) {
        // Invalid path values (validation answers 400/404) and a malformed JSON body (400).
        const url = op.path.replace(/\{\w+\}/g, 'x!');
        const hasBody = op.method !== 'GET';
        for (const role of roles) {
          const { views } = op;
          const may =
            views === 'signed-in' ||
            (views !== 'public' && views.some((v) => role.views.includes(v)));
          const response = await ctx.app.inject({
            method: op.method as 'GET',
            url,
            headers: {
              ...role.headers,
              ...(hasBody ? { 'content-type': 'application/json' } : {}),
            },
            ...(hasBody ? { payload: '{"' } : {}),
          });
          checked += 1;
          const status = response.statusCode;
          if (status === 403) refusals += 1;
          const where = `${op.method} ${op.path} as ${role.name} → ${status}`;
          if (status === 401 || status >= 500) problems.push(`${where}: ${response.body}`);
          else if (!may && status !== 403) problems.push(`${where} (declares ${String(op.views)})`);
          else if (may && status === 403) problems.push(`${where} (declares ${String(op.views)})`);
        }
      }
      console.log(
        `route × role walk (${backend}): ${signedIn.length} signed-in operations × ${roles.length} roles = ${checked} requests, ${refusals} answered 403`,
      );
      expect(problems).toEqual([]);
      expect(checked).toBe(signedIn.length * roles.length);
    }, 300_000);

    it('refuses the viewer and the probe role the screens they lack (issue 21 item 6)', async () => {
      const now = Date.now();
      const period = { from: now - 86_400_000, to: now };
      const refused: [string, string, object?][] = [
        ['POST', '/api/v2/event/ralenti_vehicle', { ...period, vehicle: 1 }],
        ['POST', '/api/v2/event/ralenti_agg', period],
        ['POST', '/api/v2/vehicle/safety_drive', period],
        ['GET', `/api/rest/diagnostics/faults?from=${period.from}&to=${period.to}`],
        ['GET', `/api/rest/diagnostics/vehicles/1/faults?from=${period.from}&to=${period.to}`],
        ['GET', `/api/analysis/${period.from}/${period.to}/1`],
        ['GET', `/api/analysis/${period.from}/${period.to}/`],
      ];
      for (const name of ['viewer', 'Probe']) {
        const role = roles.find((r) => r.name === name)!;
        for (const [method, url, body] of refused) {
          const response = await call(method, url, role.headers, body);
          expect(response.statusCode, `${name} ${method} ${url}`).toBe(403);
        }
      }
    });

    it('answers last_position without positions to a role without the live map', async () => {
      const vehicle = await call('POST', '/api/vehicles/admin/vehicles', admin, {
        plate: 'WALK 1',
      });
      expect(vehicle.statusCode).toBe(200);
      const vehicleId = vehicle.json<{ vehicleId: number }>().vehicleId;
      // A new vehicle reaches the live fleet through the bus (issue 21 item 5), not at once.
      await expect
        .poll(async () =>
          (await call('GET', '/api/rest/vehicle/last_position', admin))
            .json<LastInfo[]>()
            .some((v) => v.idvehiculo === vehicleId),
        )
        .toBe(true);
      const list = async (role: string) => {
        const response = await call(
          'GET',
          '/api/rest/vehicle/last_position',
          roles.find((r) => r.name === role)!.headers,
        );
        expect(response.statusCode).toBe(200);
        return response.json<LastInfo[]>().find((v) => v.idvehiculo === vehicleId);
      };
      // The update lands once the vehicle's announcement has been handled (a reload keeps it).
      await expect
        .poll(async () => {
          ctx.app.services.live.apply(vehicleId, {
            fixTimeMs: Date.now(),
            lat: -34.6,
            lng: -58.4,
            speedKmh: 50,
            heading: 90,
            status: 'in-transit',
          });
          return (await list('viewer'))?.lat;
        })
        .toBe(-34.6);
      const mapped = await list('viewer');
      expect(mapped).toMatchObject({ lat: -34.6, lng: -58.4, status: 'in-transit' });
      const probe = await list('Probe');
      expect(probe).toMatchObject({ plate: 'WALK 1', lat: null, lng: null, heading: null });
      expect(probe?.speedKmh).toBe(50);
      expect(probe?.status).toBe(mapped?.status);
      const onlyDashboard = roles.find((r) => r.name === 'Only dashboard')!;
      expect(
        (await call('GET', '/api/rest/vehicle/last_position', onlyDashboard.headers)).statusCode,
      ).toBe(403);

      // The live feed follows the same rule: the snapshot and every update without positions
      // for a role without the live map, nothing for a role without any live-status screen.
      await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = ctx.app.server.address() as AddressInfo;
      const feed = async (role: string) => {
        const headers = roles.find((r) => r.name === role)!.headers;
        const socket = new WebSocket(`ws://127.0.0.1:${port}/api/wslp`);
        type Frame = { action?: string; payload?: LastInfo[] };
        const frames: Frame[] = [];
        socket.on('message', (data: Buffer, binary: boolean) => {
          frames.push(binary ? { action: 'binary' } : (JSON.parse(data.toString()) as Frame));
        });
        await new Promise((resolve) => socket.on('open', resolve));
        socket.send(
          JSON.stringify({ token: headers.token, digest: headers.digest, format: 'binary' }),
        );
        return { socket, frames };
      };
      const viewerFeed = await feed('viewer');
      const probeFeed = await feed('Probe');
      const dashboardFeed = await feed('Only dashboard');
      const ours = (frame: { payload?: LastInfo[] }) =>
        frame.payload?.find((v) => v.idvehiculo === vehicleId);
      await expect.poll(() => viewerFeed.frames.some((f) => ours(f))).toBe(true);
      await expect.poll(() => probeFeed.frames.some((f) => ours(f))).toBe(true);
      expect(
        probeFeed.frames.find((f) => ours(f))?.payload?.find((v) => v.idvehiculo === vehicleId),
      ).toMatchObject({ lat: null, lng: null, heading: null, speedKmh: 50 });
      ctx.app.services.live.apply(vehicleId, {
        fixTimeMs: Date.now(),
        lat: -34.7,
        lng: -58.5,
        speedKmh: 60,
        heading: 180,
        status: 'in-transit',
      });
      await expect.poll(() => viewerFeed.frames.some((f) => f.action === 'binary')).toBe(true);
      await expect
        .poll(() => probeFeed.frames.filter((f) => ours(f)).map((f) => ours(f)?.speedKmh))
        .toContain(60);
      for (const frame of probeFeed.frames.filter((f) => f.action !== undefined)) {
        expect(frame.action).toBe('positions/update');
        for (const info of frame.payload ?? []) expect(info.lat).toBeNull();
      }
      expect(dashboardFeed.frames.filter((f) => f.action !== undefined)).toEqual([]);
      for (const { socket } of [viewerFeed, probeFeed, dashboardFeed]) socket.close();
    });

    it('gives the dashboard its fleet figures in one call, the same as the screens behind them', async () => {
      const now = Date.now();
      const body = {
        from: now - 7 * 86_400_000,
        to: now,
        alertsFrom: now - 86_400_000,
        alertsTo: now,
      };
      const vehicleId = (await call('GET', '/api/vehicles/vehicles', admin)).json<
        { vehicleId: number }[]
      >()[0]!.vehicleId;
      const tenantId = await tenantIdOf(ctx.database.db, vehicleId);
      await ctx.database.db
        .insertInto('events')
        .values(
          [1, 2, 3].map((h) => ({
            tenant_id: tenantId,
            vehicle_id: vehicleId,
            code: 'EXV',
            start_time: new Date(now - h * 3_600_000),
          })),
        )
        .execute();
      const expected = async () => {
        const period = { from: body.from, to: body.to };
        const rows = (
          await call('GET', `/api/analysis/${body.from}/${body.to}/?opts[]=all`, admin)
        ).json<{ odometers: { distance: number } }[]>();
        const safety = (await call('POST', '/api/v2/vehicle/safety_drive', admin, period)).json<{
          fleet: { valor: number | null; perfil: string | null };
        }>();
        const idle = (await call('POST', '/api/v2/event/ralenti_agg', admin, period)).json<{
          payload: { total: number }[];
        }>();
        const events = (
          await call('POST', '/api/v2/event/get_all', admin, {
            from: body.alertsFrom,
            to: body.alertsTo,
          })
        ).json<{ payload: unknown[] }>();
        const live = (await call('GET', '/api/rest/vehicle/last_position', admin)).json<
          LastInfo[]
        >();
        return {
          distanceKm: rows.reduce((a, r) => a + r.odometers.distance, 0),
          fleetScore: { valor: safety.fleet.valor, perfil: safety.fleet.perfil },
          idleSeconds: idle.payload.reduce((a, r) => a + r.total, 0),
          alerts: events.payload.length,
          vehicles: live.length,
        };
      };
      const want = await expected();
      expect(want.alerts).toBe(3);
      for (const name of ['viewer', 'Probe', 'Only dashboard', 'admin']) {
        const role = roles.find((r) => r.name === name)!;
        const response = await call('POST', '/api/v2/dashboard/summary', role.headers, body);
        expect(response.statusCode, name).toBe(200);
        const summary = response.json<DashboardSummary>();
        expect(summary).toMatchObject({
          distanceKm: want.distanceKm,
          fleetScore: want.fleetScore,
          alerts: want.alerts,
        });
        expect(summary.idle.seconds).toBe(want.idleSeconds);
        expect(summary.vehicles.total).toBe(want.vehicles);
        // Nothing per vehicle in it.
        expect(Object.keys(summary).sort()).toEqual([
          'alerts',
          'co2',
          'co2Kg',
          'distanceKm',
          'ecoDriving',
          'fleetScore',
          'fuelL',
          'idle',
          'vehicles',
        ]);
      }
      const noDashboard = roles.find((r) => r.name === 'Only fleet-vehicles')!;
      expect(
        (await call('POST', '/api/v2/dashboard/summary', noDashboard.headers, body)).statusCode,
      ).toBe(403);
      const bad = await ctx.app.inject({
        method: 'POST',
        url: '/api/v2/dashboard/summary',
        headers: { ...admin, 'accept-language': 'en' },
        payload: { ...body, alertsTo: body.alertsFrom - 1 },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json<{ message: string }>().message).toMatch(/alertsTo/);
    });
  });
}
