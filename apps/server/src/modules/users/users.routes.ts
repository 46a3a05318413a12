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
import { SIGNED_IN_USERS, routeSpec } from '../../kernel/route-spec.js';

const route = routeSpec('rest');

/** The avatar: multipart field `files`, PNG, JPEG or WebP up to 2 MB. */
const AVATAR_UPLOAD = { field: 'files', maxBytes: AVATAR_MAX_BYTES, types: AVATAR_MIME_TYPES };

/** `/api/rest`: the signed-in user's configuration, profile and avatar. */
export function userRoutes(db: Kysely<Database>): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/auth/user',
      route(
        SIGNED_IN_USERS,
        "The signed-in user's configuration (configuracion)",
        configuracionSchema,
        { body: z.strictObject({ token: text().max(200).optional() }).optional() },
      ),
      (request) => getConfiguracion(db, principalOf(request)),
    );

    app.get(
      '/user/get_profile',
      route(SIGNED_IN_USERS, 'Profile of the signed-in user', profileSchema),
      (request) => getProfile(db, principalOf(request)),
    );

    app.post(
      '/user/save_profile',
      route(SIGNED_IN_USERS, 'Save name, phone and e-mail', profileSchema, {
        body: saveProfileBody,
      }),
      (request) => saveProfile(db, principalOf(request), request.body),
    );

    app.post(
      '/user/save_config',
      route(
        SIGNED_IN_USERS,
        'Save language, time zone, units, map centre and zoom, dark mode',
        okReply,
        { body: saveConfigBody },
      ),
      async (request) => {
        await saveConfig(db, principalOf(request), request.body);
        return { ok: true };
      },
    );

    app.get(
      '/user/get_avatar',
      route(SIGNED_IN_USERS, 'Avatar as a data URL, or null', avatarReply),
      async (request) => ({ avatar: await getAvatar(db, principalOf(request)) }),
    );

    // Only the avatar upload takes multipart bodies: every other route answers them 415.
    await app.register(async (upload) => {
      await registerUploads(upload, AVATAR_UPLOAD);
      upload.post(
        '/user/upload_avatar',
        route(
          { ...uploadRoute(AVATAR_UPLOAD), config: { views: 'signed-in' } },
          'Upload the avatar: multipart field `files`, PNG, JPEG or WebP up to 2 MB',
          avatarReply,
          { consumes: ['multipart/form-data'] },
        ),
        async (request) => {
          const bytes = await readUpload(request, AVATAR_UPLOAD);
          return { avatar: await saveAvatar(db, principalOf(request), bytes) };
        },
      );
    });
  };
}
