import { isIP } from 'node:net';

/** Sign-in limits (docs/decisions/0015-sign-in-limits.md). */
export interface LoginLimits {
  /** How long a failure counts. */
  windowMs: number;
  /** Failures of one username from one address in the window; then that pair waits. */
  maxFailuresPerAccountAddress: number;
  /** Usernames failing from one address in the window; then the address may try no other. */
  maxUsernamesPerAddress: number;
  /** Failures of one username from any address in the window before its attempts are spaced. */
  freeFailuresPerAccount: number;
  /** The first spacing; it doubles with every further failure… */
  accountDelayBaseMs: number;
  /** …up to this, so a stranger can't keep a user out for long. */
  accountDelayMaxMs: number;
  /** An address the account signed in from is spared the spacing this long. */
  knownAddressMs: number;
  /** Most entries each table holds (the oldest go first). */
  maxKeys: number;
}

/** The limits in production. */
export const DEFAULT_LOGIN_LIMITS: LoginLimits = {
  windowMs: 15 * 60_000,
  maxFailuresPerAccountAddress: 10,
  maxUsernamesPerAddress: 10,
  freeFailuresPerAccount: 5,
  accountDelayBaseMs: 1000,
  accountDelayMaxMs: 60_000,
  knownAddressMs: 30 * 86_400_000,
  maxKeys: 100_000,
};

/** Whether a sign-in attempt may be evaluated; when not, which limit refused it and for how long. */
export type LoginVerdict =
  { allowed: true } | { allowed: false; limit: 'address' | 'account'; retryAfterMs: number };

// Failure times kept per account: enough to reach the longest spacing.
const MAX_ACCOUNT_TIMES = 64;

/** Expands an IPv6 address to its eight groups, or null when it isn't one. */
function ipv6Groups(address: string): number[] | null {
  if (isIP(address) !== 6) return null;
  let text = address.split('%')[0] ?? '';
  const tail = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (tail) {
    const [a, b, c, d] = tail.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, tail.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', rest] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = rest ? rest.split(':') : [];
  const zeros = rest === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...zeros, ...right].map((group) => parseInt(group, 16));
}

/**
 * The key an address is limited by: IPv4 as is (also when IPv4-mapped), IPv6 by its /64, the
 * smallest block one subscriber is given, so rotating within it changes nothing.
 */
export function addressKey(address: string): string {
  const groups = ipv6Groups(address);
  if (!groups) return address;
  const isMapped = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
  if (isMapped) {
    const [hi = 0, lo = 0] = groups.slice(6);
    return `${hi >> 8}.${hi & 0xff}.${lo >> 8}.${lo & 0xff}`;
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/** Adds or refreshes a key at the end of a map, dropping the oldest beyond `max`. */
function touch<K, V>(map: Map<K, V>, key: K, value: V, max: number): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > max) {
    const oldest = map.keys().next();
    if (!oldest.done) map.delete(oldest.value);
  }
}

function removeOne(times: number[], atMs: number): void {
  const index = times.lastIndexOf(atMs);
  if (index >= 0) times.splice(index, 1);
}

/**
 * Counts failed sign-ins in memory. An attempt counts as a failure from the moment it is
 * allowed until it succeeds, so concurrent guesses can't slip past a limit while their
 * passwords are being checked. Three limits: per username + address, usernames per address
 * (password spraying), and a spacing per username from any address, capped.
 */
export class LoginLimiter {
  private readonly limits: LoginLimits;
  /** address → username → failure times in the window. */
  private readonly byAddress = new Map<string, Map<string, number[]>>();
  /** username → failure times in the window, from any address. */
  private readonly byAccount = new Map<string, number[]>();
  /** address → username → its last settled failure (a wrong password, not one being checked). */
  private readonly failedByAddress = new Map<string, Map<string, number>>();
  /** `username|address` → when the account last signed in from there. */
  private readonly known = new Map<string, number>();
  /** `username|address` → attempts being checked, and who waits for them to settle. */
  private readonly pending = new Map<string, { count: number; waiters: (() => void)[] }>();

  constructor(limits: Partial<LoginLimits> = {}) {
    this.limits = { ...DEFAULT_LOGIN_LIMITS, ...limits };
  }

  private recentByAddress(address: string, nowMs: number): Map<string, number[]> {
    const users = this.byAddress.get(address) ?? new Map<string, number[]>();
    for (const [user, times] of users) {
      const recent = times.filter((t) => t > nowMs - this.limits.windowMs);
      if (recent.length > 0) users.set(user, recent);
      else users.delete(user);
    }
    if (users.size === 0) this.byAddress.delete(address);
    return users;
  }

  private recentFailures(address: string, nowMs: number): Map<string, number> {
    const users = this.failedByAddress.get(address) ?? new Map<string, number>();
    for (const [user, atMs] of users) if (atMs <= nowMs - this.limits.windowMs) users.delete(user);
    if (users.size === 0) this.failedByAddress.delete(address);
    return users;
  }

  private recentByAccount(user: string, nowMs: number): number[] {
    const times = (this.byAccount.get(user) ?? []).filter((t) => t > nowMs - this.limits.windowMs);
    if (times.length === 0) this.byAccount.delete(user);
    return times;
  }

