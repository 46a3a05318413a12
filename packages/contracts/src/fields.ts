import { z } from 'zod';

// The building blocks of every input schema: what a request may carry is refused at the door
// (400 naming the field), never by the database (docs/decisions/0005-errors-and-languages.md).
// Custom messages are keys of `validation.rule` in the translation files: the server words them
// in the caller's language.

/** Largest PostgreSQL `integer`, the type of every `serial` id. */
export const MAX_ID = 2_147_483_647;

/** Earliest instant a query may name, epoch ms (2000-01-01 UTC). */
export const MIN_EPOCH_MS = Date.UTC(2000, 0, 1);
/** Latest instant a query may name, epoch ms (2100-01-01 UTC). */
export const MAX_EPOCH_MS = Date.UTC(2100, 0, 1);

// NUL can't be stored in PostgreSQL text; the other C0 controls and DEL are invisible and break
// display, exports and logs; a lone UTF-16 surrogate has no UTF-8 encoding. Free text keeps tab,
// line feed and carriage return.
// eslint-disable-next-line no-control-regex
const UNSAFE_IN_LINE = /[\u0000-\u001f\u007f]|\p{Cs}/u;
// eslint-disable-next-line no-control-regex
const UNSAFE_IN_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]|\p{Cs}/u;

/** True when `value` holds no control character (but tab and line breaks) or lone surrogate. */
export function isStorableText(value: string, multiline = true): boolean {
  return !(multiline ? UNSAFE_IN_TEXT : UNSAFE_IN_LINE).test(value);
}

/** A one-line string: no control characters, no lone surrogates (chain `.trim().min().max()`). */
export function text() {
  return z.string().refine((value) => isStorableText(value, false), 'characters');
}

/** Free text: like `text()`, but tab and line breaks are allowed. */
export function multilineText() {
  return z.string().refine((value) => isStorableText(value, true), 'characters');
}

/** An id in a JSON body: a positive integer a PostgreSQL `integer` holds. */
export function id() {
  return z.number().int().min(1).max(MAX_ID);
}

/** An id in a path or query string: digits coerced to a positive `integer`. */
export function idParam() {
  return z.coerce.number().int().min(1).max(MAX_ID);
}

/** Path parameters of a route addressing one row: `/{id}`. */
export const idParams = z.object({ id: idParam() });

// The date window (docs/decisions/0030-bounds-and-live-changes.md): every date or instant an
// input carries — a query's period, a planned stop, a licence's expiry, a maintenance day — lies
// in [2000-01-01, 2100-01-01) UTC, or the request is refused (400 naming the field). Every date
// field of every input schema is built from one of the four helpers below.

/** True when the epoch ms lie in the date window. */
export function inDateWindow(ms: number): boolean {
  return ms >= MIN_EPOCH_MS && ms < MAX_EPOCH_MS;
}

/** An instant in a query string: epoch milliseconds between 2000 and 2100. */
export function epochMsParam() {
  return z.coerce.number().int().min(MIN_EPOCH_MS, 'epoch_range').max(MAX_EPOCH_MS, 'epoch_range');
}

/** An instant in a JSON body: epoch milliseconds between 2000 and 2100. */
export function epochMs() {
  return z.number().int().min(MIN_EPOCH_MS, 'epoch_range').max(MAX_EPOCH_MS, 'epoch_range');
}

/** An instant as ISO 8601 with its offset (`2026-11-27T08:00:00Z`), between 2000 and 2100. */
export function isoInstant() {
  return z.iso
    .datetime({ offset: true })
    .refine((value) => inDateWindow(Date.parse(value)), 'date_range');
}

/** A calendar day `yyyy-MM-dd` (a real one), between 2000 and 2100. */
export function isoDay() {
  return z.iso
    .date()
    .refine((value) => inDateWindow(Date.parse(`${value}T00:00:00Z`)), 'date_range');
}
