import { expect } from 'vitest';
import WebSocket from 'ws';
import {
  idleDetector,
  motionDetector,
  NO_FACTS,
  rollupDetector,
  statusDetector,
  type Detector,
  type DetectorChain,
} from '@rumbo/telematics';
import type { Notification } from '@rumbo/contracts';
import { ensureTenant, findRoleForTenant } from '../src/modules/tenants/tenants.repository.js';
import { insertUser } from '../src/modules/users/users.repository.js';
import { hashPassword } from '../src/lib/passwords.js';
import { FAST_PIPELINE, addTruck } from './api.js';
import { signInHeaders, testApp, listenOnFreePort } from './harness.js';
import { reloadFleetAndOpenIngest } from './ingest-helpers.js';

/**
 * A speed rule of the test's own (the rule detectors are another issue's): an episode starts at
 * the first record over 95 km/h (one `V95` fact) and ends at the first at or below 90 (the same
 * fact again, closed), so the test knows exactly which episodes exist.
 */
const overSpeed: Detector<{ startMs?: number; topKmh: number }> = {
  name: 'test-over-speed',
  initial: { topKmh: 0 },
  step(slice, { sample }) {
    const v = sample.speedKmh ?? 0;
    if (slice.startMs === undefined) {
      if (v <= 95) return { slice, facts: NO_FACTS };
      return {
        slice: { startMs: sample.fixTimeMs, topKmh: v },
        facts: [
          {
            type: 'event',
            code: 'V95',
            startTimeMs: sample.fixTimeMs,
            value: v,
            lat: sample.lat,
            lng: sample.lng,
          },
        ],
      };
    }
    if (v > 90) return { slice: { ...slice, topKmh: Math.max(slice.topKmh, v) }, facts: NO_FACTS };
    return {
      slice: { topKmh: 0 },
      facts: [
        {
          type: 'event',
          code: 'V95',
          startTimeMs: slice.startMs,
          endTimeMs: sample.fixTimeMs,
          value: slice.topKmh,
        },
      ],
    };
  },
};
const DETECTORS: DetectorChain = [
  statusDetector,
  motionDetector,
  idleDetector,
  rollupDetector,
  overSpeed,
];

/** A signed-in `/api/ws` socket recording every `notifications/add` with its arrival time. */
export async function alertSocket(port: number, session: { token: string; digest: string }) {
  const socket = new WebSocket(`ws://127.0.0.1:${port}/api/ws`);
  const statuses: string[] = [];
  const added: { at: number; payload: Notification }[] = [];
  socket.on('message', (data: Buffer) => {
    const message = JSON.parse(data.toString()) as {
      type?: string;
      status?: string;
      mutation?: string;
      payload?: Notification;
    };
    if (message.type === 'Status' && message.status) statuses.push(message.status);
    if (message.mutation === 'notifications/add')
      added.push({ at: performance.now(), payload: message.payload! });
  });
  await new Promise((resolve) => socket.on('open', resolve));
  socket.send(JSON.stringify(session));
  await expect.poll(() => statuses).toContain('Ok');
  return { added, close: () => socket.close() };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const ALERTS_IMEI = '359000000077001';
export const SILENT_IMEI = '359000000077002';
export const h = (s: { token: string; digest: string }) => ({ token: s.token, digest: s.digest });

/**
 * The alerts tests' app: the test's speed rule, two demo vehicles (`AL001AA` reports, `AL002AA` goes
 * silent), an operator of another tenant and a demo viewer, listening with its ingest ports open.
 */
export async function startAlertsApp(backend: 'embedded' | 'postgres') {
  const ctx = await testApp(backend, {
    pipeline: { ...FAST_PIPELINE, detectors: DETECTORS },
  });
  const db = ctx.database.db;
  const { vehicleId } = await addTruck(db, ALERTS_IMEI, 'AL001AA');
  await addTruck(db, SILENT_IMEI, 'AL002AA');
  // Another tenant with an operator of its own, and a viewer in the demo tenant.
  const other = await ensureTenant(db, 'Transportes Otro');
  const demo = await ensureTenant(db, 'Transportes Demo');
  const passwordHash = await hashPassword('otro1234');
  for (const [tenantId, username, email, role] of [
    [other.id, 'otrooperador', 'otro@rumbo.test', 'operator'],
    [demo.id, 'demoviewer', 'viewer@rumbo.test', 'viewer'],
  ] as const) {
    const roleId = (await findRoleForTenant(db, tenantId, role))!.id;
    await insertUser(db, { tenantId, username, email, passwordHash, roleId });
  }
  const ingest = await reloadFleetAndOpenIngest(ctx);
  const port = await listenOnFreePort(ctx);
  const operator = await signInHeaders(ctx.app);
  const admin = await signInHeaders(ctx.app, 'demoadmin', 'demo1234');
  const viewer = await signInHeaders(ctx.app, 'demoviewer', 'otro1234');
  const stranger = await signInHeaders(ctx.app, 'otrooperador', 'otro1234');
  return {
    ctx,
    ingest,
    port,
    vehicleId,
    operator,
    admin,
    viewer,
    stranger,
    /** The reporting vehicle's stored events. */
    events: () => db.selectFrom('events').selectAll().where('vehicle_id', '=', vehicleId).execute(),
    count: async (table: 'notifications' | 'alert_settings' | 'mail_outbox') =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    close: async () => {
      await ingest.close();
      await ctx.close();
    },
  };
}

/** What `startAlertsApp` gives a test file. */
export type AlertsApp = Awaited<ReturnType<typeof startAlertsApp>>;
