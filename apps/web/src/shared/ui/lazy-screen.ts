import { lazy, type ComponentType } from 'react';

/** Spec §9: loading a screen times out after 120 s. */
export const SCREEN_LOAD_TIMEOUT_MS = 120_000;

export class ScreenLoadTimeoutError extends Error {
  override readonly name = 'ScreenLoadTimeoutError';
  constructor() {
    super('screen load timed out');
  }
}

/** Rejects with ScreenLoadTimeoutError when `promise` takes longer than `ms`. */
export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ScreenLoadTimeoutError()), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** React.lazy with the 120 s screen-load timeout. */
export function lazyScreen<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  ms = SCREEN_LOAD_TIMEOUT_MS,
) {
  return lazy(() => withTimeout(load(), ms));
}
