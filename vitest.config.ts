import { defineConfig } from 'vitest/config';

// Each workspace brings its own project; the root runs them all, in four groups one after the
// other (decision 0047, addenda): the packages (pure tests, two files at a time; the valgrind
// guard overlaps the accuracy tests), then the web app one file at a time (its screen tests hold
// renders to time limits), then the server two at a time, then the demo's first run alone.
// Projects of one group share their worker count.
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
          maxWorkers: 1,
          sequence: { groupOrder: 3 },
        },
      },
    ],
  },
});
