import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

const PREFIX = 'virtual:rumbo-sign-in-strings/';
const I18N_DIR = join(import.meta.dirname, '../../packages/contracts/src/i18n');

/**
 * What the signed-out screens (sign-in, recovery, 422, 403/404) and the app's frame (loading,
 * retry, the update prompt) read from a language's base file; the signed-in app loads every
 * string with the shell (shared/i18n/create-i18n). A key missing here shows as its name on those
 * screens: the browser tests of sign-in and recovery read their texts.
 */
const SIGNED_OUT: Record<string, true | string[]> = {
  common: true,
  validation: true,
  view: ['login', 'recovery', 'recovery_token', 'otp_expired', 'not_found', 'forbidden'],
  component: ['update', 'password_strength'],
};

function pick(all: Record<string, Record<string, unknown>>) {
  return Object.fromEntries(
    Object.entries(SIGNED_OUT).map(([key, parts]) => [
      key,
      parts === true ? all[key] : Object.fromEntries(parts.map((part) => [part, all[key]?.[part]])),
    ]),
  );
}

/**
 * `virtual:rumbo-sign-in-strings/es` (or `/en`): the sign-in route's strings, ~2 KB gzip instead
 * of the base file's ~4 KB (mail and server errors, the menu, the signed-in screens' texts).
 */
export function signInStrings(): Plugin {
  return {
    name: 'rumbo-sign-in-strings',
    resolveId: (id) => (id.startsWith(PREFIX) ? `\0${id}` : null),
    load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return null;
      const language = id.slice(PREFIX.length + 1);
      if (language !== 'es' && language !== 'en') return null;
      const file = join(I18N_DIR, `${language}.json`);
      this.addWatchFile(file);
      const all = JSON.parse(readFileSync(file, 'utf8')) as Record<string, Record<string, unknown>>;
      return `export default ${JSON.stringify(pick(all))};`;
    },
  };
}
