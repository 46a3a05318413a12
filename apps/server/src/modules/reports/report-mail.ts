import type { Readable } from 'node:stream';
import {
  interpolate,
  translations,
  wallClockOf,
  type Language,
  type ReportKind,
  type ReportPeriod,
} from '@rumbo/contracts';
import type { MailMessage } from '../mail/index.js';
import { generateExcelBase64 } from '../xlsx/index.js';
import type { BuiltReport, Figure } from './report-builders.js';
import type { ReportWindow } from './report-slots.js';

const DAY = 86_400_000;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A local day as the language writes it (`dd/mm/yyyy`, `mm/dd/yyyy`). */
function dayText(timeZone: string, ms: number, lang: Language): string {
  const d = new Date(wallClockOf(timeZone, ms));
  const [dd, mm] = [d.getUTCDate(), d.getUTCMonth() + 1].map((n) => String(n).padStart(2, '0'));
  return lang === 'en' ? `${mm}/${dd}/${d.getUTCFullYear()}` : `${dd}/${mm}/${d.getUTCFullYear()}`;
}

function number(value: number, lang: Language): string {
  return value.toLocaleString(lang === 'en' ? 'en-US' : 'es-ES', { maximumFractionDigits: 1 });
}

function change(f: Figure): string {
  if (f.previous === null || f.previous === 0) return '';
  const pct = Math.round((1000 * (f.current - f.previous)) / Math.abs(f.previous)) / 10;
  return `${pct > 0 ? '+' : ''}${pct} %`;
}

/** The .xlsx of the table, as the screen's export writes it. */
async function workbook(title: string, report: BuiltReport, timeZone: string, lang: Language) {
  const stream: Readable = generateExcelBase64(
    { title, columns: report.columns, rows: report.rows },
    { timeZone, language: lang },
  );
  const chunks: string[] = [];
  for await (const chunk of stream) chunks.push(String(chunk));
  return Buffer.from(chunks.join(''), 'base64');
}

/** The mail of one send: subject, a short HTML and text summary, and the .xlsx. */
export async function reportMail(input: {
  id: string;
  to: string;
  kind: ReportKind;
  period: ReportPeriod;
  window: ReportWindow;
  timeZone: string;
  lang: Language;
  report: BuiltReport;
}): Promise<MailMessage> {
  const { lang, report, window, timeZone } = input;
  const t = translations[lang].reports;
  const figureLabels: Record<string, string> = t.figure;
  const kindName = t.kind[input.kind];
  const dates = interpolate(t.mail.period, {
    from: dayText(timeZone, window.from, lang),
    to: dayText(timeZone, window.to - DAY / 2, lang),
  });
  const subject = interpolate(t.mail.subject, { report: kindName, period: dates });
  // The figures that changed first; unchanged ones after (a summary reads at a glance).
  const figures = [...report.figures].sort(
    (a, b) => Number(a.current === a.previous) - Number(b.current === b.previous),
  );
  const changed = figures.filter((f) => f.previous === null || f.current !== f.previous);
  const attached = interpolate(t.mail.attached, { rows: report.rows.length });
  const rows = figures
    .map(
      (f) =>
        `<tr><td>${escapeHtml(figureLabels[f.key] ?? f.key)}</td><td align="right"><b>${number(f.current, lang)}</b></td>` +
        `<td align="right">${f.previous === null ? '' : number(f.previous, lang)}</td><td align="right">${change(f)}</td></tr>`,
    )
    .join('');
  const top = report.top.length
    ? `<h3>${escapeHtml(t.mail.top)}</h3><ol>${report.top
        .map((o) => `<li>${escapeHtml(o.label)}: ${escapeHtml(o.value)}</li>`)
        .join('')}</ol>`
    : '';
  const html =
    `<!doctype html><html lang="${lang}"><body style="font-family:sans-serif">` +
    `<h2>${escapeHtml(kindName)}</h2><p>${escapeHtml(t.period[input.period])}: ${escapeHtml(dates)}</p>` +
    `<table cellpadding="4" style="border-collapse:collapse"><tr><th align="left">${escapeHtml(t.mail.figure)}</th>` +
    `<th>${escapeHtml(t.mail.current)}</th><th>${escapeHtml(t.mail.previous)}</th><th>${escapeHtml(t.mail.change)}</th></tr>${rows}</table>` +
    (changed.length ? '' : `<p>${escapeHtml(t.mail.no_change)}</p>`) +
    `${top}<p>${escapeHtml(attached)}</p><p style="color:#666;font-size:12px">${escapeHtml(t.mail.footer)}</p></body></html>`;
  const text = [
    `${kindName} · ${dates}`,
    ...figures.map(
      (f) =>
        `${figureLabels[f.key] ?? f.key}: ${number(f.current, lang)}${f.previous === null ? '' : ` (${number(f.previous, lang)}) ${change(f)}`}`,
    ),
    ...(report.top.length
      ? ['', t.mail.top, ...report.top.map((o) => `- ${o.label}: ${o.value}`)]
      : []),
    '',
    attached,
    t.mail.footer,
  ].join('\n');
  const file = `${input.kind}-${new Date(wallClockOf(timeZone, window.from)).toISOString().slice(0, 10)}.xlsx`;
  return {
    id: input.id,
    to: input.to,
    subject,
    text,
    html,
    attachments: [
      {
        filename: file,
        content: await workbook(kindName, report, timeZone, lang),
        contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      },
    ],
  };
}
