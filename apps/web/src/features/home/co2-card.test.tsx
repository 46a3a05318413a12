import type { DashboardSummary } from '@rumbo/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../../test/fake-server';
import { signedInRoutes } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

const AUTH = { token: 'tok', userToken: 'utok', digest: 'abcdefgh12345678', rol: 'operator' };

function summary(co2: DashboardSummary['co2']): DashboardSummary {
  return {
    fleetScore: { valor: 80, perfil: 'B' },
    distanceKm: 12_000,
    fuelL: 3_800,
    co2Kg: 10_032,
    co2,
    ecoDriving: 'B',
    idle: { seconds: 3600, fuelL: 12 },
    vehicles: { inTransit: 2, total: 5 },
    alerts: 3,
  };
}

function openDashboard(answer: DashboardSummary) {
  return renderApp(
    '/app/home',
    { ...signedInRoutes(), 'POST /api/v2/dashboard/summary': { body: answer } },
    memoryStorage({ 'rumbo.auth': JSON.stringify({ ...AUTH, loginStatus: 'authenticated' }) }),
  );
}

describe("dashboard's CO₂ card", () => {
  it('shows the period in tonnes, per 100 km, against the period before, and marks an estimate', async () => {
    openDashboard(
      summary({
        ttwKg: 10_500,
        wtwKg: 13_200,
        estimatedTtwKg: 800,
        ttwKgPer100Km: 87.5,
        previousTtwKg: 12_000,
      }),
    );
    const card = (await screen.findByTestId('figure-co2', {}, { timeout: 30_000 })).closest(
      '[data-figure="co2"]',
    ) as HTMLElement;
    expect(within(card).getByTestId('figure-co2')).toHaveTextContent('10,5 t');
    // 10.5 t against 12.0 t: −12.5 %.
    expect(card).toHaveTextContent('WTW 13,2 t · 87,5 kg/100 km');
    expect(card).toHaveTextContent('−12,5 % frente al periodo anterior');
    const marker = within(card).getByTestId('figure-co2-estimated');
    expect(marker).toHaveTextContent('estimado');
    expect(marker).toHaveAttribute('title', expect.stringContaining('800,0 kg estimado'));
  });

  it('says there is nothing to compare with, and marks nothing, when all was counted', async () => {
    openDashboard(
      summary({
        ttwKg: 640,
        wtwKg: 805,
        estimatedTtwKg: 0,
        ttwKgPer100Km: null,
        previousTtwKg: 0,
      }),
    );
    const value = await screen.findByTestId('figure-co2', {}, { timeout: 30_000 });
    const card = value.closest('[data-figure="co2"]') as HTMLElement;
    expect(value).toHaveTextContent('640,0 kg');
    expect(card).toHaveTextContent('sin periodo anterior con el que comparar');
    expect(within(card).queryByTestId('figure-co2-estimated')).toBeNull();
  });
});
