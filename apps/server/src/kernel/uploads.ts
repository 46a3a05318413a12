import multipart from '@fastify/multipart';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { DomainError } from '../lib/errors.js';
import { fileTooLarge, fileTypeRefused } from '../lib/upload-errors.js';

// Every multipart upload goes through here (docs/decisions/0028-bounded-uploads.md). busboy
// truncates a file at `limits.fileSize` and says so on the stream (`truncated`, a 'limit' event);
// whether @fastify/multipart's `toBuffer()` notices depends on which chunk the event lands after,
// so a file over the limit sometimes came back cut at exactly the limit and was stored (an avatar)
// or imported (the first 2 MB of a CSV). The answer here is 413 whenever the stream was
// truncated, checked after reading, so a file is taken whole or not at all.

/** One upload route's file: its multipart field, its size limit, the types it takes. */
export interface UploadSpec {
  /** Name of the multipart field carrying the file. */
  field: string;
  /** Largest file taken, bytes (a file of exactly this size is taken). */
  maxBytes: number;
  /** MIME types taken, as the bytes say; a 415 names them in the caller's language. */
  types?: readonly string[];
}

/**
 * Registers multipart parsing on `app` (a plugin scope holding the upload routes only: every
 * other route keeps answering multipart bodies 415) with one file of at most `maxBytes`.
 */
export async function registerUploads(app: FastifyInstance, spec: UploadSpec): Promise<void> {
  await app.register(multipart, {
    throwFileSizeLimit: true,
    limits: { fileSize: spec.maxBytes, files: 1, fields: 5, parts: 10 },
  });
}

/**
 * The whole file of `spec.field`, or a DomainError: 415 when the body is no multipart, 400 when
 * the field is missing or the body can't be read, 413 when the file is over `spec.maxBytes`
 * (however the limit surfaced: busboy's truncation flag, the plugin's error, a body limit).
 */
export async function readUpload(request: FastifyRequest, spec: UploadSpec): Promise<Buffer> {
  if (!request.isMultipart()) {
    throw spec.types ? fileTypeRefused(spec.types) : new DomainError('unsupported_media_type');
  }
  try {
    const file = await request.file();
    if (!file || file.fieldname !== spec.field) {
      throw new DomainError('validation', {}, [
        { path: spec.field, message: `a file in field "${spec.field}" is required` },
      ]);
    }
    const bytes = await file.toBuffer();
    if (file.file.truncated || bytes.length > spec.maxBytes) throw fileTooLarge(spec.maxBytes);
    return bytes;
  } catch (error) {
    if (error instanceof DomainError) throw error;
    const { code, statusCode } = error as { code?: unknown; statusCode?: unknown };
    if (code === 'FST_REQ_FILE_TOO_LARGE' || statusCode === 413) throw fileTooLarge(spec.maxBytes);
    // Fastify's own errors (a closed request) carry their status; busboy's don't.
    if (typeof statusCode === 'number') throw error;
    throw new DomainError('validation', {}, [
      { path: spec.field, message: 'the multipart body could not be read' },
    ]);
  }
}

/**
 * Route options of an upload: Fastify's own refusals of its body (over the body limit, a content
 * type no parser takes) are worded from the route's limit and types, not the server's 1 MB.
 * For a route whose body is the file itself, `bodyLimit` is the file's limit.
 */
export function uploadRoute(spec: Omit<UploadSpec, 'field'>, raw = false) {
  return {
    ...(raw ? { bodyLimit: spec.maxBytes } : {}),
    errorHandler(error: FastifyError) {
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw fileTooLarge(spec.maxBytes);
      const wrongType =
        error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ||
        error.code === 'FST_INVALID_MULTIPART_CONTENT_TYPE';
      if (wrongType && spec.types) throw fileTypeRefused(spec.types);
      throw error;
    },
  };
}
