import { describe, expect, it } from 'vitest';
import {
  CO2_FACTORS,
  DIESEL_DENSITY_KG_PER_L,
  EN16258_DIESEL_B7_PER_KG,
  co2Of,
  sumCo2,
} from './co2.js';

describe('co2Of', () => {
  it('multiplies the counted diesel litres by the B7 factors', () => {
    // 100 L × 2.47 = 247.0 kg TTW; 100 L × 3.13 = 313.0 kg WTW.
    expect(co2Of({ fuelL: 100, distanceKm: 300, kind: 'tractor' })).toEqual({
      fuelType: 'diesel',
      ttwKg: 247,
      wtwKg: 313,
      isEstimated: false,
    });
  });

  it('estimates a tractor without a fuel counter from 32 L/100 km and marks it', () => {
    // 250 km × 32 / 100 = 80 L; 80 × 2.47 = 197.6 kg TTW; 80 × 3.13 = 250.4 kg WTW.
    expect(co2Of({ fuelL: 0, distanceKm: 250, kind: 'tractor' })).toEqual({
      fuelType: 'diesel',
      ttwKg: 197.6,
      wtwKg: 250.4,
      isEstimated: true,
    });
  });

  it('uses 25 L/100 km for a rigid truck and the "other" figure for an unknown kind', () => {
    // 100 km × 25 / 100 = 25 L × 2.47 = 61.75 → 61.8 kg.
    expect(co2Of({ fuelL: 0, distanceKm: 100, kind: 'rigid' }).ttwKg).toBe(61.8);
    expect(co2Of({ fuelL: 0, distanceKm: 100, kind: 'hovercraft' }).ttwKg).toBe(61.8);
  });

  it('applies the factors of the fuel type given: HVO emits almost nothing at the exhaust', () => {
    // 100 L × 0.04 = 4.0 kg TTW; 100 L × 0.71 = 71.0 kg WTW.
    expect(co2Of({ fuelL: 100, distanceKm: 300, kind: 'tractor', fuelType: 'hvo' })).toMatchObject({
      ttwKg: 4,
      wtwKg: 71,
    });
    // 40 kg of CNG × 2.68 = 107.2 kg.
    expect(co2Of({ fuelL: 40, distanceKm: 200, kind: 'bus', fuelType: 'cng' }).ttwKg).toBe(107.2);
  });

  it('gives zero, not an estimate, without fuel or distance', () => {
    expect(co2Of({ fuelL: 0, distanceKm: 0, kind: 'tractor' })).toMatchObject({
      ttwKg: 0,
      wtwKg: 0,
      isEstimated: false,
    });
  });

  it("takes diesel from EN 16258's B7 row per kg at 0.832 kg/l, the only factor checked", () => {
    // 2.97 kg/kg × 0.832 kg/l = 2.471 → 2.47; 3.76 × 0.832 = 3.128 → 3.13 (decision 0050).
    expect(EN16258_DIESEL_B7_PER_KG).toEqual({ ttwKg: 2.97, wtwKg: 3.76 });
    expect(DIESEL_DENSITY_KG_PER_L).toBe(0.832);
    expect(CO2_FACTORS.diesel).toMatchObject({
      unit: 'l',
      ttwKg: 2.47,
      wtwKg: 3.13,
      checked: true,
    });
    expect(CO2_FACTORS.diesel.source).toContain('EN 16258');
    const unchecked = Object.entries(CO2_FACTORS).filter(([, f]) => !f.checked);
    for (const [, f] of unchecked) expect(f.source).toContain('unconfirmed');
    expect(unchecked.map(([k]) => k).sort()).toEqual(['cng', 'hvo', 'lng', 'petrol']);
  });

  it('keeps every well-to-wheel factor above its tank-to-wheel one', () => {
    for (const f of Object.values(CO2_FACTORS)) expect(f.wtwKg).toBeGreaterThan(f.ttwKg);
  });
});

describe('sumCo2', () => {
  it('sums the rows and tells the estimated part apart', () => {
    const rows = [
      co2Of({ fuelL: 100, distanceKm: 300, kind: 'tractor' }),
      co2Of({ fuelL: 0, distanceKm: 250, kind: 'tractor' }),
    ];
    expect(sumCo2(rows)).toEqual({ ttwKg: 444.6, wtwKg: 563.4, estimatedTtwKg: 197.6 });
  });
});
