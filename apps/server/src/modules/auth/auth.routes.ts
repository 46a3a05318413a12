import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  generateTokenBody,
  generateTokenReply,
  logoutBody,
  okReply,
  otpBody,
  otpReply,
  recoveryBody,
  recoveryPasswordBody,
  recoveryReply,
  v2GenerateTokenBody,
  v2GenerateTokenReply,
  v2ValidateTokenBody,
  v2ValidateTokenReply,
  validateBody,
  validateReply,
  viewsAuthzBody,
  viewsAuthzReply,
} from '@rumbo/contracts';
import { DomainError } from '../../lib/errors.js';
import { principalOf } from '../../kernel/request-context.js';
import {
  createOtp,
  requestRecovery,
  resetPassword,
  signIn,
  signInV2,
  signInWithOtp,
  signOut,
  signOutEverywhere,
  validateSession,
  validateV2Token,
  type AuthDeps,
} from './auth.service.js';
import type { Principal } from '../../kernel/principal.js';
import { PUBLIC, SIGNED_IN_USERS, routeSpec } from '../../kernel/route-spec.js';

const authRoute = routeSpec('auth');
const v2Route = routeSpec('v2');
const authzRoute = routeSpec('authz');
const restRoute = routeSpec('rest');

const withClaim = z.object({ with_claim: z.enum(['true', 'false']).optional() });
const meta = (request: { ip: string; headers: Record<string, string | string[] | undefined> }) => ({
  ip: request.ip,
  userAgent:
    typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'] : null,
});

/** `/api/auth`: sign-in, session check, one-time codes, logout. */
export function authRoutes(deps: AuthDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/generate_token',
      authRoute(PUBLIC, 'Sign in; binds the client digest to the new session', generateTokenReply, {
        querystring: withClaim,
        body: generateTokenBody,
      }),
      (request) => signIn(deps, request.body, meta(request)),
    );

    app.post(
      '/validate',
      authRoute(
        PUBLIC,
        'Check a session ({token, digest}) or sign in with a one-time code ({otp})',
        validateReply,
        { querystring: withClaim, body: validateBody },
      ),
      (request) =>
        'otp' in request.body
          ? signInWithOtp(deps, request.body, meta(request))
          : validateSession(deps, request.body),
    );

    app.post(
      '/otp',
      authRoute(SIGNED_IN_USERS, 'Make a single-use sign-in link (15 minutes)', otpReply, {
        body: otpBody.optional(),
      }),
      (request) => createOtp(deps, principalOf(request), request.body?.userId),
    );

    app.post(
      '/logout',
      authRoute(SIGNED_IN_USERS, 'Revoke this session', okReply, {
        body: logoutBody.optional(),
      }),
      async (request) => {
        await signOut(deps, principalOf(request));
        return { ok: true };
      },
    );

    app.post(
      '/logout_all',
      authRoute(SIGNED_IN_USERS, 'Revoke every session of the user', okReply, {
        body: logoutBody.optional(),
      }),
      async (request) => {
        await signOutEverywhere(deps, principalOf(request));
        return { ok: true };
      },
    );
  };
}

/** The views map answered for a caller's role. */
function viewsOf(principal: Principal, requested: string[]) {
  if (!requested.includes(principal.roleName)) throw new DomainError('forbidden');
  return { start_on: principal.startOn, views: principal.views };
}

/** `/api/v2`: user tokens and the views of a role. */
export function v2AuthRoutes(deps: AuthDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/user/generate_token',
      v2Route(PUBLIC, 'Sign in for the v2 services (user-token)', v2GenerateTokenReply, {
        body: v2GenerateTokenBody,
      }),
      (request) => signInV2(deps, request.body, meta(request)),
    );

    app.post(
      '/user/validate_token',
      v2Route(PUBLIC, 'Check a user token', v2ValidateTokenReply, {
        body: v2ValidateTokenBody,
      }),
      (request) => validateV2Token(deps, request.body.token),
    );

    app.post(
      '/views-authz/web3',
      v2Route(SIGNED_IN_USERS, "The caller's role: start view and allowed views", viewsAuthzReply, {
        body: viewsAuthzBody,
      }),
      (request) => viewsOf(principalOf(request), request.body.rol),
    );
  };
}

/** `/api/authz`: the same views answer for web-token callers. */
export function authzRoutes(): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/views',
      authzRoute(SIGNED_IN_USERS, "The caller's views", viewsAuthzReply, {
        body: viewsAuthzBody,
      }),
      (request) => viewsOf(principalOf(request), request.body.rol),
    );
  };
}

/** Sends `true` or a text as JSON (Fastify would send a bare string as text/plain). */
function sendJson(reply: FastifyReply, value: true | string) {
  return reply.type('application/json; charset=utf-8').send(JSON.stringify(value));
}

/** `/api/rest/auth`: password recovery with the proof-of-work human check. */
export function recoveryRoutes(deps: AuthDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/auth/altcha_challenge',
      {
        config: { auth: 'none' },
        schema: { tags: ['rest'], summary: 'A proof-of-work challenge (ALTCHA)' },
      },
      async (_request, reply) => {
        void reply.header('cache-control', 'no-store');
        return deps.humanCheck.challenge(deps.clock.nowMs());
      },
    );

    app.post(
      '/auth/recovery_v2',
      restRoute(PUBLIC, 'Mail a password-recovery link; true, or a warning text', recoveryReply, {
        body: recoveryBody,
      }),
      async (request, reply) =>
        sendJson(reply, await requestRecovery(deps, request.body, request.lang)),
    );

    app.post(
      '/auth/recovery_password_v2',
      restRoute(
        PUBLIC,
        'Set a new password with a recovery token; true, or a warning text',
        recoveryReply,
        { body: recoveryPasswordBody },
      ),
      async (request, reply) =>
        sendJson(reply, await resetPassword(deps, request.body, request.lang)),
    );
  };
}
