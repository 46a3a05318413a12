import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { signInStrings } from './sign-in-strings';

export default defineConfig({
  plugins: [react(), signInStrings()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    testTimeout: 30_000,
  },
});
