import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  generatedSchemaParts,
  renderSchema,
  SCHEMA_FILE,
} from '../scripts/schema/render-schema.js';

describe('the generated schema (src/db/schema.ts, src/db/schema/*.ts)', () => {
  it('matches what the migrations build, file by file, each under 500 lines', async () => {
    const rendered = await renderSchema();
    const fix = 'differs from the migrations: run npm run gen:schema -w @rumbo/server';
    expect([...rendered.keys()].sort()).toEqual([SCHEMA_FILE, ...generatedSchemaParts()].sort());
    for (const [path, text] of rendered) {
      expect(readFileSync(path, 'utf8') === text, `${path} ${fix}`).toBe(true);
      expect(text.split('\n').length, path).toBeLessThanOrEqual(500);
    }
  });
});
