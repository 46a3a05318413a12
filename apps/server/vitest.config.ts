import { readFileSync } from 'node:fs';
import { defineConfig, type Plugin } from 'vitest/config';

/** Imports `.sql` files as text, as the production bundle does. */
function sqlText(): Plugin {
  return {
    name: 'sql-text',
    load(id) {
      if (!id.endsWith('.sql')) return null;
      return `export default ${JSON.stringify(readFileSync(id, 'utf8'))};`;
    },
  };
}

export default defineConfig({
  plugins: [sqlText()],
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
