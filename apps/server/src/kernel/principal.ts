// The shared kernel (CONTRIBUTING.md, "Where things live"): what every module and http/ share
// about a request. It imports lib/ and the contracts only, never a module or http/.

/** Who is calling: resolved from `token` + `digest`, or from `user-token`. */
export interface Principal {
  sessionId: number;
  kind: 'web' | 'v2';
  tenantId: number;
  userId: number;
  roleName: string;
  startOn: string;
  views: Record<string, boolean>;
  /** When the session expires: refused from that moment, its sockets closed. */
  expiresAtMs: number;
}
