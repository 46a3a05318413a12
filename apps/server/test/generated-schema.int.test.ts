import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderSchema, SCHEMA_FILE } from '../scripts/schema/render-schema.js';

describe('the generated schema (src/db/schema.ts)', () => {
  it('matches what the migrations build', async () => {
    const rendered = await renderSchema();
    const committed = readFileSync(SCHEMA_FILE, 'utf8');
    expect(
      rendered === committed,
      'src/db/schema.ts differs from the migrations: run npm run gen:schema -w @rumbo/server',
    ).toBe(true);
  });
});
