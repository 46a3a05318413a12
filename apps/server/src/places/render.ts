// Places rendered in the reader's language (docs/decisions/0031-places.md): the stored structured
// place as one line of text, the country named by i18n-iso-countries.

import { createRequire } from 'node:module';
import { formatPlace, isPlace, type Place } from '@rumbo/telematics';

type Lang = 'es' | 'en';

interface CountriesLibrary {
  registerLocale(locale: unknown): void;
  getName(
    code: string,
    lang: string,
    options?: { select: 'official' | 'alias' },
  ): string | undefined;
}

let library: CountriesLibrary | undefined;

function countries(): CountriesLibrary {
  if (!library) {
    const require = createRequire(import.meta.url);
    // The library without its 80 bundled languages; only ours are registered.
    library = require('i18n-iso-countries/index.js') as CountriesLibrary;
    library.registerLocale(require('i18n-iso-countries/langs/es.json'));
    library.registerLocale(require('i18n-iso-countries/langs/en.json'));
  }
  return library;
}

/** A country's name in a language ("AR" → "Argentina"), or undefined for an unknown code. */
export function countryName(code: string, lang: Lang): string | undefined {
  return countries().getName(code, lang, { select: 'official' });
}

/** A stored place as text in a language (without the country: lists); null when none stored. */
export function placeText(stored: unknown, lang: Lang): string | null {
  return isPlace(stored) ? formatPlace(stored, lang) || null : null;
}

/** A stored place as text with its country (e-mail, a dialog). */
export function placeTextLong(stored: unknown, lang: Lang): string | null {
  if (!isPlace(stored)) return null;
  return formatPlace(stored, lang, { countryName: (code) => countryName(code, lang) }) || null;
}

/** A place as it is stored (JSON text for a jsonb column). */
export function storedPlace(place: Place | null | undefined): string | null {
  return place ? JSON.stringify(place) : null;
}
