import { z } from 'zod';
import { id, text } from './fields.js';

/** Minimum length of username and password (spec §5, decisions.md). */
export const MIN_CREDENTIAL_LENGTH = 6;

/** The client's random digest: 16 printable ASCII characters. */
export const digestSchema = text()
  .length(16)
  .regex(/^[\x21-\x7e]{16}$/, 'digest_format');

const username = text().min(MIN_CREDENTIAL_LENGTH).max(100);
const password = text().min(MIN_CREDENTIAL_LENGTH).max(256).regex(/^\S+$/, 'no_whitespace');
/** A session token, one-time code or recovery token: opaque, one line. */
const opaque = text().min(1).max(200);

/** `POST /auth/generate_token?with_claim=true`. */
export const generateTokenBody = z.strictObject({ username, password, digest: digestSchema });
export type GenerateTokenBody = z.infer<typeof generateTokenBody>;
export const generateTokenReply = z.object({ token: z.string(), rol: z.string(), iss: z.number() });
export type GenerateTokenReply = z.infer<typeof generateTokenReply>;

/** `POST /v2/user/generate_token`. */
export const v2GenerateTokenBody = z.strictObject({ username, password });
export const v2GenerateTokenReply = z.object({ token: z.string() });

/** `POST /v2/user/validate_token`. */
export const v2ValidateTokenBody = z.strictObject({ token: opaque });
export const v2ValidateTokenReply = z.object({ rol: z.array(z.string()), user_id: z.number() });
export type V2ValidateTokenReply = z.infer<typeof v2ValidateTokenReply>;

/** `POST /auth/validate?with_claim=true`: a session check or a one-time-code sign-in. */
export const validateBody = z.union([
  z.strictObject({ token: opaque, digest: digestSchema }),
  z.strictObject({ otp: opaque, digest: digestSchema.optional() }),
]);
export type ValidateBody = z.infer<typeof validateBody>;
export const validateReply = z.object({
  rol: z.string(),
  iss: z.number(),
  token: z.string().optional(),
  digest: z.string().optional(),
  userToken: z.string().optional(),
});
export type ValidateReply = z.infer<typeof validateReply>;

/** `POST /auth/otp`: single-use sign-in link for oneself, or (administrators) a tenant user. */
export const otpBody = z.strictObject({ userId: id().optional() });
export const otpReply = z.object({ otp: z.string(), url: z.string(), expiresAt: z.number() });
export type OtpReply = z.infer<typeof otpReply>;

/** `POST /auth/logout` and `/auth/logout_all`. */
export const logoutBody = z.strictObject({
  token: text().max(200).optional(),
  digest: text().max(200).optional(),
});
export const okReply = z.object({ ok: z.boolean() });

/** `POST /rest/auth/recovery_v2`; `token` is the ALTCHA proof-of-work payload. */
export const recoveryBody = z.strictObject({
  email: z.email().max(254),
  token: text().max(10_000),
});
/** `POST /rest/auth/recovery_password_v2`. */
export const recoveryPasswordBody = z.strictObject({
  email: z.email().max(254),
  recoveryToken: opaque,
  password,
  token: text().max(10_000),
});
/** Recovery answers `true` on success, otherwise a text to show as a warning. */
export const recoveryReply = z.union([z.literal(true), z.string()]);

/** `POST /v2/views-authz/web3`. */
export const viewsAuthzBody = z.strictObject({
  rol: z.array(text().min(1).max(100)).min(1).max(20),
});
export const viewsAuthzReply = z.object({
  start_on: z.string(),
  views: z.record(z.string(), z.boolean()),
});
export type ViewsAuthzReply = z.infer<typeof viewsAuthzReply>;
