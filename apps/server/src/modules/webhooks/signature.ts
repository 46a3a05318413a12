import { createHmac, timingSafeEqual } from 'node:crypto';

// The webhook signature (issue 27, README "Webhooks"): `Rumbo-Signature: t=<unix s>,v1=<hex>`,
// v1 the HMAC-SHA256 of `<t>.<raw body>` with the endpoint's secret. The timestamp makes a
// replayed request detectable: a receiver refuses a t more than its tolerance old.

export const SIGNATURE_HEADER = 'rumbo-signature';

/** The `Rumbo-Signature` header for a body sent at `unixS`. */
export function signWebhook(secret: string, body: string, unixS: number): string {
  const mac = createHmac('sha256', secret).update(`${unixS}.${body}`).digest('hex');
  return `t=${unixS},v1=${mac}`;
}

/**
 * Whether a received request is Rumbo's: the header's v1 matches the raw body's HMAC and its t
 * is within `toleranceS` of `nowS` (default 5 minutes). The receiver's side, documented in the
 * README as the example to copy.
 */
export function verifyWebhookSignature(
  secret: string,
  body: string,
  header: string | undefined,
  nowS: number = Math.floor(Date.now() / 1000),
  toleranceS = 300,
): boolean {
  if (!header) return false;
  const parts = new Map(
    header.split(',').map((part) => {
      const i = part.indexOf('=');
      return [part.slice(0, i).trim(), part.slice(i + 1).trim()] as const;
    }),
  );
  const t = Number(parts.get('t'));
  const v1 = parts.get('v1') ?? '';
  if (!Number.isInteger(t) || Math.abs(nowS - t) > toleranceS || !/^[0-9a-f]{64}$/u.test(v1))
    return false;
  const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest();
  return timingSafeEqual(expected, Buffer.from(v1, 'hex'));
}
