import type { AdBlueAnswer, FuelConsumptionAnswer, GenerateExcelBody } from '@rumbo/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { balance, consumptionRow, fuelEvent, openFuelScreen } from './fuel-test-fixtures';

// A custom period in the address keeps the calls' paths fixed. The first screen of a run loads
// its lazy chunk cold, which on a busy machine takes longer than the default wait.
const COLD = { timeout: 30_000 };

const FROM = Date.UTC(2026, 10, 16, 3);
const TO = Date.UTC(2026, 10, 23, 3);
const PERIOD = `from=${FROM}&to=${TO}`;

const VEHICLES = [
  { vehicleId: 10, plate: 'AA 100 BB', groupId: 1, groupName: 'Norte' },
  { vehicleId: 11, plate: 'CC 200 DD', groupId: null, groupName: null },
];

describe('refill detection screen', () => {
  it('lists refills and thefts with their figures, filters by kind and exports the rows shown', async () => {
    let exported: GenerateExcelBody | null = null;
    const { calls } = openFuelScreen(`/app/fuel/refuel?${PERIOD}`, {
      'GET /api/vehicles/vehicles': { body: VEHICLES },
      [`GET /api/v2/fuel/events/${FROM}/${TO}`]: {
        body: {
          total: 3,
          totals: [
            { code: 'CRG', count: 1, volumeL: 180 },
            { code: 'DCS', count: 1, volumeL: 60 },
          ],
          events: [
            fuelEvent({ id: 1 }),
            fuelEvent({ id: 2, code: 'DCS', volumeL: 60, vehicleId: 11, plate: 'CC 200 DD' }),
            fuelEvent({
              id: 3,
              code: 'DCS',
              volumeL: 25,
              review: { status: 'dismissed', at: FROM, userId: 7, userName: 'ana', note: '' },
            }),
          ],
        },
      },
      'POST /api/xlsx/generate_excel/fuel-refuel': (call) => {
        exported = call.body as GenerateExcelBody;
        return { body: 'UEsDBA==' };
      },
    });
    const table = await screen.findByTestId('fuel-events-table', {}, COLD);
    expect(table.querySelectorAll('[data-row]')).toHaveLength(3);
    expect(screen.getByTestId('figure-refills')).toHaveTextContent('1');
    expect(screen.getByTestId('figure-thefts')).toHaveTextContent('1');
    expect(screen.getByTestId('figure-thefts_l')).toHaveTextContent('60,0 L');
    expect(screen.getByTestId('figure-pending')).toHaveTextContent('1');
    const refill = table.querySelector('[data-row="1"]') as HTMLElement;
    expect(refill.querySelector('[data-column="volume"]')).toHaveTextContent('+180,0 L');
    expect(refill.querySelector('[data-column="before"]')).toHaveTextContent('240,0 L (40,0 %)');
    expect(refill.querySelector('[data-column="place"]')).toHaveTextContent('YPF Ruta 9');
    const call = calls.find((c) => c.url.includes('/v2/fuel/events/'));
    expect(call?.url).toContain('codes%5B%5D=CRG&codes%5B%5D=DCS');
    expect(call?.headers['user-token']).toBe('utok');

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Tipo' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Robos por revisar' }));
    await waitFor(() => expect(table.querySelectorAll('[data-row]')).toHaveLength(1));
    expect(table.querySelector('[data-row="2"] [data-review="pending"]')).not.toBeNull();

    fireEvent.click(screen.getByTestId('table-export'));
    await waitFor(() => expect(exported).not.toBeNull());
    expect(exported!.rows).toEqual([
      expect.objectContaining({ kind: 'Posible robo', plate: 'CC 200 DD', volume: 60 }),
    ]);
    expect(exported!.columns.map((c) => c.label)).toContain('Volumen (L)');
  });

  it('says so when the period has no refills, and offers a retry when the call fails', async () => {
    let fail = true;
    openFuelScreen(`/app/fuel/refuel?${PERIOD}`, {
      [`GET /api/v2/fuel/events/${FROM}/${TO}`]: () =>
        fail
          ? { status: 500, body: { error: 'internal', message: 'boom' } }
          : { body: { total: 0, totals: [], events: [] } },
    });
    const error = await screen.findByTestId('table-error');
    fail = false;
    fireEvent.click(within(error).getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByTestId('table-empty')).toHaveTextContent(
      'No hay cargas ni posibles robos en este período.',
    );
  });

  it('lists AdBlue refills on the urea screen', async () => {
    const { calls } = openFuelScreen(`/app/fuel/add?${PERIOD}`, {
      [`GET /api/v2/fuel/events/${FROM}/${TO}`]: {
        body: {
          total: 1,
          totals: [{ code: 'AUR', count: 1, volumeL: 42 }],
          events: [
            fuelEvent({
              id: 9,
              code: 'AUR',
              volumeL: 42,
              station: null,
              driverCode: 'ARG0000012345678',
              driverName: 'Ana Pérez',
            }),
            fuelEvent({ id: 10, code: 'AUR', volumeL: 30, station: null, driverCode: 'X-9' }),
          ],
        },
      },
    });
    const table = await screen.findByTestId('fuel-events-table');
    expect(table.querySelector('[data-row="9"] [data-column="volume"]')).toHaveTextContent(
      '+42,0 L',
    );
    // The driver by name, not the card code; an unregistered card by its code.
    expect(table.querySelector('[data-row="9"] [data-column="driver"]')).toHaveTextContent(
      'Ana Pérez',
    );
    expect(table).not.toHaveTextContent('ARG0000012345678');
    expect(table.querySelector('[data-row="10"] [data-column="driver"]')).toHaveTextContent('X-9');
    expect(screen.getByTestId('figure-urea_l')).toHaveTextContent('72,0 L');
    expect(calls.find((c) => c.url.includes('/v2/fuel/events/'))?.url).toContain('codes%5B%5D=AUR');
  });
});