  private isKnown(user: string, address: string, nowMs: number): boolean {
    const atMs = this.known.get(`${user}|${address}`);
    return atMs !== undefined && nowMs - atMs < this.limits.knownAddressMs;
  }

  /** Spacing an account's next attempt must keep after its last failure, 0 while free. */
  private accountDelayMs(failures: number): number {
    const over = failures - this.limits.freeFailuresPerAccount;
    if (over < 0) return 0;
    return Math.min(this.limits.accountDelayBaseMs * 2 ** over, this.limits.accountDelayMaxMs);
  }

  private verdict(user: string, address: string, nowMs: number): LoginVerdict {
    const { windowMs, maxFailuresPerAccountAddress, maxUsernamesPerAddress } = this.limits;
    const users = this.recentByAddress(address, nowMs);
    const pair = users.get(user) ?? [];
    if (pair.length >= maxFailuresPerAccountAddress) {
      const oldest = pair[pair.length - maxFailuresPerAccountAddress] ?? nowMs;
      return { allowed: false, limit: 'address', retryAfterMs: oldest + windowMs - nowMs };
    }
    // Spraying counts usernames that failed, not sign-ins still being checked: many people
    // signing in at once behind one address (an office, a test run) are not a spray.
    const failed = this.recentFailures(address, nowMs);
    if (!failed.has(user) && failed.size >= maxUsernamesPerAddress) {
      // A new username is allowed once enough of the others have aged out.
      const lasts = [...failed.values()].sort((a, b) => a - b);
      const freedAt = (lasts[failed.size - maxUsernamesPerAddress] ?? nowMs) + windowMs;
      return { allowed: false, limit: 'address', retryAfterMs: freedAt - nowMs };
    }
    const account = this.recentByAccount(user, nowMs);
    const readyAt = (account[account.length - 1] ?? 0) + this.accountDelayMs(account.length);
    if (readyAt > nowMs && !this.isKnown(user, address, nowMs)) {
      return { allowed: false, limit: 'account', retryAfterMs: readyAt - nowMs };
    }
    return { allowed: true };
  }

  /**
   * Decides whether an attempt for `username` from `address` may be evaluated; an allowed
   * attempt is counted as a failure until `succeeded` is called with the same `nowMs`.
   */
  attempt(username: string, address: string, nowMs: number): LoginVerdict {
    const user = username.toLowerCase();
    const key = addressKey(address);
    const verdict = this.verdict(user, key, nowMs);
    if (!verdict.allowed) return verdict;
    const users = this.byAddress.get(key) ?? new Map<string, number[]>();
    users.set(user, [...(users.get(user) ?? []), nowMs]);
    touch(this.byAddress, key, users, this.limits.maxKeys);
    const account = this.recentByAccount(user, nowMs);
    account.push(nowMs);
    touch(this.byAccount, user, account.slice(-MAX_ACCOUNT_TIMES), this.limits.maxKeys);
    const entry = this.pending.get(`${user}|${key}`);
    if (entry) entry.count += 1;
    else this.pending.set(`${user}|${key}`, { count: 1, waiters: [] });
    return verdict;
  }

  /**
   * Resolves once the attempts being checked for `username` from `address` have settled (at once
   * when there are none): a client that signs in twice at once with one password — the web app
   * asks for its web and its v2 token together — waits for the first answer instead of being
   * refused the account's spacing by its own twin.
   */
  whenSettled(username: string, address: string): Promise<void> {
    const entry = this.pending.get(`${username.toLowerCase()}|${addressKey(address)}`);
    if (!entry) return Promise.resolve();
    return new Promise((resolve) => entry.waiters.push(resolve));
  }

  private settle(user: string, key: string): void {
    const entry = this.pending.get(`${user}|${key}`);
    if (!entry) return;
    entry.count -= 1;
    if (entry.count > 0) return;
    this.pending.delete(`${user}|${key}`);
    for (const resolve of entry.waiters) resolve();
  }

  /** The attempt made at `attemptAtMs` was refused (wrong password): it counts toward spraying. */
  failed(username: string, address: string, attemptAtMs: number): void {
    const user = username.toLowerCase();
    const key = addressKey(address);
    const users = this.failedByAddress.get(key) ?? new Map<string, number>();
    users.set(user, attemptAtMs);
    touch(this.failedByAddress, key, users, this.limits.maxKeys);
    this.settle(user, key);
  }

  /** The attempt made at `attemptAtMs` signed in: it is not a failure, and the address is known. */
  succeeded(username: string, address: string, attemptAtMs: number): void {
    const user = username.toLowerCase();
    const key = addressKey(address);
    const users = this.byAddress.get(key);
    const pair = users?.get(user);
    if (users && pair) {
      removeOne(pair, attemptAtMs);
      if (pair.length === 0) users.delete(user);
      if (users.size === 0) this.byAddress.delete(key);
    }
    const account = this.byAccount.get(user);
    if (account) {
      removeOne(account, attemptAtMs);
      if (account.length === 0) this.byAccount.delete(user);
    }
    touch(this.known, `${user}|${key}`, attemptAtMs, this.limits.maxKeys);
    this.settle(user, key);
  }
}
