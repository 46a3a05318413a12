// `npm run gen:schema -w @rumbo/server`: rewrites src/db/schema.ts from the migrations
// (docs/decisions/0039-generated-schema.md); test/generated-schema.int.test.ts fails until it is run.
import { writeFileSync } from 'node:fs';
import { renderSchema, SCHEMA_FILE } from './schema/render-schema.js';

writeFileSync(SCHEMA_FILE, await renderSchema());
console.log(`wrote ${SCHEMA_FILE}`);
