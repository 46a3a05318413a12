import { createDeflateRaw, crc32, deflateRawSync } from 'node:zlib';

// Zip files built byte by byte for the upload tests: real workbooks' shape, zip bombs whose
// sheet inflates to hundreds of megabytes, headers that lie about sizes, too many entries.

/** One entry as stored: its name, its (compressed) bytes and what its headers declare. */
export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated. */
  method: 0 | 8;
  data: Buffer;
  crc: number;
  /** Inflated size written in both headers (a bomb may lie). */
  declaredSize: number;
}

/** An entry deflated in one go. */
export function deflatedEntry(name: string, content: string | Buffer): ZipEntry {
  const bytes = Buffer.isBuffer(content) ? content : Buffer.from(content);
  return {
    name,
    method: 8,
    data: deflateRawSync(bytes),
    crc: crc32(bytes),
    declaredSize: bytes.length,
  };
}

/**
 * An entry whose content is `head`, then `block` repeated to `totalBytes`, then `tail`, deflated
 * as a stream (the inflated content is never held in memory).
 */
export async function repeatedEntry(
  name: string,
  totalBytes: number,
  parts: { head: string; block: string; tail: string },
): Promise<ZipEntry> {
  const block = Buffer.from(parts.block);
  const chunk = Buffer.alloc(Math.floor((1024 * 1024) / block.length) * block.length);
  for (let i = 0; i < chunk.length; i += block.length) block.copy(chunk, i);
  const deflate = createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (c: Buffer) => out.push(c));
  const ended = new Promise((resolve) => deflate.on('end', resolve));
  let crc = 0;
  let size = 0;
  const write = async (bytes: Buffer) => {
    crc = crc32(bytes, crc);
    size += bytes.length;
    if (!deflate.write(bytes)) await new Promise((resolve) => deflate.once('drain', resolve));
  };
  await write(Buffer.from(parts.head));
  const tail = Buffer.from(parts.tail);
  while (size + chunk.length + tail.length <= totalBytes) await write(chunk);
  await write(tail);
  deflate.end();
  await ended;
  return { name, method: 8, data: Buffer.concat(out), crc, declaredSize: size };
}

/** The zip container of the entries: local headers and data, central directory, its end. */
export function zipOf(entries: readonly ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(entry.method, 8);
    local.writeUInt16LE(0, 10);
    local.writeUInt16LE(0x21, 12);
    local.writeUInt32LE(entry.crc >>> 0, 14);
    local.writeUInt32LE(entry.data.length, 18);
    local.writeUInt32LE(entry.declaredSize, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(entry.method, 10);
    central.writeUInt16LE(0, 12);
    central.writeUInt16LE(0x21, 14);
    central.writeUInt32LE(entry.crc >>> 0, 16);
    central.writeUInt32LE(entry.data.length, 20);
    central.writeUInt32LE(entry.declaredSize, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, entry.data);
    centrals.push(central, name);
    offset += local.length + name.length + entry.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const SHEET_MAIN = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml';

/** The parts of a workbook around its first sheet: content types, relationships, workbook. */
export function workbookParts(): ZipEntry[] {
  return [
    deflatedEntry(
      '[Content_Types].xml',
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="${SHEET_MAIN}"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
    ),
    deflatedEntry(
      '_rels/.rels',
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
    ),
    deflatedEntry(
      'xl/workbook.xml',
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Viajes" sheetId="1" r:id="rId1"/></sheets></workbook>',
    ),
    deflatedEntry(
      'xl/_rels/workbook.xml.rels',
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
    ),
  ];
}

/** A first sheet of `totalBytes` of one row repeated: 500 MB deflate to about 1.8 MB. */
export function bombSheet(totalBytes: number): Promise<ZipEntry> {
  return repeatedEntry('xl/worksheets/sheet1.xml', totalBytes, {
    head: '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>',
    block: `<row><c t="inlineStr"><is><t>${'Cargamento de prueba '.repeat(3)}</t></is></c></row>`,
    tail: '</sheetData></worksheet>',
  });
}
