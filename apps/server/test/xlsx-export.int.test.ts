import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Headers, type TestApp, signedInApp } from './api.js';
import { testBackends } from './harness.js';

const H = 3_600_000;

/** Reads the answer of `generate_excel` back as ExcelJS opens a downloaded file. */
async function readBack(base64: string): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(base64, 'base64') as unknown as ArrayBuffer);
  return workbook.worksheets[0]!;
}

for (const backend of testBackends()) {
  describe(`Excel exports as spreadsheets (${backend})`, () => {
    let ctx: TestApp;
    let headers: Headers;
    beforeAll(async () => ({ ctx, headers } = await signedInApp(backend)));
    afterAll(() => ctx.close());

    const exportTable = (payload: object) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/xlsx/generate_excel/trips?format=base64',
        headers,
        payload,
      });

    const table = {
      title: 'Viajes',
      columns: [
        { key: 'plate', label: 'Patente' },
        { key: 'start', label: 'Inicio', type: 'date' },
        { key: 'duration', label: 'Duración (h)', type: 'duration' },
        { key: 'km', label: 'Distancia (km)', type: 'number', decimals: 1 },
        { key: 'litres', label: 'Combustible (L)', type: 'number', decimals: 1 },
      ],
      rows: [
        // Across Madrid's autumn change (2026-10-25 01:00 UTC): 02:30 CEST, then 02:30 CET.
        {
          plate: 'AB123CD',
          start: Date.UTC(2026, 9, 25, 0, 30),
          duration: 5_430,
          km: 87.25,
          litres: 30.4,
        },
        {
          plate: 'AB123CD',
          start: Date.UTC(2026, 9, 25, 1, 30),
          duration: 90_000,
          km: 1_234.5,
          litres: null,
        },
        { plate: 'AC456EF', start: '2026-07-01T12:00:00.000Z', duration: 0, km: 0, litres: 0 },
      ],
    };

    it('writes dates as date cells at the wall clock of the zone, across a DST change', async () => {
      const response = await exportTable({ ...table, timeZone: 'Europe/Madrid', language: 'es' });
      expect(response.statusCode, response.body).toBe(200);
      const sheet = await readBack(response.body);
      expect(sheet.getRow(1).values).toEqual([
        undefined,
        'Patente',
        'Inicio',
        'Duración (h)',
        'Distancia (km)',
        'Combustible (L)',
      ]);
      const start = (row: number) => sheet.getRow(row).getCell(2);
      expect(start(2).type).toBe(ExcelJS.ValueType.Date);
      // Excel dates carry no zone: the cell reads the Madrid wall clock.
      expect((start(2).value as Date).toISOString()).toBe('2026-10-25T02:30:00.000Z');
      expect((start(3).value as Date).toISOString()).toBe('2026-10-25T02:30:00.000Z');
      expect((start(4).value as Date).toISOString()).toBe('2026-07-01T14:00:00.000Z');
      expect(start(2).numFmt).toBe('dd/mm/yyyy hh:mm:ss');
    });

    it('writes durations and quantities as numbers with number formats', async () => {
      const sheet = await readBack((await exportTable({ ...table, timeZone: 'UTC' })).body);
      const duration = sheet.getRow(2).getCell(3);
      expect(duration.type).toBe(ExcelJS.ValueType.Number);
      // Decimal hours: numbers any spreadsheet sums and filters (1 h 30 min 30 s).
      expect(duration.value).toBeCloseTo(1.508333, 6);
      expect(duration.numFmt).toBe('#,##0.00');
      expect(sheet.getRow(3).getCell(3).value).toBe(25);
      const km = sheet.getRow(3).getCell(4);
      expect(km.type).toBe(ExcelJS.ValueType.Number);
      expect(km.value).toBe(1_234.5);
      expect(km.numFmt).toBe('#,##0.0');
      // An empty measure is an empty cell, not 0 and not text.
      expect(sheet.getRow(3).getCell(5).value).toBeNull();
      expect(sheet.getRow(4).getCell(5).value).toBe(0);
    });

    it('writes a calendar day as that day in every zone, with a day format', async () => {
      const response = await exportTable({
        title: 'Vencimientos',
        columns: [{ key: 'due', label: 'Vence', type: 'date' }],
        rows: [{ due: '2026-03-29' }, { due: null }],
        timeZone: 'Pacific/Auckland',
        language: 'es',
      });
      const sheet = await readBack(response.body);
      const due = sheet.getRow(2).getCell(1);
      expect(due.type).toBe(ExcelJS.ValueType.Date);
      expect((due.value as Date).toISOString()).toBe('2026-03-29T00:00:00.000Z');
      expect(due.numFmt).toBe('dd/mm/yyyy');
      expect(sheet.getRow(3).getCell(1).value).toBeNull();
    });

    it('uses the signed-in user zone and language when the table names none', async () => {
      const saved = await ctx.app.inject({
        method: 'POST',
        url: '/api/rest/user/save_config',
        headers,
        payload: {
          idioma: 'en',
          timeZone: 'America/Argentina/Buenos_Aires',
          units: {
            volume: 'lt',
            distance: 'km',
            consumption: 'l/100km',
            mass: 'kg',
            speed: 'km/h',
            temperature: 'C',
            pressure: 'bar',
          },
          lat: -34.6,
          lng: -58.4,
          zoom: 6,
          darkMode: false,
        },
      });
      expect(saved.statusCode).toBe(200);
      const sheet = await readBack((await exportTable(table)).body);
      const start = sheet.getRow(2).getCell(2);
      expect((start.value as Date).getTime()).toBe(Date.UTC(2026, 9, 25, 0, 30) - 3 * H);
      expect(start.numFmt).toBe('mm/dd/yyyy hh:mm:ss');
    });

    it('refuses an unknown zone with 400, in the caller language', async () => {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/xlsx/generate_excel/trips?format=base64',
        headers: { ...headers, 'accept-language': 'en' },
        payload: { ...table, timeZone: 'Mars/Olympus' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        error: 'validation',
        details: [{ path: 'body.timeZone' }],
      });
    });
  });
}
