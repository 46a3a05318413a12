import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { checkUrl, isPrivateAddress } from './address-guard.js';
import { signWebhook, verifyWebhookSignature } from './signature.js';
import { postWebhook } from './post.js';
import { failedForADay } from './delivery.js';

describe('webhook signature', () => {
  const secret = 'whsec_test';
  const body = '{"id":1,"type":"test","createdAt":"2026-11-28T00:00:00.000Z","data":{}}';

  it('signs t.body with HMAC-SHA256 and verifies it', () => {
    const header = signWebhook(secret, body, 1_764_288_000);
    const mac = createHmac('sha256', secret).update(`1764288000.${body}`).digest('hex');
    expect(header).toBe(`t=1764288000,v1=${mac}`);
    expect(verifyWebhookSignature(secret, body, header, 1_764_288_010)).toBe(true);
  });

  it('refuses another body, another secret, an old timestamp and a malformed header', () => {
    const header = signWebhook(secret, body, 1_764_288_000);
    expect(verifyWebhookSignature(secret, `${body} `, header, 1_764_288_000)).toBe(false);
    expect(verifyWebhookSignature('whsec_other', body, header, 1_764_288_000)).toBe(false);
    expect(verifyWebhookSignature(secret, body, header, 1_764_288_000 + 301)).toBe(false);
    expect(verifyWebhookSignature(secret, body, 't=abc,v1=00', 1_764_288_000)).toBe(false);
    expect(verifyWebhookSignature(secret, body, undefined)).toBe(false);
  });
});

describe('webhook SSRF guard', () => {
  it('knows loopback, private, link-local, multicast and reserved addresses', () => {
    for (const a of [
      '127.0.0.1',
      '10.0.0.1',
      '172.16.5.4',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '224.0.0.1',
      '0.0.0.0',
      '::1',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
    ])
      expect(isPrivateAddress(a), a).toBe(true);
    for (const a of ['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])
      expect(isPrivateAddress(a), a).toBe(false);
  });

  it('refuses http and private hosts unless allowed', async () => {
    const strict = { allowHttp: false, allowPrivate: false };
    expect(await checkUrl('http://8.8.8.8/x', strict)).toBe('webhook_https');
    expect(await checkUrl('https://127.0.0.1/x', strict)).toBe('webhook_address');
    expect(await checkUrl('https://[::1]/x', strict)).toBe('webhook_address');
    expect(await checkUrl('https://localhost/x', strict)).toBe('webhook_address');
    expect(await checkUrl('https://8.8.8.8/x', strict)).toBeUndefined();
    expect(
      await checkUrl('http://127.0.0.1/x', { allowHttp: true, allowPrivate: true }),
    ).toBeUndefined();
  });

  it('refuses to connect to a private address at delivery (a name resolving there too)', async () => {
    const strict = { allowHttp: true, allowPrivate: false };
    expect(await postWebhook('http://127.0.0.1:9/x', '{}', {}, strict, 2000)).toEqual({
      status: null,
      error: 'refused address',
    });
    expect(await postWebhook('http://localhost:9/x', '{}', {}, strict, 2000)).toEqual({
      status: null,
      error: 'refused address',
    });
  });

  it('never follows a redirect (to a private address or anywhere): a 3xx is a failure', async () => {
    const hits: string[] = [];
    const server = createServer((request, response) => {
      hits.push(request.url ?? '');
      request.resume();
      response.writeHead(307, { location: '/elsewhere' }).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const open = { allowHttp: true, allowPrivate: true };
      expect(await postWebhook(`http://127.0.0.1:${port}/hook`, '{}', {}, open, 2000)).toEqual({
        status: 307,
        error: 'HTTP 307',
      });
      expect(hits).toEqual(['/hook']);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

describe('webhook endpoint paused after a day of failures', () => {
  const h = 3_600_000;
  const event = { createdAt: new Date(0) };
  it('after 24 h failing, or when an event failing all along since it is given up', () => {
    expect(failedForADay(null, new Date(25 * h))).toBe(false);
    expect(failedForADay(new Date(0), new Date(24 * h))).toBe(true);
    expect(failedForADay(new Date(0), new Date(23.9 * h))).toBe(false);
    // The single event's last attempt, a little under 24 h after its first failure.
    expect(failedForADay(new Date(1000), new Date(23.5 * h), event)).toBe(true);
    // Resumed hours after the event, failing again: its giving up does not pause it at once.
    expect(failedForADay(new Date(23 * h), new Date(23.9 * h), event)).toBe(false);
  });
});
