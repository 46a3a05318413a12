import { defineConfig } from 'vitest/config';

// Each workspace brings its own project; the root runs them all.
export default defineConfig({
  test: {
    projects: [
      'packages/*',
      'apps/server',
      'apps/web',
      // The demo's first run (apps/server/test/demo-first-run.int.test.ts) holds the server to
      // time limits: it runs alone, after every other project.
      {
        root: './apps/server',
        test: {
          name: 'server-first-run',
          include: ['test/demo-first-run.int.test.ts'],
          testTimeout: 420_000,
          hookTimeout: 180_000,
          pool: 'forks',
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
