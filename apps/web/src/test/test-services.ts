import { translations } from '@rumbo/contracts';
import { vi } from 'vitest';
import { createAppServices } from '../app/create-services';
import { defaultRuntimeConfig } from '../shared/api/runtime-config';
import type { SocketLike } from '../shared/realtime/socket-link';
import { createFakeFetch, memoryStorage, type FakeHandler, type FakeReply } from './fake-server';

/** A fake socket that never connects (component tests do not need the link). */
export function idleSocket(): SocketLike {
  return {
    readyState: 0,
    send: () => undefined,
    close: () => undefined,
    addEventListener: () => undefined,
  };
}

export function createTestServices(
  routes: Record<string, FakeHandler | FakeReply> = {},
  storage = memoryStorage(),
) {
  const fake = createFakeFetch(routes);
  const logger = { error: vi.fn(), warn: vi.fn() };
  const services = createAppServices({
    config: { ...defaultRuntimeConfig(), supportEmail: 'soporte@rumbo.test' },
    storage,
    fetch: fake.fetch,
    location: { protocol: 'http:', host: 'localhost' },
    createSocket: idleSocket,
    logger,
    now: () => Date.UTC(2025, 0, 15, 12, 0, 0),
    translations,
    loadTranslation: (language) => Promise.resolve(translations[language]),
  });
  return { services, calls: fake.calls, storage, logger };
}
