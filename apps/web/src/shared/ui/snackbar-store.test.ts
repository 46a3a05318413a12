import { describe, expect, it } from 'vitest';
import { createSnackbarStore } from './snackbar-store';

describe('snackbar events (spec §5, §8)', () => {
  it('shows each of the four types', () => {
    const snackbar = createSnackbarStore();
    for (const type of ['success', 'info', 'warning', 'error'] as const) {
      snackbar.notify({ type, message: `a ${type}` });
      expect(snackbar.store.getState()).toMatchObject({
        open: true,
        current: { type, message: `a ${type}` },
      });
    }
  });

  it('throws when type or message is missing', () => {
    const snackbar = createSnackbarStore();
    const structure = "alert: event doesn't complaint message structure";
    expect(() => snackbar.notify({ message: 'hi' })).toThrow(structure);
    expect(() => snackbar.notify({ type: 'info' })).toThrow(structure);
    expect(() => snackbar.notify({ type: 'info', message: '' })).toThrow(structure);
    expect(() => snackbar.notify(null)).toThrow(structure);
    expect(() => snackbar.notify(undefined)).toThrow(structure);
  });

  it('throws on a type that does not exist', () => {
    const snackbar = createSnackbarStore();
    expect(() => snackbar.notify({ type: 'fatal', message: 'x' })).toThrow(
      "alert: type doen't exists",
    );
    expect(snackbar.store.getState().open).toBe(false);
  });

  it('closes on request', () => {
    const snackbar = createSnackbarStore();
    snackbar.notify({ type: 'info', message: 'x' });
    snackbar.close();
    expect(snackbar.store.getState().open).toBe(false);
  });
});
