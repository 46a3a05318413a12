import { DRIVING_TIMES_MUTATION, translations } from '@rumbo/contracts';
import { describe, expect, it, vi } from 'vitest';
import { drivingRow } from '../shared/driving-times/driving-times-fixtures';
import { isDrivingTimesRow } from '../shared/driving-times/driving-times-payload';
import { defaultRuntimeConfig } from '../shared/api/runtime-config';
import { memoryStorage } from '../test/fake-server';
import { createAppServices } from './create-services';

describe('the socket link of the app', () => {
  it('routes the socket’s drivingTimes/update to the app events, ignoring malformed payloads', () => {
    const listeners: Record<string, (event: { data: unknown }) => void> = {};
    const logger = { error: vi.fn(), warn: vi.fn() };
    const services = createAppServices({
      config: defaultRuntimeConfig(),
      storage: memoryStorage(),
      fetch: () => Promise.reject(new Error('offline')),
      location: { protocol: 'http:', host: 'localhost' },
      createSocket: () => ({
        readyState: 1,
        send: () => undefined,
        close: () => undefined,
        addEventListener: (type: string, listener: (event: never) => void) => {
          listeners[type] = listener as (event: { data: unknown }) => void;
        },
      }),
      logger,
      now: () => 0,
      translations,
      loadTranslation: (language) => Promise.resolve(translations[language]),
    });
    const seen: unknown[] = [];
    services.events.on('driving-times', (row) => seen.push(row.codigo));
    services.socket.open();
    const send = (message: unknown) => listeners.message?.({ data: JSON.stringify(message) });
    send({ mutation: DRIVING_TIMES_MUTATION, payload: drivingRow(1, 'A') });
    send({ mutation: DRIVING_TIMES_MUTATION, payload: { codigo: 5 } });
    expect(seen).toEqual(['CARD1']);
    expect(logger.warn).toHaveBeenCalledWith('driving times ignored', { codigo: 5 });
    expect(isDrivingTimesRow(null)).toBe(false);
  });
});
