import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { name: 'telematics', include: ['src/**/*.test.ts'] },
});
