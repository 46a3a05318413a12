import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { text } from '@rumbo/contracts';
import { registerErrorHandler } from './errors.js';
import { validatorCompiler } from './validation.js';

/** A PostgreSQL error as node-postgres raises it. */
function databaseError(code: string): Error {
  return Object.assign(new Error(`database said ${code}`), { code, severity: 'ERROR' });
}

describe('error handler', () => {
  const app = Fastify();
  beforeAll(async () => {
    app.setValidatorCompiler(validatorCompiler);
    registerErrorHandler(app);
    app.get('/db/:code', (request) => {
      throw databaseError((request.params as { code: string }).code);
    });
    app.post(
      '/items',
      {
        schema: {
          body: z.strictObject({ name: text().min(2), count: z.number().int().max(10) }),
        },
      },
      () => ({ ok: true }),
    );
    await app.ready();
  });
  afterAll(() => app.close());

  it('answers a PostgreSQL data exception (class 22) with 400, never its text', async () => {
    for (const code of ['22021', '22P05', '22003', '22P02']) {
      const response = await app.inject({
        url: `/db/${code}`,
        headers: { 'accept-language': 'en' },
      });
      expect(response.statusCode, code).toBe(400);
      expect(response.json()).toEqual({ error: 'validation', message: 'The request is not valid' });
    }
  });

  it('keeps other database errors a 500 without details', async () => {
    for (const code of ['23505', 'XX000', '2202']) {
      const response = await app.inject({ url: `/db/${code}` });
      expect(response.statusCode, code).toBe(500);
      expect(response.json()).toEqual({ error: 'internal', message: 'Error interno del servidor' });
    }
  });

  it('words zod issues in the caller’s language and names the one field at fault', async () => {
    const post = (payload: object, lang: string) =>
      app.inject({ method: 'POST', url: '/items', payload, headers: { 'accept-language': lang } });
    const es = await post({ name: 'ok', count: 'many' }, 'es');
    expect(es.json()).toEqual({
      error: 'validation',
      message:
        'El campo «count» no es válido: entrada inválida: se esperaba número, recibido texto',
      details: [
        { path: 'body.count', message: 'Entrada inválida: se esperaba número, recibido texto' },
      ],
    });
    const en = await post({ name: '\u0000', count: 11 }, 'en');
    expect(en.json()).toMatchObject({
      message: 'The request is not valid',
      details: [
        { path: 'body.name', message: 'contains control or invalid characters' },
        { path: 'body.name', message: 'Too small: expected string to have >=2 characters' },
        { path: 'body.count', message: 'Too big: expected number to be <=10' },
      ],
    });
  });

  it('lists at most 20 issues of a huge body', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/items',
      payload: Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`k${i}`, i])),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ details: unknown[] }>().details).toHaveLength(20);
  });
});
