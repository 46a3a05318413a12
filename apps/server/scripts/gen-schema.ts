// `npm run gen:schema -w @rumbo/server`: rewrites src/db/schema.ts and src/db/schema/*.ts from the
// migrations (docs/decisions/0039-generated-schema.md); test/generated-schema.int.test.ts fails
// until it is run.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { generatedSchemaParts, renderSchema, SCHEMA_DIR } from './schema/render-schema.js';

const files = await renderSchema();
mkdirSync(SCHEMA_DIR, { recursive: true });
for (const stale of generatedSchemaParts()) if (!files.has(stale)) rmSync(stale);
for (const [path, text] of files) {
  writeFileSync(path, text);
  console.log(`wrote ${path}`);
}
