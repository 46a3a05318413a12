import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'telematics',
    maxWorkers: 2,
    sequence: { groupOrder: 0 },
    include: ['src/**/*.test.ts', 'perf/**/*.test.ts'],
  },
});
