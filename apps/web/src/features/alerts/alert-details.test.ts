import { DEFAULT_UNITS } from '@rumbo/contracts';
import { describe, expect, it } from 'vitest';
import { fleetFormat } from '../../shared/fleet/fleet-format';
import { translations } from '@rumbo/contracts';
import { createI18n } from '../../shared/i18n/i18n';
import { episodeDetails, episodeFacts, episodeFactsText, episodeLimitText } from './alert-details';

const typeOf = (code: string) => (code === 'EXV' ? "Over the vehicle's limit" : code);

describe('alert episode details', () => {
  it('reads the facts told inside an alert, the limit and when it was passed', () => {
    expect(episodeDetails(null, typeOf)).toBeNull();
    expect(episodeDetails({ idzona: 3 }, typeOf)).toBeNull();
    const details = episodeDetails(
      { details: 'exv, EXV,', speedLimit: 90, overLimitFromMs: Date.UTC(2026, 10, 20, 12, 4, 5) },
      typeOf,
    );
    expect(details).toEqual({
      facts: [{ code: 'EXV', type: "Over the vehicle's limit" }],
      speedLimit: 90,
      overLimitFromMs: Date.UTC(2026, 10, 20, 12, 4, 5),
    });
    expect(episodeFactsText(details)).toBe("Over the vehicle's limit");
  });

  it('tells them in the user’s language, units and offset', () => {
    const i18n = createI18n('en', { en: translations.en });
    const f = fleetFormat(i18n.t, 'en', DEFAULT_UNITS, -3);
    const details = episodeDetails(
      { details: 'EXV', speedLimit: 90, overLimitFromMs: Date.UTC(2026, 10, 20, 12, 4, 5) },
      typeOf,
    );
    expect(episodeLimitText(details, f)).toBe('90 km/h, over it from 09:04:05');
    expect(episodeFacts(details, f)).toEqual([
      ['Also recorded', "Over the vehicle's limit (EXV)"],
      ["Vehicle's limit", '90 km/h, over it from 09:04:05'],
    ]);
    expect(episodeFacts(episodeDetails({ details: 'IDD' }, typeOf), f)).toEqual([
      ['Also recorded', 'IDD (IDD)'],
    ]);
  });
});
