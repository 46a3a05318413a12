import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';

// SSRF guard (issue 27): a webhook goes only to `https://` (unless WEBHOOKS_ALLOW_HTTP) and never
// to a loopback, private, link-local, multicast or otherwise reserved address (unless
// WEBHOOKS_ALLOW_PRIVATE). Checked at registration, and at each delivery on the very address the
// socket connects to (the request's `lookup`), so a name that resolves elsewhere later (DNS
// rebinding) is refused too.

export interface AddressPolicy {
  allowHttp: boolean;
  allowPrivate: boolean;
}

/** Why a URL or address is refused (a validation rule key, `validation.rule.<key>`). */
export type Refusal = 'webhook_https' | 'webhook_address' | 'webhook_unresolved';

const blocked = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['2001:db8::', 32],
  ['64:ff9b::', 96],
] as const)
  blocked.addSubnet(net, bits, 'ipv6');

/** Whether an IP address is loopback, private, link-local, multicast or reserved. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  if (family === 6) {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/iu.exec(address);
    if (mapped) return blocked.check(mapped[1]!, 'ipv4');
    return blocked.check(address, 'ipv6');
  }
  return blocked.check(address, 'ipv4');
}

/** The refusal for a URL's scheme, or undefined when its scheme is allowed. */
export function schemeRefusal(url: URL, policy: AddressPolicy): Refusal | undefined {
  if (url.protocol === 'https:') return undefined;
  if (url.protocol === 'http:' && policy.allowHttp) return undefined;
  return 'webhook_https';
}

function hostOf(url: URL): string {
  return url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
}

function resolveAll(host: string): Promise<LookupAddress[]> {
  return new Promise((resolve, reject) =>
    dnsLookup(host, { all: true }, (error, addresses) =>
      error ? reject(error) : resolve(addresses),
    ),
  );
}

/** Checks a URL at registration: its scheme, and every address its host resolves to. */
export async function checkUrl(raw: string, policy: AddressPolicy): Promise<Refusal | undefined> {
  const url = new URL(raw);
  const scheme = schemeRefusal(url, policy);
  if (scheme) return scheme;
  if (policy.allowPrivate) return undefined;
  const host = hostOf(url);
  if (isIP(host)) return isPrivateAddress(host) ? 'webhook_address' : undefined;
  let addresses: LookupAddress[];
  try {
    addresses = await resolveAll(host);
  } catch {
    return 'webhook_unresolved';
  }
  if (addresses.length === 0) return 'webhook_unresolved';
  return addresses.some((a) => isPrivateAddress(a.address)) ? 'webhook_address' : undefined;
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for `http.request` that refuses private addresses (unless allowed): the check is
 * made on the address the socket then connects to.
 */
export function guardedLookup(policy: AddressPolicy) {
  return (hostname: string, options: { all?: boolean }, callback: LookupCallback): void => {
    dnsLookup(hostname, { all: true }, (error, addresses) => {
      if (error) return callback(error, '');
      const refused = !policy.allowPrivate && addresses.some((a) => isPrivateAddress(a.address));
      if (refused || addresses.length === 0) {
        const err: NodeJS.ErrnoException = new Error(`refused address for ${hostname}`);
        err.code = 'EWEBHOOKADDRESS';
        return callback(err, '');
      }
      if (options.all) return callback(null, addresses);
      const first = addresses[0]!;
      callback(null, first.address, first.family);
    });
  };
}
