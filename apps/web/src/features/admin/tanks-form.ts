import type { VehicleTanks } from '@rumbo/contracts';
import { z } from 'zod';
import type { TFunction } from '../../shared/i18n/i18n';
import { numberOrNull, optionalNumber } from './admin-forms';

// The tank model of a vehicle (issue 14, decision 0024) as the form holds it: text inputs, a
// calibration table per tank when the tank is not linear. The rules repeat the server's
// (contracts `vehicleTanksSchema`) so a wrong table never leaves the browser.

/** Most tanks a vehicle holds, largest total and AdBlue tank, points of a table (contracts). */
export const TANK_LIMITS = { tanks: 4, totalL: 5000, adBlueL: 500, points: 101 };

export interface CalibrationPointForm {
  pct: string;
  litres: string;
}

export interface TankForm {
  capacityL: string;
  calibrated: boolean;
  points: CalibrationPointForm[];
}

export interface TanksForm {
  tanks: TankForm[];
  adBlueCapacityL: string;
}

const number = (raw: string) => numberOrNull(raw) ?? Number.NaN;

/** A new tank's table: empty and full, to fill in between. */
export function defaultPoints(capacity: string): CalibrationPointForm[] {
  return [
    { pct: '0', litres: '0' },
    { pct: '100', litres: capacity.trim() },
  ];
}

export function tanksFormSchema(t: TFunction) {
  const point = z.object({
    pct: z.string().superRefine((raw, ctx) => {
      const n = number(raw);
      if (!Number.isFinite(n) || n < 0 || n > 100)
        ctx.addIssue({
          code: 'custom',
          message: t('admin.validation.number_range', { min: 0, max: 100 }),
        });
    }),
    litres: z.string().superRefine((raw, ctx) => {
      const n = number(raw);
      if (!Number.isFinite(n) || n < 0 || n > 5000)
        ctx.addIssue({
          code: 'custom',
          message: t('admin.validation.number_range', { min: 0, max: 5000 }),
        });
    }),
  });
  const tank = z
    .object({
      capacityL: optionalNumber(t, 1, 5000).refine(
        (raw) => raw.trim() !== '',
        t('validation.required'),
      ),
      calibrated: z.boolean(),
      points: z.array(point),
    })
    .superRefine((value, ctx) => {
      if (!value.calibrated) return;
      if (value.points.length < 2 || value.points.length > TANK_LIMITS.points) {
        ctx.addIssue({
          code: 'custom',
          path: ['points'],
          message: t('fuel.tanks.points_count', { max: TANK_LIMITS.points }),
        });
        return;
      }
      const capacity = number(value.capacityL);
      value.points.forEach((p, i) => {
        const pct = number(p.pct);
        const litres = number(p.litres);
        if (Number.isFinite(capacity) && litres > capacity)
          ctx.addIssue({
            code: 'custom',
            path: ['points', i, 'litres'],
            message: t('fuel.tanks.over_capacity'),
          });
        const prev = value.points[i - 1];
        if (!prev) return;
        if (pct <= number(prev.pct))
          ctx.addIssue({
            code: 'custom',
            path: ['points', i, 'pct'],
            message: t('fuel.tanks.must_rise'),
          });
        if (litres <= number(prev.litres))
          ctx.addIssue({
            code: 'custom',
            path: ['points', i, 'litres'],
            message: t('fuel.tanks.must_rise'),
          });
      });
    });
  return z
    .object({
      tanks: z.array(tank).max(TANK_LIMITS.tanks),
      adBlueCapacityL: optionalNumber(t, 1, TANK_LIMITS.adBlueL),
    })
    .superRefine((value, ctx) => {
      const total = value.tanks.reduce((sum, tk) => sum + (numberOrNull(tk.capacityL) ?? 0), 0);
      if (total > TANK_LIMITS.totalL)
        ctx.addIssue({
          code: 'custom',
          path: ['tanks'],
          message: t('fuel.tanks.total_too_big', { max: TANK_LIMITS.totalL }),
        });
    });
}

/** The `PUT …/tanks` body of valid form values. */
export function toTanksBody(form: TanksForm): VehicleTanks {
  return {
    tanks: form.tanks.map((tank) => ({
      capacityL: number(tank.capacityL),
      calibration: tank.calibrated
        ? tank.points.map((p) => ({ pct: number(p.pct), litres: number(p.litres) }))
        : null,
    })),
    adBlueCapacityL: numberOrNull(form.adBlueCapacityL),
  };
}

/** The form of the stored tanks. */
export function tanksToForm(tanks: VehicleTanks): TanksForm {
  return {
    tanks: tanks.tanks.map((tank) => ({
      capacityL: String(tank.capacityL),
      calibrated: tank.calibration !== null,
      points: (tank.calibration ?? []).map((p) => ({
        pct: String(p.pct),
        litres: String(p.litres),
      })),
    })),
    adBlueCapacityL: tanks.adBlueCapacityL === null ? '' : String(tanks.adBlueCapacityL),
  };
}

/**
 * Calibration points pasted from a spreadsheet or the tank maker's sheet: one point a line, the %
 * and the litres separated by a tab, a semicolon or spaces (a decimal comma is accepted); lines
 * that are not two numbers (headers) are skipped.
 */
export function parsePastedPoints(text: string): CalibrationPointForm[] {
  const points: CalibrationPointForm[] = [];
  for (const line of text.split(/\r?\n/)) {
    const parts = line
      .trim()
      .split(/\t|;|\s+/)
      .filter(Boolean);
    if (parts.length !== 2) continue;
    const [pct = '', litres = ''] = parts.map((p) => p.replace(',', '.'));
    if (!Number.isFinite(Number(pct)) || !Number.isFinite(Number(litres))) continue;
    points.push({ pct, litres });
  }
  return points;
}