describe('consumption screen', () => {
  it('shows the rows in the user’s units and explains a flagged balance', async () => {
    const answer: FuelConsumptionAnswer = {
      rows: [
        consumptionRow({ balance: balance(60) }),
        consumptionRow({ vehicleId: 11, plate: 'CC 200 DD', fuelL: 500, balance: balance(5) }),
      ],
      days: [],
    };
    openFuelScreen(`/app/fuel/consumtion?${PERIOD}`, {
      'GET /api/vehicles/vehicles': { body: VEHICLES },
      [`GET /api/v2/fuel/consumption/${FROM}/${TO}`]: { body: answer },
    });
    const table = await screen.findByTestId('fuel-consumption-table');
    const flagged = table.querySelector('[data-row="10:"]') as HTMLElement;
    expect(flagged.querySelector('[data-column="consumption"]')).toHaveTextContent('32,0 l/100km');
    expect(flagged.querySelector('[data-column="idle"]')).toHaveTextContent(' · 2,0 L/h');
    expect(flagged.querySelector('[data-flagged="true"]')).toHaveTextContent('+60,0 L (7,5 %)');
    expect(screen.getByTestId('figure-flagged')).toHaveTextContent('1');

    fireEvent.click(flagged);
    const detail = await screen.findByTestId('balance-detail');
    expect(detail).toHaveTextContent('Queda sin explicar más del 5 % del consumo');
    expect(detail).toHaveTextContent('Tanque al inicio');
  });

  it('shows N/D for a phone without fuel data and averages the fleet over the vehicles with it', async () => {
    const answer: FuelConsumptionAnswer = {
      rows: [
        consumptionRow({ distanceKm: 1000, fuelL: 335, balance: null }),
        consumptionRow({
          vehicleId: 12,
          plate: 'TEL 001',
          distanceKm: 1200,
          fuelL: 0,
          idleFuelL: 0,
          drivingFuelL: 0,
          lPer100Km: null,
          drivingLPer100Km: null,
          balance: null,
          // 1,200 km × 32 L/100 km = 384 L × 2.47 = 948.5 kg TTW, × 3.13 = 1,201.9 kg WTW.
          co2: { fuelType: 'diesel', ttwKg: 948.5, wtwKg: 1201.9, isEstimated: true },
        }),
      ],
      days: [],
    };
    let exported: GenerateExcelBody | null = null;
    openFuelScreen(`/app/fuel/consumtion?${PERIOD}`, {
      'GET /api/vehicles/vehicles': { body: VEHICLES },
      [`GET /api/v2/fuel/consumption/${FROM}/${TO}`]: { body: answer },
      'POST /api/xlsx/generate_excel/fuel-consumption': (call) => {
        exported = call.body as GenerateExcelBody;
        return { body: 'UEsDBA==' };
      },
    });
    const table = await screen.findByTestId('fuel-consumption-table');
    const phone = table.querySelector('[data-row="12:"]') as HTMLElement;
    expect(phone.querySelector('[data-column="consumption"]')).toHaveTextContent('N/D');
    expect(phone.querySelector('[data-column="fuel"]')).toHaveTextContent('N/D');
    expect(phone).not.toHaveTextContent('0,0 l/100km');
    // 335 L over the truck's 1,000 km, not over the 2,200 km of both.
    expect(screen.getByTestId('figure-rate')).toHaveTextContent('33,5 l/100km');

    // CO₂: the phone's is estimated from its kilometres and says so; the truck's is counted.
    const phoneCo2 = phone.querySelector('[data-column="co2"]') as HTMLElement;
    expect(phoneCo2).toHaveTextContent('948,5 kg');
    expect(phoneCo2).toHaveTextContent('WTW 1,2 t');
    expect(phoneCo2.querySelector('[data-testid="co2-estimated"]')).toHaveTextContent('estimado');
    const truckCo2 = table.querySelector('[data-row="10:"] [data-column="co2"]') as HTMLElement;
    expect(truckCo2.querySelector('[data-testid="co2-estimated"]')).toBeNull();
    // 2,016 + 948.5 kg TTW = 3.0 t; 2,536 + 1,201.9 kg WTW = 3.7 t.
    const co2 = screen.getByTestId('figure-co2');
    expect(co2).toHaveTextContent('3,0 t');
    expect(co2).toHaveTextContent('WTW 3,7 t · 948,5 kg estimado');

    fireEvent.click(screen.getByTestId('table-export'));
    await waitFor(() => expect(exported).not.toBeNull());
    expect(exported!.columns.map((c) => c.label)).toEqual(
      expect.arrayContaining(['CO₂ TTW (kg)', 'CO₂ WTW (kg)', 'CO₂ estimado']),
    );
    const byPlate = new Map(exported!.rows.map((r) => [r.plate, r]));
    expect(byPlate.get('TEL 001')).toMatchObject({
      co2Ttw: 948.5,
      co2Wtw: 1201.9,
      co2Estimated: 'estimado',
    });
    expect(byPlate.get('AA 100 BB')).toMatchObject({ co2Ttw: 2016, co2Estimated: null });
  });

  it('asks per driver and names unidentified drivers', async () => {
    const { calls } = openFuelScreen(`/app/fuel/consumtion?${PERIOD}&by=driver`, {
      [`GET /api/v2/fuel/consumption/${FROM}/${TO}`]: {
        body: {
          rows: [
            consumptionRow({ driverCode: 'D-1', driverName: 'Juan Gómez', balance: null }),
            consumptionRow({ driverCode: '', driverName: null, balance: null }),
          ],
          days: [],
        },
      },
    });
    const table = await screen.findByTestId('fuel-consumption-table');
    expect(table).toHaveTextContent('Juan Gómez');
    expect(table).toHaveTextContent('Chofer sin identificar');
    expect(calls.find((c) => c.url.includes('/v2/fuel/consumption/'))?.url).toContain('by=driver');
  });
});

