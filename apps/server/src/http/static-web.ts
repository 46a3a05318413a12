import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { pickLanguage } from '@rumbo/contracts';
import { errorBody } from './errors.js';

/** Serves the built web app at `/` with history-mode fallback; unknown /api paths answer 404 JSON. */
export async function registerWebApp(app: FastifyInstance, webDir: string): Promise<void> {
  const hasWeb = existsSync(join(webDir, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDir,
      wildcard: false,
      index: false,
      // The web build writes .br and .gz copies; they are sent when the browser accepts them.
      preCompressed: true,
      setHeaders(res, path) {
        // Hashed assets never change; the shell, manifest and service worker always revalidate.
        if (/[\\/]assets[\\/]/.test(path))
          void res.header('cache-control', 'public, max-age=31536000, immutable');
        else void res.header('cache-control', 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const wantsPage = request.method === 'GET' && !path.startsWith('/api/') && !/\.\w+$/.test(path);
    if (hasWeb && wantsPage) {
      void reply.header('cache-control', 'no-cache').sendFile('index.html');
      return;
    }
    if (!hasWeb && wantsPage) {
      void reply
        .status(503)
        .type('text/plain')
        .send('The web app is not built: run `npm run build -w @rumbo/web`.');
      return;
    }
    void reply
      .status(404)
      .send(errorBody(pickLanguage(request.headers['accept-language']), 'not_found'));
  });
}
