import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ScreenBoundary } from './screen-boundary';
import { ScreenLoadTimeoutError, SCREEN_LOAD_TIMEOUT_MS, withTimeout } from './lazy-screen';

afterEach(() => vi.useRealTimers());

describe('screen loading (spec §9)', () => {
  it('times out after 120 s', async () => {
    vi.useFakeTimers();
    expect(SCREEN_LOAD_TIMEOUT_MS).toBe(120_000);
    const never = new Promise<never>(() => undefined);
    const loading = withTimeout(never, SCREEN_LOAD_TIMEOUT_MS).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(119_999);
    vi.advanceTimersByTime(1);
    expect(await loading).toBeInstanceOf(ScreenLoadTimeoutError);
  });

  it('passes a screen that loads in time', async () => {
    await expect(withTimeout(Promise.resolve('screen'), 1000)).resolves.toBe('screen');
  });

  it('shows a clear message when a screen timed out', () => {
    function Late(): never {
      throw new ScreenLoadTimeoutError();
    }
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <ScreenBoundary timeoutText="Tardó demasiado" failedText="No cargó" retryText="Reintentar">
        <Late />
      </ScreenBoundary>,
    );
    quiet.mockRestore();
    expect(screen.getByRole('alert')).toHaveTextContent('Tardó demasiado');
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
  });
});