describe('catalyst screen', () => {
  it('flags an AdBlue emulator and filters the flagged ratios', async () => {
    const row = {
      vehicleId: 10,
      plate: 'AA 100 BB',
      capacityL: 60,
      levelPct: 55,
      levelL: 33,
      levelAt: FROM,
      refills: 2,
      refillsL: 70,
      usedL: 80,
      dieselL: 2000,
      distanceKm: 6000,
      ratioPct: 4,
      flag: null,
    };
    const answer: AdBlueAnswer = {
      rows: [
        row,
        {
          ...row,
          vehicleId: 11,
          plate: 'CC 200 DD',
          levelPct: 88,
          refills: 0,
          refillsL: 0,
          usedL: 0,
          ratioPct: 0,
          flag: 'low',
        },
      ],
    };
    openFuelScreen(`/app/fuel/catalyst?${PERIOD}`, {
      [`GET /api/v2/fuel/adblue/${FROM}/${TO}`]: { body: answer },
    });
    const table = await screen.findByTestId('fuel-adblue-table');
    expect(table.querySelector('[data-row="11"] [data-flag="low"]')).toHaveTextContent(
      '¿Emulador o sensor trabado?',
    );
    expect(screen.getByTestId('figure-flagged')).toHaveTextContent('1');
    expect(screen.getByTestId('figure-ratio')).toHaveTextContent('2,0 %');

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Alerta' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Con alerta' }));
    await waitFor(() => expect(table.querySelectorAll('[data-row]')).toHaveLength(1));
  });
});
