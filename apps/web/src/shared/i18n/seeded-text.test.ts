import { translations } from '@rumbo/contracts';
import { describe, expect, it } from 'vitest';
import { createI18n } from './i18n';
import { seededDescription, seededKey, seededParts, seededText } from './seeded-text';

describe('seeded data texts in the user language', () => {
  it('translates built-in Spanish names by key and leaves typed names as typed', async () => {
    const i18n = createI18n('en', { es: translations.es, en: translations.en });
    await i18n.changeLanguage('en');
    expect(seededKey('Revisión técnica (VTV)')).toBe('revision_tecnica_vtv');
    expect(seededText(i18n.t, 'Revisión técnica (VTV)')).toBe('Roadworthiness test (VTV)');
    expect(seededText(i18n.t, 'Semirremolque')).toBe('Semi-trailer');
    expect(seededParts(i18n.t, 'Semirremolque · Caja seca')).toBe('Semi-trailer · Dry van');
    expect(seededText(i18n.t, 'Carrocería Pérez')).toBe('Carrocería Pérez');
    expect(seededParts(i18n.t, null)).toBeNull();
    await i18n.changeLanguage('es');
    expect(seededText(i18n.t, 'Revisión técnica (VTV)')).toBe('Revisión técnica (VTV)');
  });
});

describe('demo vehicle descriptions in the user language', () => {
  it('composes the demo description from translated parts and leaves typed ones as typed', async () => {
    const i18n = createI18n('en', { es: translations.es, en: translations.en });
    await i18n.changeLanguage('en');
    expect(seededDescription(i18n.t, 'Tractor con semirremolque tolva')).toBe(
      'Tractor unit with hopper semi-trailer',
    );
    expect(seededDescription(i18n.t, 'Chasis con acoplado caja seca')).toBe(
      'Rigid truck with dry van trailer',
    );
    expect(seededDescription(i18n.t, 'Tractor con bitren tanque')).toBe(
      'Tractor unit with tanker B-double',
    );
    // An implement without a key, or any other text: what the user typed.
    expect(seededDescription(i18n.t, 'Tractor con semirremolque batea')).toBe(
      'Tractor con semirremolque batea',
    );
    expect(seededDescription(i18n.t, 'Frío, 2 ejes')).toBe('Frío, 2 ejes');
    await i18n.changeLanguage('es');
    expect(seededDescription(i18n.t, 'Tractor con semirremolque tolva')).toBe(
      'Tractor con semirremolque tolva',
    );
  });
});
