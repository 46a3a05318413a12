import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  bundleFile,
  I18N_DIR,
  LANGUAGES,
  renderBundle,
  translationFiles,
} from '../../scripts/i18n-bundles.js';
import { mergeAreas } from './merge-areas.js';

type Strings = { [key: string]: string | Strings };

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

  it('merges areas into shared namespaces without losing a key', () => {
    const merged = mergeAreas(
      { menu: { fleet: 'Flota' }, fleet: { title: 'Flota' } },
      { menu: { faults: 'Fallas' }, faults: { title: 'Fallas' } },
    );
    expect(merged).toEqual({
      menu: { fleet: 'Flota', faults: 'Fallas' },
      fleet: { title: 'Flota' },
      faults: { title: 'Fallas' },
    });
  });
});
