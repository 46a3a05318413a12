import { sumCo2, type FuelBalance, type FuelConsumptionRow } from '@rumbo/contracts';
import type { FleetFormat } from '../../shared/fleet/fleet-format';
import { formatNumber } from '../../shared/format/format';
import { durationColumn, type ColumnModel } from '../../shared/table/table-model';
import { exportMeasure } from './fuel-columns';

/** Fuel balance limits (domain.md §7): flagged over 5 % of the consumption or 40 L. */
export const BALANCE_LIMITS = { pct: 5, litres: 40 };

/** A row's key: a vehicle, or a vehicle × driver card. */
export const consumptionKey = (r: FuelConsumptionRow) => `${r.vehicleId}:${r.driverCode ?? ''}`;

/** The driver as people read it: the registered name, the card code, or "unidentified". */
export function driverText(r: FuelConsumptionRow, unidentified: string): string {
  if (r.driverName) return r.driverName;
  return r.driverCode ? r.driverCode : unidentified;
}

/** Whether a row's vehicle reports fuel: kilometres with no litres are a phone or no CAN bus. */
export function hasFuelData(row: FuelConsumptionRow): boolean {
  return row.fuelL > 0 || row.distanceKm < 1;
}

/** Totals of the rows shown: distance, fuel, CO₂, idle fuel, the mean consumption, flagged balances. */
export function consumptionTotals(rows: readonly FuelConsumptionRow[]) {
  let distanceKm = 0;
  /** Distance of the rows with fuel data: the fleet's L/100 km divides by it only. */
  let fuelDistanceKm = 0;
  let fuelL = 0;
  let idleFuelL = 0;
  let idleS = 0;
  let flagged = 0;
  for (const r of rows) {
    distanceKm += r.distanceKm;
    if (r.fuelL > 0) fuelDistanceKm += r.distanceKm;
    fuelL += r.fuelL;
    idleFuelL += r.idleFuelL;
    idleS += r.idleS;
    if (r.balance?.flagged) flagged++;
  }
  return {
    distanceKm,
    fuelL,
    /** kg CO₂e TTW and WTW of the rows, and the estimated part of TTW (decision 0050). */
    co2: sumCo2(rows.map((r) => r.co2)),
    idleFuelL,
    idleS,
    flagged,
    /** L/100 km over the distance of the vehicles with fuel data (null under 1 km, as the rows). */
    lPer100Km: fuelDistanceKm >= 1 ? (100 * fuelL) / fuelDistanceKm : null,
    idlePct: fuelL > 0 ? (100 * idleFuelL) / fuelL : null,
  };
}

/** Litres per hour idling in the user's volume unit, e.g. `2,1 L/h`. */
export function perHourText(f: FleetFormat, litresPerHour: number | null): string {
  if (litresPerHour === null) return '—';
  return `${f.volume(litresPerHour) ?? '—'}/h`;
}

/** A balance's residual with its sign and share of the consumption: `+52,0 L (6,1 %)`. */
export function residualText(f: FleetFormat, balance: FuelBalance | null): string {
  if (!balance || balance.residualL === null) return '—';
  const sign = balance.residualL > 0 ? '+' : balance.residualL < 0 ? '−' : '';
  const volume = f.volume(Math.abs(balance.residualL)) ?? '';
  const pct =
    balance.residualPct === null
      ? ''
      : ` (${formatNumber(Math.abs(balance.residualPct), f.language)} %)`;
  return `${sign}${volume}${pct}`;
}

/** The Excel columns of the consumption rows, in the user's units; by vehicle with the balance. */
export function consumptionExportColumns(
  f: FleetFormat,
  byDriver: boolean,
): ColumnModel<FuelConsumptionRow>[] {
  const { t } = f;
  const vol = f.symbol('volume');
  type Get = (r: FuelConsumptionRow) => number | null;
  const litres = (id: string, label: string, get: Get) =>
    exportMeasure(f, 'volume', id, label, get);
  const rate = (id: string, label: string, get: Get) =>
    exportMeasure(f, 'consumption', id, label, get);
  const columns: ColumnModel<FuelConsumptionRow>[] = [
    ...(byDriver
      ? [
          {
            id: 'driver',
            label: t('fuel.consumption.driver'),
            value: (r: FuelConsumptionRow) => driverText(r, t('fuel.consumption.unidentified')),
          },
          {
            id: 'card',
            label: t('fuel.consumption.card'),
            value: (r: FuelConsumptionRow) => r.driverCode || null,
          },
        ]
      : []),
    { id: 'plate', label: t('fuel.events.vehicle'), value: (r) => r.plate },
    exportMeasure(f, 'distance', 'distance', t('fuel.consumption.distance'), (r) => r.distanceKm),
    litres('fuel', t('fuel.consumption.fuel'), (r) => r.fuelL),
    rate('consumption', t('fuel.consumption.rate'), (r) => r.lPer100Km),
    litres('driving', t('fuel.consumption.driving_fuel'), (r) => r.drivingFuelL),
    rate('drivingRate', t('fuel.consumption.driving_rate'), (r) => r.drivingLPer100Km),
    litres('idle', t('fuel.consumption.idle_fuel'), (r) => r.idleFuelL),
    {
      id: 'idleRate',
      label: `${t('fuel.consumption.idle_rate')} (${vol}/h)`,
      value: (r) => f.inUnit('volume', r.idleLPerH),
      type: 'number',
    },
    durationColumn('idleTime', t('fuel.consumption.idle_time'), (r) => r.idleS),
    { id: 'co2Ttw', label: t('co2.export_ttw'), value: (r) => r.co2.ttwKg, type: 'number' },
    { id: 'co2Wtw', label: t('co2.export_wtw'), value: (r) => r.co2.wtwKg, type: 'number' },
    {
      id: 'co2Estimated',
      label: t('co2.export_estimated'),
      value: (r) => (r.co2.isEstimated ? t('co2.estimated') : null),
    },
  ];
  if (byDriver) return columns;
  return [
    ...columns,
    litres('levelStart', t('fuel.balance.level_start'), (r) => r.balance?.levelStartL ?? null),
    litres('levelEnd', t('fuel.balance.level_end'), (r) => r.balance?.levelEndL ?? null),
    litres('refills', t('fuel.balance.refills'), (r) => r.balance?.refillsL ?? null),
    litres('thefts', t('fuel.balance.thefts'), (r) => r.balance?.theftsL ?? null),
    litres('residual', t('fuel.balance.residual'), (r) => r.balance?.residualL ?? null),
    {
      id: 'residualPct',
      label: `${t('fuel.balance.residual')} (%)`,
      value: (r) => r.balance?.residualPct ?? null,
      type: 'number',
    },
    {
      id: 'flagged',
      label: t('fuel.balance.flag'),
      value: (r) => (r.balance?.flagged ? t('fuel.balance.flagged') : null),
    },
  ];
}
