import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { interpolate, pickLanguage, translations, type Language } from '@rumbo/contracts';
import { formatBytes } from '../lib/bytes.js';
import { DomainError, STATUS_OF, type ErrorCode } from '../lib/errors.js';

/** Names of MIME types as messages state them. */
const TYPE_NAMES: Record<string, string> = {
  'image/png': 'PNG',
  'image/jpeg': 'JPEG',
  'image/webp': 'WebP',
  'application/pdf': 'PDF',
  'text/csv': 'CSV',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'Excel (.xlsx)',
};

/**
 * The message of a refusal: a 415 that knows the route's types names them ("usa PDF, JPEG o
 * PNG"), a 413 from a bounded unzip says which bound (`archive`: entries, inflated, ratio).
 */
function errorMessage(lang: Language, code: ErrorCode, params: Record<string, string | number>) {
  const texts: Record<string, string> = translations[lang].error;
  if (code === 'unsupported_media_type' && typeof params.types === 'string') {
    const names = params.types.split(',').map((type) => TYPE_NAMES[type] ?? type);
    const types = new Intl.ListFormat(lang, { type: 'disjunction' }).format(names);
    return interpolate(texts.unsupported_file_type!, { types });
  }
  const variant = code === 'payload_too_large' && params.archive ? `archive_${params.archive}` : '';
  return interpolate(texts[variant] ?? translations[lang].error[code], params);
}

/** The error body in the caller's language. */
export function errorBody(
  lang: Language,
  code: ErrorCode,
  params: Record<string, string | number> = {},
  details?: unknown[],
) {
  const message = errorMessage(lang, code, params);
  return details === undefined ? { error: code, message } : { error: code, message, details };
}

const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'bad_json',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'bad_json',
  FST_ERR_CTP_BODY_TOO_LARGE: 'payload_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'unsupported_media_type',
  FST_ERR_VALIDATION: 'validation',
};

/** Other client errors of plugins (multipart, content length, …) by status. */
const STATUS_CODES: Partial<Record<number, ErrorCode>> = {
  400: 'validation',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
};

/** Most validation details one answer lists (a 100,000-element array can fail 100,000 times). */
const MAX_DETAILS = 20;

const zodLocales: Record<Language, (issue: z.core.$ZodRawIssue) => unknown> = {
  es: z.locales.es().localeError,
  en: z.locales.en().localeError,
};

interface Issue {
  keyword: string;
  instancePath: string;
  message?: string | undefined;
  params: Record<string, unknown>;
}

interface Detail {
  /** `body.nombre`, `params.id`, `querystring.to`: where the web app puts the message. */
  path: string;
  /** The field as the message names it (`nombre`), '' for the whole part. */
  field: string;
  message: string;
}

function localeMessage(lang: Language, issue: z.core.$ZodRawIssue): string | undefined {
  const worded = zodLocales[lang](issue);
  if (typeof worded === 'string') return worded;
  if (worded && typeof worded === 'object' && 'message' in worded) return String(worded.message);
  return undefined;
}

/**
 * One issue in the caller's language: a rule key of the contracts (`validation.rule`) is
 * translated, zod's own messages are worded by its locale, a schema's other text is kept.
 */
function describeIssue(lang: Language, context: string, issue: Issue): Detail[] {
  const text = issue.message ?? '';
  const field = issue.instancePath.split('/').filter(Boolean).join('.');
  const at = (name: string) => ({ path: name ? `${context}.${name}` : context, field: name });
  const rules: Record<string, string> = translations[lang].validation.rule;
  if (issue.keyword === 'unrecognized_keys' && Array.isArray(issue.params.keys)) {
    return issue.params.keys.map((key) => ({
      ...at(field ? `${field}.${String(key)}` : String(key)),
      message: rules.unknown_field ?? text,
    }));
  }
  if (Object.hasOwn(rules, text)) return [{ ...at(field), message: rules[text]! }];
  const raw = { input: undefined, ...issue.params, code: issue.keyword } as z.core.$ZodRawIssue;
  // zod's default wording (not a schema's own text) is re-worded in the caller's language.
  const isDefault = issue.keyword !== 'custom' && localeMessage('en', raw) === text;
  const message = (isDefault ? localeMessage(lang, raw) : undefined) ?? text;
  return [{ ...at(field), message }];
}

/** A 400 naming the field when one is wrong, with every issue (at most MAX_DETAILS) in detail. */
function validationBody(lang: Language, context: string, issues: Issue[]) {
  const details = issues.flatMap((issue) => describeIssue(lang, context, issue));
  const fields = new Set(details.map((detail) => detail.path));
  const first = details[0];
  const listed = details.slice(0, MAX_DETAILS).map(({ path, message }) => ({ path, message }));
  if (fields.size === 1 && first?.field) {
    // "… no es válido: demasiado grande" — zod's sentences start with a capital.
    const reason = first.message.replace(/^\p{Lu}(?=\p{Ll})/u, (c) => c.toLowerCase());
    const params = { field: first.field, reason };
    const message = interpolate(translations[lang].error.validation_field, params);
    return { error: 'validation', message, details: listed };
  }
  return errorBody(lang, 'validation', {}, listed);
}

/**
 * A PostgreSQL data exception (SQLSTATE class 22: invalid byte sequence, untranslatable
 * character, numeric value out of range, invalid text representation, …). The schemas refuse
 * such input first; this keeps one that slips through a 400 rather than a 500.
 */
function isDataException(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, severity } = error as { code?: unknown; severity?: unknown };
  return typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code) && typeof severity === 'string';
}

/** `{{max}}` of a too-large answer: the body limit of the route, else of the server. */
function limitParams(request: FastifyRequest): Record<string, string> {
  const bytes = request.routeOptions.bodyLimit ?? request.server.initialConfig.bodyLimit;
  return { max: bytes ? formatBytes(bytes) : '' };
}

/**
 * Fastify's own refusals before routing (a malformed percent-escape, a path parameter over
 * 100 characters): 400 in the caller's language, without echoing the path back.
 */
export function answerFrameworkError(
  _error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const lang = pickLanguage(request.headers['accept-language']);
  void reply.status(400).send(errorBody(lang, 'validation'));
}

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
      const context = error.validationContext ?? 'body';
      void reply.status(400).send(validationBody(lang, context, error.validation));
      return;
    }
    const mapped = error.code ? FASTIFY_CODES[error.code] : undefined;
    if (mapped) {
      void reply.status(STATUS_OF[mapped]).send(errorBody(lang, mapped, limitParams(request)));
      return;
    }
    if (isDataException(error)) {
      request.log.warn({ err: error }, 'input refused by the database');
      void reply.status(400).send(errorBody(lang, 'validation'));
      return;
    }
    const status = error.statusCode ?? 500;
    const byStatus = STATUS_CODES[status];
    if (byStatus) {
      void reply.status(status).send(errorBody(lang, byStatus, limitParams(request)));
      return;
    }
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
