import { randomBytes } from 'node:crypto';
import { crc32, deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { deflatedEntry, workbookParts, zipOf } from '../../../test/zip-builder.js';
import { DomainError } from '../errors.js';
import { checkZip, checkZipDirectory, ZipLimitError, ZipUnreadableError } from './bounded-zip.js';
import { readXlsxFirstSheet } from './unpack.js';

// The archive bounds one by one (small limits), and the reading worker's heap and time bounds.

const limits = { maxEntries: 5, maxInflatedBytes: 100_000, maxRatio: 50, ratioGraceBytes: 10_000 };
const zeros = (n: number) => deflatedEntry('a.bin', Buffer.alloc(n));
/** `n` bytes that barely compress. */
const text = (name: string, n: number) =>
  deflatedEntry(
    name,
    randomBytes(Math.ceil(n / 2))
      .toString('hex')
      .slice(0, n),
  );

async function refusal(run: Promise<unknown>) {
  try {
    await run;
  } catch (error) {
    if (error instanceof ZipLimitError) return `${error.limit} ${error.max}`;
    if (error instanceof ZipUnreadableError) return 'unreadable';
    throw error;
  }
  return 'taken';
}

function sheetOf(rows: number, cols: number): Buffer {
  const names = Array.from(
    { length: cols },
    (_, c) => String.fromCharCode(65 + (c % 26)) + (c >= 26 ? 'A' : ''),
  );
  const parts = [
    '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>',
  ];
  for (let i = 1; i <= rows; i++) {
    parts.push(`<row r="${i}">${names.map((c) => `<c r="${c}${i}"><v>1</v></c>`).join('')}</row>`);
  }
  parts.push('</sheetData></worksheet>');
  const xml = Buffer.from(parts.join(''));
  return zipOf([
    ...workbookParts(),
    {
      name: 'xl/worksheets/sheet1.xml',
      method: 8,
      data: deflateRawSync(xml),
      crc: crc32(xml),
      declaredSize: xml.length,
    },
  ]);
}

describe('bounded zip', () => {
  it('refuses by entry count, declared size and declared ratio before inflating', async () => {
    const six = zipOf(Array.from({ length: 6 }, (_, i) => text(`f${i}`, 10)));
    expect(await refusal(checkZipDirectory(six, limits))).toBe('entries 5');
    const big = zipOf([text('a', 60_000), text('b', 60_000)]);
    expect(await refusal(checkZipDirectory(big, limits))).toBe('inflated 100000');
    expect(await refusal(checkZipDirectory(zipOf([zeros(50_000)]), limits))).toBe('ratio 50');
    expect(await refusal(checkZipDirectory(zipOf([text('a', 5_000)]), limits))).toBe('taken');
    expect(await refusal(checkZipDirectory(Buffer.from('PK\x03\x04 no zip'), limits))).toBe(
      'unreadable',
    );
  });

  it('stops inflating an entry that inflates past what it declares, and keeps only what is asked', async () => {
    const lying = zipOf([{ ...zeros(5_000_000), declaredSize: 1_000 }]);
    expect(await refusal(checkZipDirectory(lying, limits))).toBe('taken');
    expect(await refusal(checkZip(lying, limits))).toBe('unreadable');
    const kept = await checkZip(zipOf([text('a', 100), text('b', 100)]), limits, (n) => n === 'b');
    expect([...kept.keys()]).toEqual(['b']);
  });
});

describe('reading a workbook in the worker', () => {
  it('reads a workbook; refuses one within the zip bounds that needs more heap or time than the worker has, and goes on reading', async () => {
    expect(await readXlsxFirstSheet(sheetOf(2, 2))).toEqual([
      [1, 1],
      [1, 1],
    ]);
    // 30 MB of sheet at about 10 to 1: within the archive bounds, too much for 128 MB / 10 s.
    const heavy = sheetOf(29_700, 40);
    const heapBefore = process.memoryUsage().heapUsed;
    const error = await readXlsxFirstSheet(heavy).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).params).toEqual({ archive: 'work', max: '128 MB' });
    expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(100 * 1024 * 1024);
    expect(await readXlsxFirstSheet(sheetOf(1, 1))).toEqual([[1]]);
  }, 60_000);
});
