import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../../test/fake-server';
import { signedInRoutes, USER } from '../../test/fixtures';
import { createTestServices } from '../../test/test-services';

const STORED = {
  'rumbo.auth': JSON.stringify({
    token: 'tok',
    userToken: 'utok',
    digest: 'd'.repeat(16),
    rol: 'operator',
    loginStatus: 'authenticated',
  }),
};

function address(search = '') {
  const bar: { search: string; replaced: string | null; replaceSearch: (s: string) => void } = {
    search,
    replaced: null,
    replaceSearch: (s) => {
      bar.replaced = s;
    },
  };
  return bar;
}

describe('session check (spec §4)', () => {
  it('starts as null and ends authenticated when both stored tokens validate', async () => {
    const { services, calls } = createTestServices(signedInRoutes(), memoryStorage(STORED));
    expect(services.sessionStore.getState().loginStatus).toBeNull();
    const seen: unknown[] = [];
    services.sessionStore.subscribe((s, p) => {
      if (s.loginStatus !== p.loginStatus) seen.push(s.loginStatus);
    });
    await services.session.check(address());
    expect(seen).toEqual(['checking', 'authenticated']);
    const s = services.sessionStore.getState();
    expect(s.views).toMatchObject({ dashboard: true });
    expect(s.startOn).toBe('dashboard');
    expect(s.user?.personaFisica.nombre).toBe('Ana');
    const validate = calls.find((c) => c.url.startsWith('/api/auth/validate'));
    expect(validate?.body).toEqual({ token: 'tok', digest: 'd'.repeat(16) });
    expect(calls.find((c) => c.url === '/api/v2/user/validate_token')?.body).toEqual({
      token: 'utok',
    });
  });

  it('fails when the role is not in the v2 list or iss differs from user_id', async () => {
    for (const v2 of [
      { rol: ['viewer'], user_id: 7 },
      { rol: ['operator'], user_id: 8 },
    ]) {
      const { services } = createTestServices(
        { ...signedInRoutes(), 'POST /api/v2/user/validate_token': { body: v2 } },
        memoryStorage(STORED),
      );
      await services.session.check(address());
      expect(services.sessionStore.getState()).toMatchObject({
        loginStatus: 'unauthenticated',
        token: null,
      });
    }
  });

  it('ignores a 400 quietly and ends unauthenticated', async () => {
    const errors: unknown[] = [];
    const { services } = createTestServices(
      {
        ...signedInRoutes(),
        'POST /api/auth/validate': { status: 400, body: { error: 'validation', message: 'bad' } },
      },
      memoryStorage(STORED),
    );
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      await services.session.check(address());
    } finally {
      console.error = original;
    }
    expect(services.sessionStore.getState().loginStatus).toBe('unauthenticated');
    expect(errors).toEqual([]);
  });

  it('signs in with an otp parameter, removes it from the address and keeps both tokens', async () => {
    const { services, calls } = createTestServices({
      ...signedInRoutes(),
      'POST /api/auth/validate': ({ body }) =>
        (body as { otp?: string }).otp === 'OTP1'
          ? {
              body: {
                rol: 'operator',
                iss: 7,
                token: 'otok',
                digest: (body as { digest: string }).digest,
                userToken: 'outok',
              },
            }
          : { status: 401, body: { error: 'unauthorized', message: 'x' } },
    });
    const bar = address('?otp=OTP1&lang=en');
    await services.session.check(bar);
    expect(bar.replaced).toBe('?lang=en');
    const s = services.sessionStore.getState();
    expect(s).toMatchObject({ loginStatus: 'authenticated', token: 'otok', userToken: 'outok' });
    expect(s.digest).toHaveLength(16);
    const otpCall = calls.find((c) => (c.body as { otp?: string } | undefined)?.otp);
    expect((otpCall?.body as { digest: string }).digest).toBe(s.digest);
  });

  it('gives otp-expired on a 422', async () => {
    const { services } = createTestServices({
      ...signedInRoutes(),
      'POST /api/auth/validate': {
        status: 422,
        body: { error: 'otp_invalid', message: 'expired' },
      },
    });
    const bar = address('?otp=OLD');
    await services.session.check(bar);
    expect(bar.replaced).toBe('');
    expect(services.sessionStore.getState().loginStatus).toBe('otp-expired');
  });

  it('ends unauthenticated with nothing stored and no otp', async () => {
    const { services, calls } = createTestServices(signedInRoutes());
    await services.session.check(address());
    expect(services.sessionStore.getState().loginStatus).toBe('unauthenticated');
    expect(calls).toEqual([]);
  });
});

