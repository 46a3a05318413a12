import { defineConfig } from 'vitest/config';

// Each workspace brings its own project; the root runs them all.
export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/server', 'apps/web'],
  },
});
