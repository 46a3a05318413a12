// The shared kernel (CONTRIBUTING.md, "Where things live"): what every module and http/ share
// about a request. It imports lib/ and the contracts only, never a module or http/.

/** Who is calling: resolved from `token` + `digest`, or from `user-token`. */
export interface Principal {
  /** The session; for an API key, minus the key's id (no session). */
  sessionId: number;
  kind: 'web' | 'v2' | 'key';
  /** The API key the request came with (issue 27); its views are its scopes' for the method. */
  apiKeyId?: number;
  tenantId: number;
  userId: number;
  roleName: string;
  startOn: string;
  views: Record<string, boolean>;
  /** When the session expires: refused from that moment, its sockets closed. */
  expiresAtMs: number;
}
