import type { ViewName } from '@rumbo/contracts';

// What a route declares in its config (issue 21, docs/decisions/0029-views-per-route.md); the
// hook that checks it is http/route-views.ts.

/** Every signed-in user: no screen of their role is needed. */
export const SIGNED_IN = 'signed-in';

/** What a route declares: the views it serves, or every signed-in user. */
export type RouteViews = readonly ViewName[] | typeof SIGNED_IN;