describe('login and logout (spec §4)', () => {
  it('goes validating → authenticated, storing the auth state in local storage', async () => {
    const storage = memoryStorage();
    const { services, calls } = createTestServices(signedInRoutes(), storage);
    await services.session.check(address());
    const seen: unknown[] = [];
    services.sessionStore.subscribe((s, p) => {
      if (s.loginStatus !== p.loginStatus) seen.push(s.loginStatus);
    });
    const result = await services.session.login('demouser', 'demo1234');
    expect(result).toEqual({ ok: true });
    expect(seen).toEqual(['validating', 'authenticated']);
    const body = calls.find((c) => c.url.startsWith('/api/auth/generate_token'))?.body as {
      digest: string;
    };
    expect(body).toMatchObject({ username: 'demouser', password: 'demo1234' });
    expect(body.digest).toMatch(/^[\x21-\x7e]{16}$/);
    const stored = JSON.parse(storage.data.get('rumbo.auth') ?? '{}') as Record<string, unknown>;
    expect(stored).toEqual({
      token: 'tok',
      userToken: 'utok',
      digest: body.digest,
      rol: 'operator',
      loginStatus: 'authenticated',
    });
  });

  it('applies the language and dark mode of the user at sign-in', async () => {
    const { services } = createTestServices(
      signedInRoutes({ user: { darkMode: true, config: { ...USER.config, idioma: 'en' } } }),
    );
    await services.session.login('demouser', 'demo1234');
    expect(services.prefs.getState()).toMatchObject({ language: 'en', darkMode: true });
  });

  it('returns to unauthenticated with the error on wrong credentials', async () => {
    const { services } = createTestServices({
      ...signedInRoutes(),
      'POST /api/auth/generate_token': {
        status: 401,
        body: { error: 'bad_credentials', message: 'Wrong username or password' },
      },
    });
    await services.session.check(address());
    const result = await services.session.login('demouser', 'wrongpass');
    expect(result.ok).toBe(false);
    expect(services.sessionStore.getState()).toMatchObject({
      loginStatus: 'unauthenticated',
      token: null,
    });
  });

  it('logout and logout-all clear all tokens and data, even when the call fails', async () => {
    for (const [all, path] of [
      [false, 'POST /api/auth/logout'],
      [true, 'POST /api/auth/logout_all'],
    ] as const) {
      const { services, calls } = createTestServices({
        ...signedInRoutes(),
        [path]: { status: 500, body: { error: 'internal', message: 'x' } },
      });
      await services.session.login('demouser', 'demo1234');
      await services.session.logout(all);
      const logoutCall = calls.find((c) => `${c.method} ${c.url}` === path);
      expect(logoutCall?.headers).toMatchObject({ token: 'tok' });
      expect(services.sessionStore.getState()).toMatchObject({
        loginStatus: 'unauthenticated',
        token: null,
        userToken: null,
        digest: null,
        rol: null,
        views: null,
        user: null,
        loggingOut: false,
      });
    }
  });

  it('logs nothing when the session ends while the logout call is in flight', async () => {
    // The server revokes the session and says so on the socket before it answers the call;
    // ending the session aborts what is in flight, the logout call included.
    let services: ReturnType<typeof createTestServices>['services'] | null = null;
    const test = createTestServices({
      ...signedInRoutes(),
      'POST /api/auth/logout': () => {
        setTimeout(() => services?.session.endSession('session-lost'), 0);
        return new Promise(() => undefined);
      },
    });
    services = test.services;
    await services.session.login('demouser', 'demo1234');
    await services.session.logout();
    expect(test.logger.warn).not.toHaveBeenCalled();
    expect(test.logger.error).not.toHaveBeenCalled();
    expect(services.sessionStore.getState()).toMatchObject({
      loginStatus: 'unauthenticated',
      token: null,
      loggingOut: false,
    });
  });
});
