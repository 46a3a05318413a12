import type { FastifyError, FastifyInstance } from 'fastify';
import { ADMIN_REFUSALS, interpolate, translations, type AdminRefusal } from '@rumbo/contracts';
import { DomainError, STATUS_OF } from '../../lib/errors.js';

/** Refusals that are about the caller's own rights (403); the others conflict with data (409). */
const FORBIDDING: readonly AdminRefusal[] = ['views_beyond_own', 'account_beyond_own'];

/** Refuses a change with a 409 (or 403) whose message names the reason (`admin.error.<reason>`). */
export function refuse(
  reason: AdminRefusal,
  path: string,
  params: Record<string, string | number> = {},
): never {
  const code = FORBIDDING.includes(reason) ? 'forbidden' : 'conflict';
  throw new DomainError(code, { ...params, reason }, [{ path, reason }]);
}

function refusalOf(error: unknown): AdminRefusal | undefined {
  if (!(error instanceof DomainError)) return undefined;
  if (error.code !== 'conflict' && error.code !== 'forbidden') return undefined;
  const reason = error.params.reason;
  return ADMIN_REFUSALS.find((known) => known === reason);
}

/**
 * Gives administration refusals their own message in the caller's language; every other error
 * goes on to the application's error handler.
 */
export function registerRefusalMessages(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const reason = refusalOf(error);
    if (!reason || !(error instanceof DomainError)) throw error;
    const messages: Record<string, string> = translations[request.lang].admin.error;
    // Reasons counting something have `_one` / `_other` forms, as i18next plurals do.
    const plural = error.params.count === 1 ? '_one' : '_other';
    const text = messages[reason] ?? messages[`${reason}${plural}`] ?? reason;
    void reply.status(STATUS_OF[error.code]).send({
      error: error.code,
      message: interpolate(text, error.params),
      details: error.details,
    });
  });
}
