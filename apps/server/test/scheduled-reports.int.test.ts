import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportSubscription } from '@rumbo/contracts';
import { smtpTransport, type MailTransport } from '../src/modules/mail/index.js';
import { reportsPass } from '../src/modules/reports/index.js';
import { addOutsiderAdmin, fakeClock, signInHeaders, testApp, testBackends } from './harness.js';
import { startSmtp } from './mail-helpers.js';

// Issue 27 item 1: a weekly subscription is mailed once per slot through a real SMTP server
// while two jobs passes run at the same time, across the end of summer time in Madrid, and its
// .xlsx reads back; a failed SMTP delivery is tried again.

/** The base64 .xlsx attachment of a raw MIME message. */
function attachmentOf(raw: string): Buffer {
  const part =
    /filename="?[^"\r\n]+\.xlsx"?[\s\S]*?\r\n\r\n([A-Za-z0-9+/=\r\n]+?)\r\n(?:--|$)/u.exec(raw);
  if (!part?.[1]) throw new Error('no .xlsx attachment');
  return Buffer.from(part[1].replace(/\s+/g, ''), 'base64');
}

const quiet = { warn: () => undefined };

describe.each(testBackends())('scheduled reports (%s)', (backend) => {
  // Tuesday 20 October 2026, 12:00 UTC; summer time in Madrid ends on Sunday 25 October.
  const clock = fakeClock(Date.UTC(2026, 9, 20, 12));
  let ctx: Awaited<ReturnType<typeof testApp>>;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let headers: Record<string, string>;
  let sub: ReportSubscription;

  beforeAll(async () => {
    smtp = await startSmtp();
    ctx = await testApp(backend, { clock });
    await sql`update users set config = jsonb_set(config::jsonb, '{timeZone}', '"Europe/Madrid"')
      where username = 'demoadmin'`.execute(ctx.database.db);
    const me = await signInHeaders(ctx.app, 'demoadmin', 'demo1234');
    headers = { token: me.token, digest: me.digest, 'accept-language': 'en' };
  }, 300_000);
  afterAll(async () => {
    await ctx?.close();
    await smtp.close();
  });

  const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    ctx.app.inject({
      method,
      url: `/api/v2/reports${url}`,
      headers,
      ...(payload ? { payload } : {}),
    });

  /** A weekly fleet summary for boss@example.test, Mondays at 08:00, in Spanish. */
  const weeklySummary = {
    report: 'fleet-summary',
    period: 'last_week',
    schedule: 'weekly',
    scheduleDay: 1,
    at: '08:00',
    recipients: { addresses: ['boss@example.test'] },
    language: 'es',
  };

  it('refuses a recipient outside the company and the allow-list, in the caller’s language', async () => {
    const body = weeklySummary;
    const refused = await api('POST', '/subscriptions', body);
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('boss@example.test is not a user of the company');
    const bad = await api('POST', '/subscriptions', { ...body, at: '25:00', scheduleDay: null });
    expect(bad.statusCode).toBe(400);
    expect((await api('GET', '/subscriptions')).json()).toEqual([]);
  });

  it('computes the next Monday 08:00 in Madrid, the week summer time ends', async () => {
    const put = await api('PUT', '/allowed-addresses', { addresses: ['Boss@Example.test'] });
    expect(put.json()).toEqual({ addresses: ['boss@example.test'] });
    const created = await api('POST', '/subscriptions', weeklySummary);
    expect(created.statusCode).toBe(200);
    sub = created.json();
    expect(sub.timeZone).toBe('Europe/Madrid');
    // Monday 26 October 08:00 CET (UTC+1, summer time ended the day before) = 07:00 UTC.
    expect(sub.nextDueAt).toBe(Date.UTC(2026, 9, 26, 7));
  });

  const twoJobs = (transports: [MailTransport, MailTransport]) =>
    Promise.all(
      transports.map((transport) =>
        reportsPass({ db: ctx.database.db, transport, from: 'rumbo@test', clock, log: quiet }),
      ),
    );

  it('sends each slot once with two jobs passes running, and the .xlsx reads back', async () => {
    const transports: [MailTransport, MailTransport] = [
      smtpTransport(smtp.url),
      smtpTransport(smtp.url),
    ];
    try {
      clock.advance(Date.UTC(2026, 9, 26, 6, 59) - clock.nowMs());
      await twoJobs(transports);
      expect(smtp.mails).toHaveLength(0);
      clock.advance(60_000);
      for (let i = 0; i < 3; i += 1) await twoJobs(transports);
      expect(smtp.mails).toHaveLength(1);
      const raw = smtp.mails[0]!;
      expect(raw).toContain('To: boss@example.test');
      expect(raw).toMatch(/Subject: =\?UTF-8\?|Subject: Resumen de la flota/u);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(attachmentOf(raw) as unknown as ArrayBuffer);
      const sheet = book.worksheets[0]!;
      expect(sheet.getRow(1).getCell(1).value).toBe('Cifra');
      const figures = [];
      for (let r = 2; r <= sheet.rowCount; r += 1) figures.push(sheet.getRow(r).getCell(1).value);
      expect(figures).toEqual([
        'Distancia (km)',
        'Combustible (L)',
        'CO₂ (kg)',
        'Ralentí (h)',
        'Combustible en ralentí (L)',
        'Puntuación de la flota',
        'Alertas',
      ]);
      const [listed] = (await api('GET', '/subscriptions')).json<ReportSubscription[]>();
      expect(listed?.lastSentAt).toBe(clock.nowMs());
      expect(listed?.lastStatus).toBe('sent');
      // The next slot is a week later at 08:00 local, still 07:00 UTC (no change in between).
      expect(listed?.nextDueAt).toBe(Date.UTC(2026, 10, 2, 7));
      clock.advance(Date.UTC(2026, 10, 2, 7) - clock.nowMs());
      await twoJobs(transports);
      await twoJobs(transports);
      expect(smtp.mails).toHaveLength(2);
      const log = (await api('GET', `/subscriptions/${sub.id}/sends`)).json<
        { status: string; slotAt: number }[]
      >();
      expect(log.map((s) => [s.status, s.slotAt])).toEqual([
        ['sent', Date.UTC(2026, 10, 2, 7)],
        ['sent', Date.UTC(2026, 9, 26, 7)],
      ]);
    } finally {
      transports.forEach((t) => t.close());
    }
  });

  it('tries a failed SMTP delivery again after a backoff, and logs it', async () => {
    const real = smtpTransport(smtp.url);
    let failures = 1;
    const flaky: MailTransport = {
      send: (mail, from) => {
        if (failures-- > 0) return Promise.reject(new Error('421 try later'));
        return real.send(mail, from);
      },
      close: () => real.close(),
    };
    try {
      const before = smtp.mails.length;
      // Off the weekly slot's instant (a manual send is a slot of its own).
      clock.advance(5 * 60_000);
      expect((await api('POST', `/subscriptions/${sub.id}/send`)).statusCode).toBe(200);
      await twoJobs([flaky, flaky]);
      expect(smtp.mails).toHaveLength(before);
      let [last] = (await api('GET', `/subscriptions/${sub.id}/sends`)).json<
        { status: string; attempts: number; error: string }[]
      >();
      expect(last).toMatchObject({ status: 'retry', attempts: 1 });
      expect(last?.error).toContain('421');
      clock.advance(61_000);
      await twoJobs([flaky, flaky]);
      expect(smtp.mails).toHaveLength(before + 1);
      [last] = (await api('GET', `/subscriptions/${sub.id}/sends`)).json();
      expect(last).toMatchObject({ status: 'sent', attempts: 2 });
    } finally {
      flaky.close();
    }
  });

  it('keeps the allow-list to the tenant’s administrators, and refuses what is not an address', async () => {
    await addOutsiderAdmin(ctx.database.db);
    const as = async (username: string, password: string, lang: string) => {
      const who = await signInHeaders(ctx.app, username, password);
      return { token: who.token, digest: who.digest, 'accept-language': lang };
    };
    const call = (method: 'GET' | 'PUT', callerHeaders: Record<string, string>, payload?: object) =>
      ctx.app.inject({
        method,
        url: '/api/v2/reports/allowed-addresses',
        headers: callerHeaders,
        ...(payload ? { payload } : {}),
      });
    // The administrator reads what the earlier test saved.
    const mine = await call('GET', headers);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual({ addresses: ['boss@example.test'] });
    // Not an administrator: neither reads nor writes it.
    const user = await as('demouser', 'demo1234', 'en');
    expect((await call('GET', user)).statusCode).toBe(403);
    expect((await call('PUT', user, { addresses: ['x@example.test'] })).statusCode).toBe(403);
    // Another company's administrator sees and changes only their own list.
    const norte = await as('norteadmin', 'norte1234', 'es');
    expect((await call('GET', norte)).json()).toEqual({ addresses: [] });
    const theirs = await call('PUT', norte, {
      addresses: ['Flota@Norte.test', 'flota@norte.test'],
    });
    expect(theirs.json()).toEqual({ addresses: ['flota@norte.test'] });
    expect((await call('GET', headers)).json()).toEqual({ addresses: ['boss@example.test'] });
    // A bad address is a 400 in the caller's language, and the list stays as it was.
    const bad = await call('PUT', headers, { addresses: ['boss@example.test', 'not-an-address'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('must be an e-mail address');
    const malo = await call('PUT', norte, { addresses: ['sin-arroba'] });
    expect(malo.statusCode).toBe(400);
    expect(malo.body).toContain('debe ser una dirección de correo');
    expect((await call('PUT', headers, { list: [] })).statusCode).toBe(400);
    expect((await call('GET', headers)).json()).toEqual({ addresses: ['boss@example.test'] });
  });

  it('keeps each user to their own subscriptions', async () => {
    const other = await signInHeaders(ctx.app, 'demouser', 'demo1234');
    const theirs = await ctx.app.inject({
      method: 'GET',
      url: `/api/v2/reports/subscriptions/${sub.id}/sends`,
      headers: { token: other.token, digest: other.digest },
    });
    expect(theirs.statusCode).toBe(404);
  });
});
