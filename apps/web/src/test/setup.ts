import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Lazy screens are transformed on first import in tests, which can take a few seconds.
configure({ asyncUtilTimeout: 8000 });
afterEach(() => cleanup());

// jsdom has no matchMedia: answer width queries from window.innerWidth (desktop by default).
Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: 1800 });
window.matchMedia = (query: string): MediaQueryList => {
  const min = /min-width:\s*([\d.]+)px/.exec(query);
  const max = /max-width:\s*([\d.]+)px/.exec(query);
  const w = window.innerWidth;
  const matches = (!min || w >= Number(min[1])) && (!max || w <= Number(max[1]));
  return {
    matches,
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  };
};
