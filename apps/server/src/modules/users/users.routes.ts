import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import {
  AVATAR_MAX_BYTES,
  avatarReply,
  configuracionSchema,
  okReply,
  profileSchema,
  saveConfigBody,
  saveProfileBody,
  text,
} from '@rumbo/contracts';
import { z } from 'zod';
import type { Database } from '../../db/schema.js';
import { formatBytes } from '../../lib/bytes.js';
import { DomainError } from '../../lib/errors.js';
import { principalOf } from '../../http/request-context.js';
import {
  getAvatar,
  getConfiguracion,
  getProfile,
  saveAvatar,
  saveConfig,
  saveProfile,
} from './users.service.js';

const noFile = () =>
  new DomainError('validation', {}, [
    { path: 'files', message: 'a file in field "files" is required' },
  ]);

/**
 * The bytes of the multipart field `files`. A body the parser can't read (no boundary, a part cut
 * short) is the caller's fault: 400, not a 500; a file over the limit is 413 stating the limit.
 */
async function readAvatarPart(request: FastifyRequest): Promise<Buffer> {
  try {
    const file = await request.file();
    if (!file || file.fieldname !== 'files') throw noFile();
    return await file.toBuffer();
  } catch (error) {
    if (error instanceof DomainError) throw error;
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new DomainError('payload_too_large', { max: formatBytes(AVATAR_MAX_BYTES) });
    }
    // Fastify's own errors (body limit, closed request) carry their status; busboy's don't.
    if (typeof (error as { statusCode?: unknown }).statusCode === 'number') throw error;
    throw new DomainError('validation', {}, [
      { path: 'files', message: 'the multipart body could not be read' },
    ]);
  }
}

/** `/api/rest`: the signed-in user's configuration, profile and avatar. */
export function userRoutes(db: Kysely<Database>): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/auth/user',
      {
        config: { views: 'signed-in' },
        schema: {
          tags: ['rest'],
          summary: "The signed-in user's configuration (configuracion)",
          body: z.strictObject({ token: text().max(200).optional() }).optional(),
          response: { 200: configuracionSchema },
        },
      },
      (request) => getConfiguracion(db, principalOf(request)),
    );

    app.get(
      '/user/get_profile',
      {
        config: { views: 'signed-in' },
        schema: {
          tags: ['rest'],
          summary: 'Profile of the signed-in user',
          response: { 200: profileSchema },
        },
      },
      (request) => getProfile(db, principalOf(request)),
    );

    app.post(
      '/user/save_profile',
      {
        config: { views: 'signed-in' },
        schema: {
          tags: ['rest'],
          summary: 'Save name, phone and e-mail',
          body: saveProfileBody,
          response: { 200: profileSchema },
        },
      },
      (request) => saveProfile(db, principalOf(request), request.body),
    );

    app.post(
      '/user/save_config',
      {
        config: { views: 'signed-in' },
        schema: {
          tags: ['rest'],
          summary: 'Save language, time zone, units, map centre and zoom, dark mode',
          body: saveConfigBody,
          response: { 200: okReply },
        },
      },
      async (request) => {
        await saveConfig(db, principalOf(request), request.body);
        return { ok: true };
      },
    );

    app.get(
      '/user/get_avatar',
      {
        config: { views: 'signed-in' },
        schema: {
          tags: ['rest'],
          summary: 'Avatar as a data URL, or null',
          response: { 200: avatarReply },
        },
      },
      async (request) => ({ avatar: await getAvatar(db, principalOf(request)) }),
    );

    // Only the avatar upload takes multipart bodies: every other route answers them 415.
    await app.register(async (upload) => {
      await upload.register(multipart, {
        limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 5 },
      });
      upload.post(
        '/user/upload_avatar',
        {
          config: { views: 'signed-in' },
          schema: {
            tags: ['rest'],
            summary: 'Upload the avatar: multipart field `files`, PNG, JPEG or WebP up to 2 MB',
            consumes: ['multipart/form-data'],
            response: { 200: avatarReply },
          },
        },
        async (request) => {
          if (!request.isMultipart()) throw new DomainError('unsupported_media_type');
          const bytes = await readAvatarPart(request);
          return { avatar: await saveAvatar(db, principalOf(request), bytes) };
        },
      );
    });
  };
}
