import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  bundleFile,
  I18N_DIR,
  LANGUAGES,
  mergeExpression,
  renderBundle,
  translationFiles,
  type Strings,
} from '../../scripts/i18n-bundles.js';
import en from './bundle-en.js';
import es from './bundle-es.js';

/** Every leaf key path of a translation file (`view.login.title`). */
function leafKeys(strings: Strings, prefix = ''): string[] {
  return Object.entries(strings).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : leafKeys(value, `${prefix}${key}.`),
  );
}

function read(file: string): Strings {
  return JSON.parse(readFileSync(join(I18N_DIR, file), 'utf8')) as Strings;
}

describe('the translation bundles', () => {
  it.each(LANGUAGES)(
    'bundle-%s.ts imports every translation file of its language',
    async (lang) => {
      const rendered = await renderBundle(lang);
      expect(
        rendered === readFileSync(bundleFile(lang), 'utf8'),
        `bundle-${lang}.ts differs from the translation files: run npm run gen:i18n -w @rumbo/contracts`,
      ).toBe(true);
    },
  );

  it.each(LANGUAGES)('no %s key is defined by two files', (lang) => {
    const owner = new Map<string, string>();
    const twice: string[] = [];
    for (const file of translationFiles(lang)) {
      for (const key of leafKeys(read(file))) {
        const first = owner.get(key);
        // A key that is a text in one file and a namespace in another clashes too.
        const clash =
          first ??
          [...owner.keys()].find((k) => k.startsWith(`${key}.`) || key.startsWith(`${k}.`));
        if (clash) twice.push(`${key} (${file}, ${first ?? clash})`);
        owner.set(key, file);
      }
    }
    expect(twice).toEqual([]);
  });

  it.each([
    ['en', en],
    ['es', es],
  ] as const)('bundle-%s.ts holds every key of its files, each with its text', (lang, bundle) => {
    const texts = new Map<string, string>();
    for (const file of translationFiles(lang)) {
      const strings = read(file);
      for (const key of leafKeys(strings)) texts.set(key, textAt(strings, key));
    }
    const bundled = bundle as Strings;
    expect(leafKeys(bundled).sort()).toEqual([...texts.keys()].sort());
    for (const [key, text] of texts) expect(textAt(bundled, key)).toBe(text);
  });

  it('merges namespaces that two areas share, one level at a time', () => {
    const expression = mergeExpression([
      { name: 'base', strings: { menu: { fleet: 'Flota' }, view: { a: { x: '1' } } } },
      { name: 'faults', strings: { menu: { faults: 'Fallas' }, view: { a: { y: '2' } } } },
      { name: 'trips', strings: { trips: { title: 'Viajes' } } },
    ]);
    expect(expression).toBe(
      '{ ...base, ...faults, ...trips, menu: { ...base.menu, ...faults.menu }, ' +
        'view: { ...base.view, ...faults.view, a: { ...base.view.a, ...faults.view.a } } }',
    );
  });
});

function textAt(strings: Strings, key: string): string {
  return key
    .split('.')
    .reduce<Strings | string>(
      (node, part) => (node as Strings)[part] as Strings,
      strings,
    ) as string;
}
