import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { exportsExcel, openScreen, scrollsSideways } from './support/helpers';
import {
  atBothWidths,
  SHOTS_DIR,
  signInWithCombination,
  testEachCombination,
} from './support/shots';

// Maintenance (issue 15) on the demo fleet's seeded plans and history: forecast (sortable, filters,
// the triggering axis), calendar (FullCalendar, month and week), additional maintenance and the
// services done; on one combination also the exports, marking an overdue item done (it is
// re-anchored: no longer overdue), a new additional job, and an attachment uploaded and
// downloaded. Screenshots at 1440 and 390 px, light and dark, Spanish and English.

const TEXT = {
  es: {
    forecast: 'Pronóstico de mantenimiento',
    calendar: 'Calendario de mantenimiento',
    list: 'Mantenimientos adicionales',
    history: 'Mantenimientos realizados',
    overdue: 'Vencido',
    week: 'Semana',
  },
  en: {
    forecast: 'Maintenance forecast',
    calendar: 'Maintenance calendar',
    list: 'Additional maintenance',
    history: 'Maintenance done',
    overdue: 'Overdue',
    week: 'Week',
  },
};

testEachCombination(
  {
    title: ({ language, theme }) =>
      `maintenance screens with the demo fleet (${language}, ${theme})`,
    shots: { prefix: 'maintenance', fullPage: true },
  },
  async ({ page, request, combination, shot }) => {
    const { language, theme } = combination;
    const text = TEXT[language];
    test.setTimeout(300_000);
    await signInWithCombination(page, request, combination);
    const acts = language === 'es' && theme === 'light';

    await atBothWidths(page, async (viewport, wide) => {
      // Forecast: the seeded plans on every truck, one overdue, some due soon.
      await openScreen(page, '/app/maintenance/forecast', text.forecast);
      const rows = page.getByTestId('forecast-row');
      await expect(rows.first()).toBeVisible({ timeout: 45_000 });
      expect(await rows.count()).toBeGreaterThan(20);
      await expect(page.getByTestId('status-due_soon').first()).toBeVisible();
      // One overdue item until the Spanish light run marks it done (the runs share the server).
      if (acts && wide) await expect(page.getByTestId('status-overdue').first()).toBeVisible();
      expect(await scrollsSideways(page), 'forecast scrolls sideways').toBe(false);
      await shot('forecast');
      if (wide) {
        // Sorted by due date (overdue first); by vehicle, then back.
        await page.getByTestId('forecast-sort-plate').click();
        await expect(rows.first()).toBeVisible();
        await page.getByTestId('forecast-sort-due').click();
      }
      if (wide && acts) {
        await exportsExcel(page, 'forecast-export');
        // The plans: both demo plans listed, the editor opens with their items.
        await page.getByTestId('forecast-plans').click();
        await expect(page.getByTestId('plan-row')).toHaveCount(2);
        await page.screenshot({
          path: join(SHOTS_DIR, `maintenance-plans-${viewport.width}-${theme}-${language}.png`),
        });
        await page.keyboard.press('Escape');
        // Marking the overdue item done re-anchors it: nothing is overdue afterwards.
        await page.locator('#forecast-status').click();
        await page.getByRole('option', { name: text.overdue }).click();
        await expect(rows).toHaveCount(1);
        await rows.first().getByTestId('forecast-mark-done').click();
        const dialog = page.getByTestId('service-dialog');
        await expect(dialog).toBeVisible();
        await page.locator('#service-workshop').fill('Tacógrafos del Litoral');
        await page.locator('#service-cost').fill('98000');
        await page.getByTestId('service-save').click();
        await expect(dialog).toBeHidden({ timeout: 15_000 });
        await expect(page.getByTestId('forecast-empty')).toBeVisible({ timeout: 15_000 });
        await page.locator('#forecast-status').click();
        await page.getByRole('option').first().click();
      }

      // Calendar: month with the due dates, then the week.
      await openScreen(page, '/app/maintenance/calendar', text.calendar);
      await expect(page.locator('.fc-daygrid-event').first()).toBeVisible({ timeout: 45_000 });
      expect(await scrollsSideways(page), 'calendar scrolls sideways').toBe(false);
      await shot('calendar');
      if (wide) {
        await page.getByRole('button', { name: text.week }).click();
        await expect(page.locator('.fc-dayGridWeek-view')).toBeVisible();
        await shot('calendar-week');
      }

      // Additional maintenance.
      await openScreen(page, '/app/maintenance/list', text.list);
      await expect(page.getByTestId('additional-row').first()).toBeVisible({ timeout: 45_000 });
      if (wide && acts) {
        const before = await page.getByTestId('additional-row').count();
        await page.getByTestId('additional-create').click();
        await page.locator('#additional-vehicle').click();
        await page.getByRole('option').first().click();
        await page.locator('#additional-name').fill('Cambiar batería');
        await page.locator('#additional-due-km').fill('990000');
        await page.getByTestId('additional-save').click();
        await expect(page.getByTestId('additional-row')).toHaveCount(before + 1, {
          timeout: 15_000,
        });
        await exportsExcel(page, 'additional-export');
      }
      expect(await scrollsSideways(page), 'list scrolls sideways').toBe(false);
      await shot('list');

      // Services done: the seeded history; an attachment uploaded, listed and downloaded.
      await openScreen(page, '/app/maintenance/history', text.history);
      const services = page.getByTestId('history-row');
      await expect(services.first()).toBeVisible({ timeout: 45_000 });
      if (wide && acts) {
        const [chooser] = await Promise.all([
          page.waitForEvent('filechooser'),
          services.first().getByTestId('history-upload').click(),
        ]);
        await chooser.setFiles({
          name: 'factura.pdf',
          mimeType: 'application/pdf',
          buffer: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer\n%%EOF\n'),
        });
        const attachment = services.first().getByTestId('attachment');
        await expect(attachment).toBeVisible({ timeout: 15_000 });
        const [download] = await Promise.all([page.waitForEvent('download'), attachment.click()]);
        expect(download.suggestedFilename()).toBe('factura.pdf');
        // A text file named .pdf is refused.
        const [fake] = await Promise.all([
          page.waitForEvent('filechooser'),
          services.nth(1).getByTestId('history-upload').click(),
        ]);
        await fake.setFiles({
          name: 'falsa.pdf',
          mimeType: 'application/pdf',
          buffer: Buffer.from('esto no es un pdf'),
        });
        await expect(page.getByRole('alert').filter({ hasText: /./ }).first()).toBeVisible();
        await exportsExcel(page, 'history-export');
      }
      expect(await scrollsSideways(page), 'history scrolls sideways').toBe(false);
      await shot('history');
    });
  },
);
