import { DEFAULT_UNITS, translations, type ForecastRow } from '@rumbo/contracts';
import { createTheme } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../shared/i18n/create-i18n';
import { seededText } from '../../shared/i18n/seeded-text';
import { calendarEvents } from './calendar-events';
import { forecastExcel, remainingText, urgencyOf } from './maintenance-format';

const es = createI18n('es', { es: translations.es }).t;
const en = createI18n('en', { en: translations.en }).t;

function row(over: Partial<ForecastRow>): ForecastRow {
  return {
    key: 'plan:1:1',
    source: 'plan',
    vehicleId: 1,
    plate: 'AB123CD',
    groupId: null,
    groupName: null,
    planId: 1,
    planName: 'Service',
    itemId: 1,
    kind: 'oil',
    name: 'Aceite',
    status: 'ok',
    axis: 'km',
    dueDate: '2026-12-20',
    intervalKm: 30_000,
    intervalHours: null,
    intervalDays: null,
    remainingKm: -16_093.44,
    remainingHours: null,
    remainingDays: null,
    lastDate: '2026-01-01',
    lastOdometerKm: 100_000,
    lastEngineHours: null,
    odometerKm: 131_609.344,
    engineHours: null,
    kmPerDay: 400,
    hoursPerDay: 0,
    serviceDistanceKm: null,
    ...over,
  };
}

describe('maintenance formatting', () => {
  it('says what is left on the triggering axis in the user’s units and language', () => {
    expect(remainingText(row({}), { t: es, language: 'es', units: DEFAULT_UNITS })).toBe(
      '-16.093 km',
    );
    const miles = { ...DEFAULT_UNITS, distance: 'mi' as const };
    expect(remainingText(row({}), { t: en, language: 'en', units: miles })).toBe('-10,000 mi');
    expect(
      remainingText(row({ axis: 'days', remainingDays: 12 }), {
        t: es,
        language: 'es',
        units: DEFAULT_UNITS,
      }),
    ).toBe('12 días');
  });

  it('sorts overdue before due soon before ok, then by date, undated last', () => {
    const sorted = [
      row({ key: 'a', status: 'ok', dueDate: '2026-12-01' }),
      row({ key: 'b', status: 'overdue', dueDate: '2026-11-01' }),
      row({ key: 'c', status: 'due_soon', dueDate: null }),
      row({ key: 'd', status: 'due_soon', dueDate: '2026-11-30' }),
    ].sort((x, y) => urgencyOf(x) - urgencyOf(y));
    expect(sorted.map((r) => r.key)).toEqual(['b', 'd', 'c', 'a']);
  });

  it('exports the rows with their status in words and distances in the user’s unit', () => {
    const miles = { ...DEFAULT_UNITS, distance: 'mi' as const };
    const body = forecastExcel([row({ status: 'overdue' })], {
      t: en,
      language: 'en',
      units: miles,
    });
    expect(body.title).toBe('Maintenance forecast');
    expect(body.rows[0]).toMatchObject({
      status: 'Overdue',
      axis: 'Distance',
      remainingKm: -10_000,
    });
    expect(body.columns.find((c) => c.key === 'remainingKm')?.label).toBe('Left (mi)');
  });

  it('puts overdue items on today in the calendar, the others on their day', () => {
    const theme = createTheme();
    const events = calendarEvents(
      [
        row({ key: 'late', status: 'overdue', dueDate: '2026-10-01' }),
        row({ key: 'soon', status: 'due_soon', dueDate: '2026-12-03' }),
        row({ key: 'none', dueDate: null }),
      ],
      theme,
      '2026-11-27',
    );
    expect(events.map((e) => [e.id, e.start])).toEqual([
      ['late', '2026-11-27'],
      ['soon', '2026-12-03'],
    ]);
    expect(events[0]!.backgroundColor).toBe(theme.palette.error.main);
  });

  it('shows the seeded plan and item names in the user’s language, typed names as typed', () => {
    const seeded = row({ planName: 'Service de tractor', name: 'Revisión técnica (VTV)' });
    const typed = row({ key: 'typed', planName: 'Plan Pérez', name: 'Cambio de cubiertas' });
    const body = forecastExcel([seeded, typed], { t: en, language: 'en', units: DEFAULT_UNITS });
    expect(body.rows.map((r) => [r.plan, r.item])).toEqual([
      ['Tractor service', 'Roadworthiness test (VTV)'],
      ['Plan Pérez', 'Cambio de cubiertas'],
    ]);
    const events = calendarEvents([seeded, typed], createTheme(), '2026-11-27', (name) =>
      seededText(en, name),
    );
    expect(events.map((e) => e.title)).toEqual([
      'AB123CD · Roadworthiness test (VTV)',
      'AB123CD · Cambio de cubiertas',
    ]);
    // A phone's day cells show the plate alone.
    expect(calendarEvents([seeded], createTheme(), '2026-11-27', () => '')[0]!.title).toBe(
      'AB123CD',
    );
  });
});
