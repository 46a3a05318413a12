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
      {
        config: { auth: 'none' },
        schema: {
          tags: ['auth'],
          summary: 'Sign in; binds the client digest to the new session',
          querystring: withClaim,
          body: generateTokenBody,
          response: { 200: generateTokenReply },
        },
      },
      (request) => signIn(deps, request.body, meta(request)),
    );

    app.post(
      '/validate',
      {
        config: { auth: 'none' },
        schema: {
          tags: ['auth'],
          summary: 'Check a session ({token, digest}) or sign in with a one-time code ({otp})',
          querystring: withClaim,
          body: validateBody,
          response: { 200: validateReply },
        },
      },
      (request) =>
        'otp' in request.body
          ? signInWithOtp(deps, request.body, meta(request))
          : validateSession(deps, request.body),
    );

    app.post(
      '/otp',
      {
        config: { views: 'signed-in' },
        schema: {
          tags: ['auth'],
          summary: 'Make a single-use sign-in link (15 minutes)',
          body: otpBody.optional(),
          response: { 200: otpReply },
        },
      },
      (request) => createOtp(deps, principalOf(request), request.body?.userId),
    );

    app.post(
      '/logout',
      {
        config: { views: 'signed-in' },
        schema: {
          tags: ['auth'],
          summary: 'Revoke this session',
          body: logoutBody.optional(),
          response: { 200: okReply },
        },
      },
      async (request) => {
        await signOut(deps, principalOf(request));
        return { ok: true };
      },
    );

    app.post(
      '/logout_all',
      {
        config: { views: 'signed-in' },
        schema: {
          tags: ['auth'],
          summary: 'Revoke every session of the user',
          body: logoutBody.optional(),
          response: { 200: okReply },
        },
      },
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
      {
        config: { auth: 'none' },
        schema: {
          tags: ['v2'],
          summary: 'Sign in for the v2 services (user-token)',
          body: v2GenerateTokenBody,
          response: { 200: v2GenerateTokenReply },
        },
      },
      (request) => signInV2(deps, request.body, meta(request)),
    );

    app.post(
      '/user/validate_token',
      {
        config: { auth: 'none' },
        schema: {
          tags: ['v2'],
          summary: 'Check a user token',
          body: v2ValidateTokenBody,
          response: { 200: v2ValidateTokenReply },
        },
      },
      (request) => validateV2Token(deps, request.body.token),
    );

    app.post(
      '/views-authz/web3',
      {
        config: { views: 'signed-in' },
        schema: {
          tags: ['v2'],
          summary: "The caller's role: start view and allowed views",
          body: viewsAuthzBody,
          response: { 200: viewsAuthzReply },
        },
      },
      (request) => viewsOf(principalOf(request), request.body.rol),
    );
  };
}

/** `/api/authz`: the same views answer for web-token callers. */
export function authzRoutes(): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/views',
      {
        config: { views: 'signed-in' },
        schema: {
          tags: ['authz'],
          summary: "The caller's views",
          body: viewsAuthzBody,
          response: { 200: viewsAuthzReply },
        },
      },
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
      {
        config: { auth: 'none' },
        schema: {
          tags: ['rest'],
          summary: 'Mail a password-recovery link; true, or a warning text',
          body: recoveryBody,
          response: { 200: recoveryReply },
        },
      },
      async (request, reply) =>
        sendJson(reply, await requestRecovery(deps, request.body, request.lang)),
    );

    app.post(
      '/auth/recovery_password_v2',
      {
        config: { auth: 'none' },
        schema: {
          tags: ['rest'],
          summary: 'Set a new password with a recovery token; true, or a warning text',
          body: recoveryPasswordBody,
          response: { 200: recoveryReply },
        },
      },
      async (request, reply) =>
        sendJson(reply, await resetPassword(deps, request.body, request.lang)),
    );
  };
}
