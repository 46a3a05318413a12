// Cuts the generated schema (one text, as kysely-codegen writes it) into files under the house's
// 500-line limit: `db/schema/columns.ts` (the column types), `db/schema/tables-<n>.ts` (the table
// interfaces, in name order, a few hundred lines each) and `db/schema.ts` (what the code imports:
// `Database` and, re-exported, everything else). Each file imports exactly the names it uses.
// docs/decisions/0039-generated-schema.md.

/** The most lines of table interfaces one `tables-<n>.ts` holds (before formatting). */
const TABLE_FILE_LINES = 320;

export interface SchemaFiles {
  /** `db/schema.ts`'s text. */
  index: string;
  /** `db/schema/columns.ts`'s text. */
  columns: string;
  /** `db/schema/tables-<n>.ts`'s texts, n from 1. */
  tables: string[];
}

interface Block {
  text: string;
  /** The name it exports, or undefined (a re-export). */
  name: string | undefined;
}

/** Splits `text` (imports, then declarations separated by blank lines) into the files. */
export function splitSchema(text: string, header: string): SchemaFiles {
  const lines = text.split('\n');
  const imports = lines.filter((line) => line.startsWith('import type '));
  const blocks: Block[] = lines
    .filter((line) => !line.startsWith('import type '))
    .join('\n')
    .split(/\n{2,}/)
    .map((chunk) => chunk.trim())
    .filter((chunk) => chunk.length > 0)
    .map((chunk) => ({ text: chunk, name: /^export (?:interface|type) (\w+)/m.exec(chunk)?.[1] }));

  const database = blocks.find((block) => block.name === 'Database');
  if (!database) throw new Error('the generated schema has no Database interface');
  const tables = blocks.filter((block) => block.name?.endsWith('Table'));
  const columns = blocks.filter((block) => block !== database && !tables.includes(block));

  const chunks: Block[][] = [];
  let size = Infinity;
  for (const table of tables) {
    const length = table.text.split('\n').length + 1;
    if (size + length > TABLE_FILE_LINES) {
      chunks.push([]);
      size = 0;
    }
    chunks[chunks.length - 1]?.push(table);
    size += length;
  }

  /** Where each exported name lives, as a path from `db/schema/`. */
  const home = new Map<string, string>();
  for (const block of columns) if (block.name) home.set(block.name, './columns.js');
  chunks.forEach((chunk, index) => {
    for (const block of chunk) if (block.name) home.set(block.name, `./tables-${index + 1}.js`);
  });

  const fileText = (body: Block[], from: '.' | 'schema', own: string) =>
    [header, importsFor(body, imports, home, from, own), body.map((b) => b.text).join('\n\n')]
      .filter((part) => part.length > 0)
      .join('\n\n') + '\n';

  const index = [
    header,
    importsFor([database], imports, home, '.', ''),
    ['./columns.js', ...chunks.map((_, i) => `./tables-${i + 1}.js`)]
      .map((path) => `export type * from '${path.replace('./', './schema/')}';`)
      .join('\n'),
    database.text,
  ].join('\n\n');

  return {
    index: index + '\n',
    columns: fileText(columns, 'schema', './columns.js').replace(
      "export type { FuelTankJson, PlannedStopRow } from './json-columns.js';",
      "export type { FuelTankJson, PlannedStopRow } from '../json-columns.js';",
    ),
    tables: chunks.map((chunk, i) => fileText(chunk, 'schema', `./tables-${i + 1}.js`)),
  };
}

/**
 * The import lines `body` needs: the generator's own (`kysely`, the JSON shapes' modules) cut to
 * the names used, and the schema's names from their files. `from` is `'.'` for `db/schema.ts`
 * and `'schema'` for a file in `db/schema/`; `own` is the file's own path (nothing imported from it).
 */
function importsFor(
  body: Block[],
  generatorImports: string[],
  home: Map<string, string>,
  from: '.' | 'schema',
  own: string,
): string {
  // A re-export (`export type { … } from`) needs no import.
  const used = new Set(
    body
      .filter((block) => !block.text.startsWith('export type {'))
      .flatMap((block) => block.text.match(/\b[A-Z]\w*\b/g) ?? []),
  );
  for (const block of body) if (block.name) used.delete(block.name);
  const lines: string[] = [];
  for (const line of generatorImports) {
    const match = /^import type \{ (.+) \} from ["'](.+)["'];?$/.exec(line);
    if (!match?.[1] || !match[2]) throw new Error(`unexpected import in the schema: ${line}`);
    const names = match[1].split(', ').filter((name) => used.has(name));
    const module =
      from === 'schema' && match[2].startsWith('./') ? `.${match[2]}` : (match[2] ?? '');
    if (names.length > 0) lines.push(`import type { ${names.join(', ')} } from '${module}';`);
  }
  const byFile = new Map<string, string[]>();
  for (const name of [...used].sort()) {
    const path = home.get(name);
    if (!path || path === own) continue;
    byFile.set(path, [...(byFile.get(path) ?? []), name]);
  }
  for (const [path, names] of [...byFile].sort(([a], [b]) => a.localeCompare(b))) {
    const module = from === '.' ? path.replace('./', './schema/') : path;
    lines.push(`import type { ${names.join(', ')} } from '${module}';`);
  }
  return lines.join('\n');
}
