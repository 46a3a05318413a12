import type { Language } from '@rumbo/contracts';

/** Values of a translation: `{{name}}` placeholders, and `count` choosing `_one` / `_other`. */
export type TOptions = Record<string, unknown>;
/** Looks a dotted key up in the current language (Spanish as the fallback); the key if missing. */
export type TFunction = (key: string, options?: TOptions) => string;

type Tree = { [key: string]: string | Tree };

/**
 * The app's translations: what the web app used from i18next (nested keys, `{{name}}`
 * interpolation without escaping — React escapes —, `_one`/`_other` plurals by `count`, a
 * Spanish fallback, languages loaded as bundles) in ~1 KB instead of ~17 KB gzip on the sign-in
 * route. The strings are the shared files of @rumbo/contracts, in i18next's JSON v4 format.
 */
export interface I18n {
  /** The current language. */
  readonly language: Language;
  t: TFunction;
  changeLanguage(language: Language): Promise<void>;
  hasResourceBundle(language: Language, namespace: 'translation'): boolean;
  /** Adds strings to a language, merged deeply into what it has (later strings win). */
  addResourceBundle(
    language: Language,
    namespace: 'translation',
    strings: object,
    deep?: boolean,
    overwrite?: boolean,
  ): void;
  /** Called after each language change or added bundle; returns the unsubscribe. */
  subscribe: (listener: () => void) => () => void;
  /** Changes with the language and with each added bundle (for React to re-render). */
  readonly version: number;
}

const FALLBACK: Language = 'es';

function merge(target: Tree, source: Tree): Tree {
  for (const [key, value] of Object.entries(source)) {
    const current = target[key];
    target[key] =
      typeof value === 'object' && typeof current === 'object'
        ? merge({ ...current }, value)
        : value;
  }
  return target;
}

function lookup(tree: Tree | undefined, key: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) {
    if (typeof node !== 'object') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

export function createI18n(
  language: Language,
  resources: Partial<Record<Language, object>> = {},
): I18n {
  const strings: Partial<Record<Language, Tree>> = {};
  for (const [lng, tree] of Object.entries(resources)) strings[lng as Language] = tree as Tree;
  const listeners = new Set<() => void>();
  const plurals = new Map<Language, Intl.PluralRules>();
  let current = language;
  let version = 0;
  const changed = () => {
    version += 1;
    for (const listener of [...listeners]) listener();
  };

  const find = (key: string, lng: Language) =>
    lookup(strings[lng], key) ?? (lng === FALLBACK ? undefined : lookup(strings[FALLBACK], key));

  const t: TFunction = (key, options) => {
    let text: string | undefined;
    const count = options?.count;
    if (typeof count === 'number') {
      let rules = plurals.get(current);
      if (!rules) {
        rules = new Intl.PluralRules(current);
        plurals.set(current, rules);
      }
      text = find(`${key}_${rules.select(count)}`, current) ?? find(`${key}_other`, current);
    }
    text ??= find(key, current);
    if (text === undefined) return key;
    if (!options) return text;
    return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => {
      const value = options[name];
      return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
    });
  };

  return {
    get language() {
      return current;
    },
    get version() {
      return version;
    },
    t,
    changeLanguage(next) {
      if (next !== current) {
        current = next;
        changed();
      }
      return Promise.resolve();
    },
    hasResourceBundle: (lng) => strings[lng] !== undefined,
    addResourceBundle(lng, _namespace, added, deep = true, overwrite = true) {
      const base = strings[lng] ?? {};
      const tree = added as Tree;
      strings[lng] = deep
        ? overwrite
          ? merge({ ...base }, tree)
          : merge({ ...tree }, base)
        : { ...base, ...tree };
      changed();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
