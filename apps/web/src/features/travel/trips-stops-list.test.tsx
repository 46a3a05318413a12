import { DEFAULT_UNITS, type Co2, type Trip } from '@rumbo/contracts';
import en from '@rumbo/contracts/i18n/bundle-en';
import es from '@rumbo/contracts/i18n/bundle-es';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../shared/i18n/i18n';
import { I18nProvider } from '../../shared/i18n/use-translation';
import { TripsStopsList } from './trips-stops-list';

const T0 = Date.UTC(2026, 9, 5, 8, 0, 0);

const trip = (id: number, co2?: Co2): Trip => ({
  id,
  startTime: T0 + id * 3_600_000,
  endTime: T0 + id * 3_600_000 + 1_800_000,
  start: { lat: 0, lng: 0 },
  end: { lat: 0, lng: 0 },
  distanceKm: 20,
  drivingS: 1_800,
  idleS: 0,
  fuelL: co2?.isEstimated === false ? 6 : null,
  maxSpeedKmh: 90,
  avgSpeedKmh: 40,
  driverCode: null,
  ...(co2 ? { co2 } : {}),
});

function list(trips: Trip[], language: 'es' | 'en') {
  render(
    <I18nProvider i18n={createI18n(language, { es, en })}>
      <TripsStopsList
        trips={trips}
        stops={[]}
        units={DEFAULT_UNITS}
        language={language}
        offsetHours={0}
        replayMs={0}
        onSelect={() => undefined}
      />
    </I18nProvider>,
  );
  return screen.getByTestId('travel-list');
}

describe('travel consultation: CO₂ of each recorded trip (decision 0050)', () => {
  const counted: Co2 = { fuelType: 'diesel', ttwKg: 14.8, wtwKg: 18.8, isEstimated: false };
  const estimated: Co2 = { fuelType: 'diesel', ttwKg: 15.8, wtwKg: 20, isEstimated: true };

  it('shows TTW and WTW of each trip, the estimated marker only where no fuel was counted', () => {
    const items = within(list([trip(1, counted), trip(2, estimated), trip(3)], 'es')).getAllByRole(
      'button',
    );
    const [first, second, third] = items.map((item) => within(item).queryByTestId('trip-co2'));
    expect(first).toHaveTextContent('CO₂: 14,8 kg');
    expect(first).toHaveTextContent('WTW 18,8 kg');
    expect(within(first!).queryByTestId('co2-estimated')).toBeNull();
    expect(second).toHaveTextContent('CO₂: 15,8 kg');
    expect(within(second!).getByTestId('co2-estimated')).toHaveTextContent('estimado');
    // An older server answers no co2: no line.
    expect(third).toBeNull();
  });

  it('speaks English', () => {
    const item = within(list([trip(2, estimated)], 'en')).getByTestId('trip-co2');
    expect(item).toHaveTextContent('CO₂: 15.8 kg');
    expect(item).toHaveTextContent('WTW 20.0 kg');
    expect(within(item).getByTestId('co2-estimated')).toHaveTextContent('estimated');
  });
});
