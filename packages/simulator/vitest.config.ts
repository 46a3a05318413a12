import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'simulator',
    maxWorkers: 2,
    sequence: { groupOrder: 0 },
    include: ['src/**/*.test.ts'],
  },
});
