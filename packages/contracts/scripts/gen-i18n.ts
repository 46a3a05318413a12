// `npm run gen:i18n -w @rumbo/contracts`: rewrites src/i18n/bundle-<language>.ts from the
// translation files; src/i18n/i18n-bundles.test.ts fails until it is run.
import { writeFileSync } from 'node:fs';
import { bundleFile, LANGUAGES, renderBundle } from './i18n-bundles.js';

for (const language of LANGUAGES) {
  writeFileSync(bundleFile(language), await renderBundle(language));
  console.log(`wrote ${bundleFile(language)}`);
}
