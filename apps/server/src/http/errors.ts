import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { interpolate, pickLanguage, translations, type Language } from '@rumbo/contracts';
import { DomainError, STATUS_OF, type ErrorCode } from '../lib/errors.js';

/** The error body in the caller's language. */
export function errorBody(
  lang: Language,
  code: ErrorCode,
  params: Record<string, string | number> = {},
  details?: unknown[],
) {
  const message = interpolate(translations[lang].error[code], params);
  return details === undefined ? { error: code, message } : { error: code, message, details };
}

const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'bad_json',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'bad_json',
  FST_ERR_CTP_BODY_TOO_LARGE: 'payload_too_large',
  FST_REQ_FILE_TOO_LARGE: 'payload_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'unsupported_media_type',
  FST_ERR_VALIDATION: 'validation',
};

/** One error handler: domain errors → their status, validation → 400, 5xx details hidden. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const lang = request.lang ?? pickLanguage(request.headers['accept-language']);
    if (error instanceof DomainError) {
      void reply
        .status(STATUS_OF[error.code])
        .headers(error.headers)
        .send(errorBody(lang, error.code, error.params, error.details));
      return;
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = error.validation.map((issue) => ({
        path: `${error.validationContext ?? 'body'}${issue.instancePath.replaceAll('/', '.')}`,
        message: issue.message,
      }));
      void reply.status(400).send(errorBody(lang, 'validation', {}, details));
      return;
    }
    const mapped = error.code ? FASTIFY_CODES[error.code] : undefined;
    if (mapped) {
      void reply.status(STATUS_OF[mapped]).send(errorBody(lang, mapped, { max: '2 MB' }));
      return;
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      void reply
        .status(status)
        .send({ error: error.code ?? 'bad_request', message: error.message });
      return;
    }
    request.log.error({ err: error }, 'request failed');
    void reply.status(500).send(errorBody(lang, 'internal'));
  });
}
