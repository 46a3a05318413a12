import { isViewAllowed, MENU_GROUPS } from '@rumbo/contracts';
import { matchPath } from 'react-router';
import type { LoginStatus } from '../../shared/session/login-status';
import {
  FORBIDDEN_PATH,
  LOGIN_PATH,
  NOT_FOUND_PATH,
  OTP_EXPIRED_PATH,
  SETTINGS_PATH,
} from '../routes/route-paths';
import { ROUTE_TABLE, VIEW_PATHS, type RouteEntry } from '../routes/route-table';

export interface NavigationInput {
  pathname: string;
  search?: string;
  status: LoginStatus;
  views: Record<string, boolean> | null;
  startOn: string | null;
}

export type NavigationDecision =
  | { action: 'wait' }
  | { action: 'render'; entry: RouteEntry; params: Record<string, string | undefined> }
  | { action: 'redirect'; to: string };

const NUMERIC = /^\d+$/;

/** Finds the route of a path, rejecting non-numeric values of numeric params. */
export function matchRoute(
  pathname: string,
): { entry: RouteEntry; params: Record<string, string | undefined> } | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  for (const entry of ROUTE_TABLE) {
    const match = matchPath({ path: entry.path, end: true, caseSensitive: true }, path);
    if (!match) continue;
    const params = match.params as Record<string, string | undefined>;
    const badParam = (entry.numeric ?? []).some((name) => {
      const value = params[name];
      return value !== undefined && !NUMERIC.test(value);
    });
    return badParam ? null : { entry, params };
  }
  return null;
}

/** Whether a route's view is allowed by the views map (spec §6, decisions.md). */
export function isEntryAllowed(entry: RouteEntry, views: Record<string, boolean> | null): boolean {
  switch (entry.access) {
    case 'view':
      return entry.view !== undefined && isViewAllowed(views ?? undefined, entry.view);
    case 'fleet-group': {
      const fleet = MENU_GROUPS.find((g) => g.group === 'fleet')?.views ?? [];
      return fleet.some((v) => isViewAllowed(views ?? undefined, v));
    }
    case 'index':
    case 'login':
    case 'public':
    case 'layout':
    case 'signed-in':
    case 'not-found':
    case 'redirect':
      return true;
  }
}

/** The role's start view path: `start_on` when allowed, else the first allowed view, else settings. */
export function startPath(startOn: string | null, views: Record<string, boolean> | null): string {
  const paths = VIEW_PATHS as Record<string, string | undefined>;
  if (startOn && paths[startOn] && isViewAllowed(views ?? undefined, startOn)) {
    return paths[startOn];
  }
  for (const group of MENU_GROUPS) {
    for (const v of group.views) if (isViewAllowed(views ?? undefined, v)) return VIEW_PATHS[v];
  }
  return SETTINGS_PATH;
}

/** Where the back button of 403/404 goes: the home view when signed in, else login. */
export function homePath(input: Pick<NavigationInput, 'status' | 'startOn' | 'views'>): string {
  return input.status === 'authenticated' ? startPath(input.startOn, input.views) : LOGIN_PATH;
}

/** The navigation guard of spec §2. */
export function resolveNavigation(input: NavigationInput): NavigationDecision {
  const { pathname, status } = input;
  if (status === null || status === 'checking') return { action: 'wait' };

  if (status === 'otp-expired') {
    const match = matchRoute(pathname);
    return pathname === OTP_EXPIRED_PATH && match
      ? { action: 'render', ...match }
      : { action: 'redirect', to: OTP_EXPIRED_PATH };
  }

  const match = matchRoute(pathname);
  if (!match || match.entry.access === 'not-found')
    return { action: 'redirect', to: NOT_FOUND_PATH };
  const { entry } = match;
  if (entry.access === 'redirect' && entry.to) {
    return { action: 'redirect', to: `${entry.to}${input.search ?? ''}` };
  }

  if (status === 'authenticated') {
    if (entry.access === 'index' || entry.access === 'login' || entry.access === 'layout') {
      return { action: 'redirect', to: startPath(input.startOn, input.views) };
    }
    if (!isEntryAllowed(entry, input.views)) return { action: 'redirect', to: FORBIDDEN_PATH };
    return { action: 'render', ...match };
  }

  // unauthenticated or validating: public routes only.
  if (entry.access === 'login' || entry.access === 'public') return { action: 'render', ...match };
  return { action: 'redirect', to: LOGIN_PATH };
}
