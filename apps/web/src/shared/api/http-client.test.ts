import { describe, expect, it } from 'vitest';
import { createFakeFetch } from '../../test/fake-server';
import { ApiError, isAborted } from './api-error';
import { createApiClient, resolveServiceUrl, type Credentials } from './http-client';
import { createPendingStore } from './pending-store';
import { defaultRuntimeConfig } from './runtime-config';

function client(
  routes: Parameters<typeof createFakeFetch>[0],
  credentials: Credentials = { token: 'T', digest: 'D', userToken: 'U' },
  onUnauthorized?: () => void,
) {
  const fake = createFakeFetch(routes);
  const pendingStore = createPendingStore();
  const config = defaultRuntimeConfig();
  config.services.v2 = 'https://v2.example.com/base/';
  const api = createApiClient({
    config,
    pendingStore,
    fetch: fake.fetch,
    getCredentials: () => credentials,
    getLanguage: () => 'en',
    onUnauthorized,
  });
  return { api, calls: fake.calls, pendingStore };
}

describe('request layer (spec §7)', () => {
  it('maps service keys to their base addresses', () => {
    const services = { auth: '/api/auth', v2: 'https://x.test/v2/' };
    expect(resolveServiceUrl(services, 'auth/validate?with_claim=true')).toBe(
      '/api/auth/validate?with_claim=true',
    );
    expect(resolveServiceUrl(services, '/auth/logout')).toBe('/api/auth/logout');
    expect(resolveServiceUrl(services, 'v2/user/validate_token')).toBe(
      'https://x.test/v2/user/validate_token',
    );
    expect(resolveServiceUrl(services, 'config.json')).toBe('/config.json');
  });

  it('adds token and digest to non-v2 calls, and the language', async () => {
    const { api, calls } = client({ 'POST /api/rest/auth/user': { body: { ok: true } } });
    await api.post('rest/auth/user', { token: 'T' });
    expect(calls[0]?.headers).toMatchObject({ token: 'T', digest: 'D', 'Accept-Language': 'en' });
    expect(calls[0]?.headers['user-token']).toBeUndefined();
  });

  it('adds user-token to v2 calls only', async () => {
    const { api, calls } = client({
      'POST https://v2.example.com/base/views-authz/web3': { body: {} },
    });
    await api.post('v2/views-authz/web3', { rol: ['x'] });
    expect(calls[0]?.url).toBe('https://v2.example.com/base/views-authz/web3');
    expect(calls[0]?.headers['user-token']).toBe('U');
    expect(calls[0]?.headers.token).toBeUndefined();
  });

  it('keeps headers the caller already set', async () => {
    const { api, calls } = client({ 'GET /api/rest/x': { body: {} } });
    await api.get('rest/x', { headers: { token: 'mine' } });
    expect(calls[0]?.headers.token).toBe('mine');
    expect(calls[0]?.headers.digest).toBe('D');
  });

  it('adds no credential headers when there are none', async () => {
    const { api, calls } = client(
      { 'GET /api/rest/x': { body: {} } },
      { token: null, digest: null, userToken: null },
    );
    await api.get('rest/x');
    expect(calls[0]?.headers.token).toBeUndefined();
    expect(calls[0]?.headers.digest).toBeUndefined();
  });

  it('passes failures to the caller as ApiError with the server message', async () => {
    const { api } = client({
      'POST /api/auth/generate_token': {
        status: 429,
        body: { error: 'too_many_attempts', message: 'Too many' },
        headers: { 'retry-after': '900' },
      },
    });
    const error = await api.post('auth/generate_token', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 429,
      code: 'too_many_attempts',
      message: 'Too many',
      retryAfterS: 900,
    });
  });

  it('reports a 401 on a call that carried credentials', async () => {
    let lost = 0;
    const { api } = client(
      { 'GET /api/rest/x': { status: 401, body: { error: 'unauthorized', message: 'no' } } },
      undefined,
      () => lost++,
    );
    await expect(api.get('rest/x')).rejects.toThrow('no');
    expect(lost).toBe(1);
  });

  it('counts pending requests up and down, on success and failure', async () => {
    let release: () => void = () => undefined;
    const { api, pendingStore } = client({
      'GET /api/rest/slow': () =>
        new Promise((resolve) => {
          release = () => resolve({ body: { ok: 1 } });
        }),
      'GET /api/rest/fail': { status: 500, body: { error: 'internal', message: 'x' } },
    });
    const slow = api.get('rest/slow');
    const fail = api.get('rest/fail').catch(() => 'failed');
    expect(pendingStore.getState().pending).toBe(2);
    expect(await fail).toBe('failed');
    expect(pendingStore.getState().pending).toBe(1);
    release();
    await slow;
    expect(pendingStore.getState().pending).toBe(0);
  });

  it('aborts every in-flight request with one control; later ones run', async () => {
    const { api, pendingStore } = client({
      'GET /api/rest/slow': () => new Promise(() => undefined),
      'GET /api/rest/fast': { body: { ok: true } },
    });
    const a = api.get('rest/slow').catch((e: unknown) => e);
    const b = api.get('rest/slow').catch((e: unknown) => e);
    api.abortAll();
    const [ea, eb] = await Promise.all([a, b]);
    expect(isAborted(ea)).toBe(true);
    expect(isAborted(eb)).toBe(true);
    expect(pendingStore.getState().pending).toBe(0);
    await expect(api.get('rest/fast')).resolves.toEqual({ ok: true });
  });

  it("honours the caller's own signal", async () => {
    const { api } = client({ 'GET /api/rest/slow': () => new Promise(() => undefined) });
    const controller = new AbortController();
    const pending = api.get('rest/slow', { signal: controller.signal }).catch((e: unknown) => e);
    controller.abort();
    expect(isAborted(await pending)).toBe(true);
  });

  it('reads text answers and sends FormData untouched', async () => {
    const { api, calls } = client({
      'POST /api/xlsx/generate_excel/x': { body: 'UEsDBA==' },
      'POST /api/rest/user/upload_avatar': { body: { avatar: 'data:' } },
    });
    await expect(api.post('xlsx/generate_excel/x?format=base64', {})).resolves.toBe('UEsDBA==');
    const form = new FormData();
    form.append('files', new Blob(['x']), 'a.png');
    await api.post('rest/user/upload_avatar', form);
    expect(calls[1]?.body).toBeInstanceOf(FormData);
    expect(calls[1]?.headers['Content-Type']).toBeUndefined();
  });

  it('builds socket addresses from the service key', () => {
    const { api } = client({});
    expect(api.socketUrl('ws', { protocol: 'https:', host: 'rumbo.test' })).toBe(
      'wss://rumbo.test/api/ws',
    );
    expect(api.socketUrl('wslp', { protocol: 'http:', host: 'localhost:8080' })).toBe(
      'ws://localhost:8080/api/wslp',
    );
  });
});
