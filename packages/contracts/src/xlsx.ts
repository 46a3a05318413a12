import { z } from 'zod';
import { multilineText, text } from './fields.js';
import { languageSchema } from './user.js';
import { timeZoneSchema } from './time-zone-schema.js';

/** Largest number of rows one export may carry. */
export const XLSX_MAX_ROWS = 200_000;

const cell = z.union([multilineText().max(32_767), z.number(), z.boolean(), z.null()]);

/** `POST /xlsx/generate_excel/{kind}?format=base64`: a table definition. */
export const generateExcelBody = z.strictObject({
  title: text().trim().min(1).max(120),
  columns: z
    .array(
      z.strictObject({
        key: text().min(1).max(100),
        label: text().max(200),
        /**
         * How cells are written (docs/decisions/0035): `date` an instant (epoch ms or ISO text) as
         * a date cell at the user's wall clock; `duration` seconds as decimal hours (label "(h)");
         * `number` a number cell with `decimals` fraction digits (its unit goes in the label).
         */
        type: z.enum(['string', 'number', 'date', 'duration', 'boolean']).optional(),
        /** Fraction digits a number shows (the cell keeps every digit). */
        decimals: z.number().int().min(0).max(6).optional(),
      }),
    )
    .min(1)
    .max(200),
  rows: z.array(z.record(text().max(100), cell)).max(XLSX_MAX_ROWS),
  /** The zone dates are written in; the signed-in user's configured zone when absent. */
  timeZone: timeZoneSchema.optional(),
  /** The date format's order (dd/mm or mm/dd); the user's language when absent. */
  language: languageSchema.optional(),
});
export type GenerateExcelBody = z.infer<typeof generateExcelBody>;
