// One type-aware lint configuration for every workspace.
import { readdirSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

// Import rules (CONTRIBUTING.md, "Where things live"). Imports are relative, so each rule is a
// regular expression over the import path, per file glob. Between layers: `no-restricted-imports`;
// within a server module (routes → service → repository, SQL in repositories only):
// `@typescript-eslint/no-restricted-imports`, which can allow type-only imports. Two rules, so that
// a file listed in a temporary override below loses one rule, not the other.

/** `../` n times, as a regular expression. */
const up = (n) => `(?:\\.\\./){${n}}`;
/** An import path that climbs out of its folder and enters one of `dirs`. */
const intoDirs = (...dirs) => `^(?:\\.\\./)+(?:${dirs.join('|')})(?:/|$)`;
/** A config block: `rule` refuses imports matching `patterns` in `files` (but not `ignores`). */
const restrict = (rule, files, patterns, ignores = []) => ({
  files,
  ignores,
  rules: { [rule]: ['error', { patterns }] },
});
const BETWEEN_LAYERS = 'no-restricted-imports';
const WITHIN_MODULE = '@typescript-eslint/no-restricted-imports';

/** The web app's translations are shared/i18n (a small i18next-compatible subset, ~1 KB). */
const webI18n = {
  regex: '^(?:react-)?i18next$',
  message:
    "Translations come from shared/i18n: useTranslation from 'shared/i18n/use-translation', TFunction and I18n from 'shared/i18n/i18n' (i18next would add ~17 KB gzip to the sign-in route).",
};

/**
 * Web features never import each other, nor app/ (shared → features → app). A file `depth` folders
 * inside feature `name` (up to five) reaches the features folder with depth + 1 `../`, src with
 * depth + 2. Dynamic `import()` is not checked: screens are loaded lazily by app/ only.
 */
const webFeatureRules = readdirSync(join(import.meta.dirname, 'apps/web/src/features'), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .flatMap(({ name }) =>
    [0, 1, 2, 3, 4, 5].map((depth) =>
      restrict(
        BETWEEN_LAYERS,
        [`apps/web/src/features/${name}/${'*/'.repeat(depth)}*.{ts,tsx}`],
        [
          {
            regex: `^${up(depth + 1)}(?!${name}(?:/|$))[^./]|^${up(depth + 2)}features/(?!${name}(?:/|$))`,
            message: 'A feature never imports another feature: move what both use to shared/.',
          },
          {
            regex: `^${up(depth + 2)}app(?:/|$)`,
            message: 'A feature never imports app/ (shared → features → app).',
          },
          webI18n,
        ],
      ),
    ),
  );

/** Node's own modules, with or without `node:`. */
const nodeBuiltins = `^(?:node:|(?:${builtinModules.filter((m) => !m.startsWith('_')).join('|')})(?:/|$))`;

/** Kysely's values (`sql`, the builders): SQL, which lives in repositories; types are fine. */
const kyselyValues = {
  regex: '^kysely$',
  allowTypeImports: true,
  message: 'SQL lives in repositories (*.repository.ts); import Kysely types with `import type`.',
};

/**
 * The server's layers (CONTRIBUTING.md, "Where things live"). `no-restricted-imports` holds one
 * list of patterns per file, the last block that matches wins, so each file set below is given
 * every pattern that applies to it, and the sets do not overlap.
 */
const SERVER = 'apps/server/src';
/** The server's folders above db/ and kernel/ (neither may import them). */
const ABOVE_KERNEL = [
  'modules',
  'pipeline',
  'realtime',
  'http',
  'ingest',
  'demo',
  'jobs',
  'main',
  'bus',
];
/** Each module's public face: what the rest of the server may import from it. */
const serverModules = readdirSync(join(import.meta.dirname, SERVER, 'modules'), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map(({ name }) => name);
const throughFaces = {
  regex: '^\\.{1,2}/(?:\\.\\./)*modules/[^/]+/(?!index\\.js$)',
  message:
    "Outside a module, import it through its face only ('../modules/<name>/index.js'): add what you need to that index.ts.",
};
const simulatorInDemoOnly = {
  regex: '^@rumbo/simulator(?:/|$)',
  message:
    "Only demo/ (the demo fleet), cli.ts (`rumbo simulate`) and the seed's demo drivers use the simulator.",
};
/** The files that may import @rumbo/simulator; each gets its layer's patterns without that one. */
const SIMULATOR_USERS = [
  `${SERVER}/demo/**`,
  `${SERVER}/cli.ts`,
  `${SERVER}/modules/seed/demo-drivers.ts`,
];
/** `patterns` for `files`, plus the simulator's rule except for the files that use it. */
const serverRestrict = (files, patterns, ignores = []) => [
  restrict(
    BETWEEN_LAYERS,
    files,
    [...patterns, simulatorInDemoOnly],
    [...ignores, ...SIMULATOR_USERS],
  ),
];
/** A file `depth` folders inside module `name` (up to two). */
const modulePatterns = (name, depth) => [
  {
    regex: `^${up(depth + 1)}(?!${name}/)[^./][^/]*/(?!index\\.js$)|^${up(depth + 2)}modules/(?!${name}/)[^/]+/(?!index\\.js$)`,
    message:
      "A module imports another module through its face only ('../<other>/index.js'): add what you need to that index.ts.",
  },
  { regex: intoDirs('pipeline'), message: "Modules never import the pipeline's internals." },
  {
    regex: intoDirs('realtime', 'bus', 'ingest', 'main', 'jobs', 'demo'),
    message:
      'Modules never import realtime, the bus, ingest, jobs, the demo or the composition root (they depend on modules, not the reverse).',
  },
  {
    regex: '^(?:\\.\\./)+http/(?!errors\\.js$)',
    message:
      'Modules never import http/ but its error answers (http/errors.js): request context, route views and uploads are in kernel/ (http/ uses modules, not the reverse).',
  },
];
const serverLayerRules = [
  ...serverModules.flatMap((name) =>
    [0, 1, 2].flatMap((depth) =>
      serverRestrict(
        [`${SERVER}/modules/${name}/${'*/'.repeat(depth)}*.ts`],
        modulePatterns(name, depth),
      ),
    ),
  ),
  restrict(BETWEEN_LAYERS, [`${SERVER}/modules/seed/demo-drivers.ts`], modulePatterns('seed', 0)),
  ...serverRestrict(
    [`${SERVER}/pipeline/**/*.ts`],
    [
      {
        regex: intoDirs('modules', 'realtime', 'http', 'main'),
        message:
          'The pipeline imports db/, lib/ and the core only (it is fed by ingest through the bus).',
      },
    ],
  ),
  ...serverRestrict(
    [`${SERVER}/db/**/*.ts`],
    [
      {
        regex: intoDirs(...ABOVE_KERNEL, 'kernel'),
        message: 'db/ is the bottom layer: it imports config, lib and its schema only.',
      },
    ],
  ),
  ...serverRestrict(
    [`${SERVER}/kernel/**/*.ts`],
    [
      {
        regex: intoDirs(...ABOVE_KERNEL, 'places'),
        message:
          'kernel/ is what modules and http/ share about a request: it imports lib/ and the contracts only.',
      },
    ],
  ),
  ...serverRestrict(
    [`${SERVER}/**/*.ts`],
    [throughFaces],
    [`${SERVER}/{modules,pipeline,db,kernel}/**`],
  ),
  restrict(BETWEEN_LAYERS, [`${SERVER}/demo/**/*.ts`, `${SERVER}/cli.ts`], [throughFaces]),
];

const TELEMATICS = ['packages/telematics/**/*.ts'];
/** Tests and their support read the captured device frames from files. */
const TELEMATICS_FIXTURE_READERS = [
  '**/*.test.ts',
  'packages/telematics/src/test-support/**',
  // The regression guard's measurement (decision 0045): files, processes, valgrind.
  'packages/telematics/perf/**',
];
const MODULES = 'apps/server/src/modules/**/*.ts';
const importRules = [
  restrict(BETWEEN_LAYERS, ['apps/web/{src,e2e}/**/*.{ts,tsx}'], [webI18n]),
  ...webFeatureRules,
  restrict(
    BETWEEN_LAYERS,
    ['apps/web/src/shared/**/*.{ts,tsx}'],
    [
      {
        regex: intoDirs('features', 'app'),
        message: 'shared/ never imports a feature or app/ (shared → features → app).',
      },
      webI18n,
    ],
  ),
  restrict(
    BETWEEN_LAYERS,
    TELEMATICS,
    [
      {
        regex: nodeBuiltins,
        message: 'The core is pure: no Node modules (time, files, sockets come as arguments).',
      },
    ],
    TELEMATICS_FIXTURE_READERS,
  ),
  {
    files: TELEMATICS,
    ignores: TELEMATICS_FIXTURE_READERS,
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: 'ImportExpression', message: 'The core is pure: static imports only.' },
      ],
    },
  },
  ...serverLayerRules,
  restrict(
    WITHIN_MODULE,
    ['apps/server/src/modules/**/*.repository.ts'],
    [
      {
        regex: '\\.(?:routes|service)(?:\\.js)?$',
        message: 'A repository never imports routes or services (routes → service → repository).',
      },
    ],
  ),
  restrict(
    WITHIN_MODULE,
    ['apps/server/src/modules/**/*.service.ts'],
    [
      {
        regex: '\\.routes(?:\\.js)?$',
        message: 'A service never imports routes (routes → service → repository).',
      },
      kyselyValues,
    ],
  ),
  restrict(
    WITHIN_MODULE,
    [MODULES],
    [kyselyValues],
    ['**/*.repository.ts', '**/*.service.ts', '**/*.test.ts'],
  ),
  {
    files: [MODULES],
    ignores: ['**/*.repository.ts', '**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression[callee.property.name=/^(selectFrom|insertInto|updateTable|deleteFrom|mergeInto|replaceInto)$/]',
          message: 'SQL lives in repositories (*.repository.ts).',
        },
      ],
    },
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'coverage/**',
      'bench/out/**',
      'apps/server/bin/**',
      '**/*.config.js',
      '**/*.mjs',
      // Plain scripts served as they are (the service worker's notification click).
      'apps/web/public/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: {
        projectService: { allowDefaultProject: ['vitest.config.ts', 'playwright.config.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-explicit-any': 'error',
      // Fastify plugins are async functions that often register routes without awaiting.
      '@typescript-eslint/require-await': 'off',
      // No source file over 500 lines (issue 24), tests, benchmarks and generated files included.
      'max-lines': ['error', { max: 500, skipBlankLines: false, skipComments: false }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', '**/test/**/*.ts', '**/e2e/**/*.ts'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  ...importRules,
);
