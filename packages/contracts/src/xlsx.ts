import { z } from 'zod';
import { multilineText, text } from './fields.js';

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
        type: z.enum(['string', 'number', 'date', 'boolean']).optional(),
      }),
    )
    .min(1)
    .max(200),
  rows: z.array(z.record(text().max(100), cell)).max(XLSX_MAX_ROWS),
});
export type GenerateExcelBody = z.infer<typeof generateExcelBody>;
