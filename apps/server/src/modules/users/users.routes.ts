import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import {
  AVATAR_MAX_BYTES,
  AVATAR_MIME_TYPES,
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
import { readUpload, registerUploads, uploadRoute } from '../../kernel/uploads.js';
import { principalOf } from '../../kernel/request-context.js';
import {
  getAvatar,
  getConfiguracion,
  getProfile,
  saveAvatar,
  saveConfig,
  saveProfile,
} from './users.service.js';

/** The avatar: multipart field `files`, PNG, JPEG or WebP up to 2 MB. */
const AVATAR_UPLOAD = { field: 'files', maxBytes: AVATAR_MAX_BYTES, types: AVATAR_MIME_TYPES };

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
      await registerUploads(upload, AVATAR_UPLOAD);
      upload.post(
        '/user/upload_avatar',
        {
          ...uploadRoute(AVATAR_UPLOAD),
          config: { views: 'signed-in' },
          schema: {
            tags: ['rest'],
            summary: 'Upload the avatar: multipart field `files`, PNG, JPEG or WebP up to 2 MB',
            consumes: ['multipart/form-data'],
            response: { 200: avatarReply },
          },
        },
        async (request) => {
          const bytes = await readUpload(request, AVATAR_UPLOAD);
          return { avatar: await saveAvatar(db, principalOf(request), bytes) };
        },
      );
    });
  };
}
