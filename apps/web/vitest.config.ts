import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { signInStrings } from './sign-in-strings';

export default defineConfig({
  plugins: [react(), signInStrings()],
  test: {
    name: 'web',
    // One file at a time, after the packages (root vitest.config.ts): its screens wait on
    // rendering with time limits that two files at a time on 2 cores overran.
    maxWorkers: 1,
    sequence: { groupOrder: 1 },
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    testTimeout: 30_000,
  },
});
