import { translations } from '@rumbo/contracts';
import { describe, expect, it, vi } from 'vitest';
import { createI18n as createAppI18n, loadAppStrings, switchLanguage } from './create-i18n';
import { createI18n } from './i18n';

const es = {
  common: { retry: 'Reintentar', hello: 'Hola {{name}}', only_es: 'Solo en español' },
  admin: { rows_one: '{{count}} fila', rows_other: '{{count}} filas' },
};
const en = {
  common: { retry: 'Retry', hello: 'Hello {{ name }}' },
  admin: { rows_one: '{{count}} row', rows_other: '{{count}} rows' },
};

describe('translations (the i18next subset the app uses)', () => {
  it('looks dotted keys up, interpolates without escaping, and falls back to Spanish', async () => {
    const i18n = createI18n('en', { es, en });
    expect(i18n.t('common.retry')).toBe('Retry');
    expect(i18n.t('common.hello', { name: '<Ana & Co>' })).toBe('Hello <Ana & Co>');
    expect(i18n.t('common.only_es')).toBe('Solo en español');
    expect(i18n.t('common.nothing')).toBe('common.nothing');
    expect(i18n.t('common')).toBe('common');
    await i18n.changeLanguage('es');
    expect(i18n.t('common.hello', { name: 'Ana' })).toBe('Hola Ana');
    expect(i18n.t('common.hello')).toBe('Hola {{name}}');
    expect(i18n.t('common.hello', { other: 1 })).toBe('Hola ');
  });

  it('picks _one / _other by count, in the language', async () => {
    const i18n = createI18n('es', { es, en });
    expect(i18n.t('admin.rows', { count: 1 })).toBe('1 fila');
    expect(i18n.t('admin.rows', { count: 0 })).toBe('0 filas');
    expect(i18n.t('admin.rows', { count: 7 })).toBe('7 filas');
    await i18n.changeLanguage('en');
    expect(i18n.t('admin.rows', { count: 1 })).toBe('1 row');
  });

  it('merges added strings deeply and tells its listeners', async () => {
    const i18n = createI18n('es', { es });
    const listener = vi.fn();
    i18n.subscribe(listener);
    expect(i18n.hasResourceBundle('en', 'translation')).toBe(false);
    i18n.addResourceBundle('es', 'translation', { common: { close: 'Cerrar' } }, true, true);
    expect(i18n.t('common.close')).toBe('Cerrar');
    expect(i18n.t('common.retry')).toBe('Reintentar');
    const before = i18n.version;
    await i18n.changeLanguage('en');
    expect(i18n.version).toBeGreaterThan(before);
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('keeps every plural of the shared files answerable in both languages', () => {
    const i18n = createI18n('es', translations);
    expect(i18n.t('admin.common.rows', { count: 1 })).not.toBe('admin.common.rows');
    expect(i18n.t('admin.common.rows', { count: 2 })).not.toBe(
      i18n.t('admin.common.rows', { count: 1 }),
    );
  });
});

describe('strings in two parts (the sign-in route loads only the base)', () => {
  it('loads the app part once when wanted, and both parts on a later language switch', async () => {
    const load = vi.fn((language: 'es' | 'en', part?: 'base' | 'app') =>
      Promise.resolve(
        (part === 'app'
          ? translations[language]
          : { common: translations[language].common }) as (typeof translations)['es'],
      ),
    );
    const i18n = createAppI18n('es', { es: { common: translations.es.common } as never });
    expect(i18n.t('map.current.live')).toBe('map.current.live');
    await loadAppStrings(i18n, load);
    await loadAppStrings(i18n, load);
    expect(load.mock.calls).toEqual([['es', 'app']]);
    expect(i18n.t('map.current.live')).toBe('En vivo');
    await switchLanguage(i18n, 'en', load);
    expect(load.mock.calls.slice(1)).toEqual([
      ['en', 'base'],
      ['en', 'app'],
    ]);
    expect(i18n.language).toBe('en');
    expect(i18n.t('map.current.live')).toBe('Live');
  });

  it('loads only the base on a language switch before sign-in', async () => {
    const load = vi.fn(() => Promise.resolve(translations.en));
    const i18n = createAppI18n('es', { es: translations.es });
    await switchLanguage(i18n, 'en', load);
    expect(load.mock.calls).toEqual([['en', 'base']]);
  });
});
