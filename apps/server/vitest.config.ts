import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Runs alone in its own project, after the others (root vitest.config.ts).
    exclude: [...configDefaults.exclude, 'test/demo-first-run.int.test.ts'],
    // Migrates once: the snapshot and template every test file's database starts from.
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    // A poll (a device's acknowledgement, a stored row) gives up after 15 s, not vitest's 1 s: on a
    // slow CI machine 50 devices' logins took longer than 1 s. A poll that succeeds returns at once.
    expect: { poll: { timeout: 15_000 } },
    hookTimeout: 60_000,
    pool: 'forks',
    // After the packages and the web app, two files at a time (root vitest.config.ts): most files
    // wait on sockets and databases, so two keep both cores busy (decision 0047, second addendum).
    maxWorkers: 2,
    sequence: { groupOrder: 2 },
  },
});
