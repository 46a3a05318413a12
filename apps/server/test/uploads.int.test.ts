import { request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeCodec8eFrame, encodeLogin } from '@rumbo/telematics';
import type { IngestListeners } from '../src/ingest/start-ingest.js';
import { XLSX_LIMITS } from '../src/lib/unpack/limits.js';
import { loadLiveFleet } from '../src/realtime/load-live-fleet.js';
import { truckRecord, openTestIngest } from './ingest-helpers.js';
import { FAST_PIPELINE, addTruck, countRows, signIn } from './api.js';
import { testApp, testBackends } from './harness.js';
import {
  bombSheet,
  deflatedEntry,
  repeatedEntry,
  workbookParts,
  zipOf,
  type ZipEntry,
} from './zip-builder.js';

// Issue 21 items 1, 4 and 10 (second half), through the real server over real HTTP: zip bombs
// disguised as .xlsx (and a KMZ) refused within seconds while a device streams, its acks as fast
// as without them; files over a route's limit refused whole (413) instead of cut at the limit;
// every refusal naming the route's real limit and types.

const MB = 1024 * 1024;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const PNG_HEAD = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

/** A Teltonika device on a raw socket that times each frame from write to ack. */
class TimedDevice {
  private readonly socket: Socket;
  private pending: Buffer = Buffer.alloc(0);
  private waiter: ((bytes: Buffer) => void) | undefined;
  private want = 0;
  private next = 0;

  constructor(
    port: number,
    private readonly startMs: number,
  ) {
    this.socket = connect(port, '127.0.0.1');
    this.socket.setNoDelay(true);
    this.socket.on('data', (chunk: Buffer) => {
      this.pending = Buffer.concat([this.pending, chunk]);
      this.deliver();
    });
  }

  private deliver() {
    if (!this.waiter || this.pending.length < this.want) return;
    const bytes = this.pending.subarray(0, this.want);
    this.pending = this.pending.subarray(this.want);
    const resolve = this.waiter;
    this.waiter = undefined;
    resolve(bytes);
  }

  private read(n: number): Promise<Buffer> {
    return new Promise((resolve) => {
      this.want = n;
      this.waiter = resolve;
      this.deliver();
    });
  }

  async login(imei: string): Promise<void> {
    await new Promise<void>((resolve) => this.socket.once('connect', () => resolve()));
    this.socket.write(encodeLogin(imei));
    expect((await this.read(1))[0]).toBe(1);
  }

  /** Sends `frames` one-record frames `gapMs` apart; the ms from each write to its ack. */
  async stream(frames: number, gapMs: number): Promise<number[]> {
    const times: number[] = [];
    for (let i = 0; i < frames; i++) {
      const record = truckRecord(this.startMs + this.next++ * 1000, { speedKmh: 60 });
      const t0 = performance.now();
      this.socket.write(encodeCodec8eFrame([record]));
      expect((await this.read(4)).readUInt32BE(0)).toBe(1);
      times.push(performance.now() - t0);
      await new Promise((resolve) => setTimeout(resolve, gapMs));
    }
    return times;
  }

  end() {
    this.socket.destroy();
  }
}

const p99 = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.99) - 1)]!;
};

/** A real multipart body of one file (fetch's FormData). */
function form(field: string, name: string, bytes: Buffer, type: string): FormData {
  const body = new FormData();
  body.append(field, new Blob([bytes], { type }), name);
  return body;
}

/**
 * A multipart upload written as a client streaming a file does: the part's head, then the file in
 * 64 KB writes a moment apart, so the server reads it in chunks that end on 64 KB boundaries,
 * one of them exactly at a 2 MB limit (how the probe's uploads came to be cut there).
 */
async function streamedUpload(
  url: string,
  headers: Record<string, string>,
  file: { field: string; name: string; type: string; bytes: Buffer },
): Promise<{ status: number; body: { message: string } }> {
  const boundary = '----rumbo21';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        headers: {
          ...headers,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': head.length + file.bytes.length + tail.length,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: JSON.parse(Buffer.concat(chunks).toString()) as { message: string },
          }),
        );
      },
    );
    req.on('error', reject);
    void (async () => {
      req.write(head);
      for (let i = 0; i < file.bytes.length && !req.destroyed; i += 64 * 1024) {
        await new Promise((r) => setTimeout(r, 2));
        req.write(file.bytes.subarray(i, i + 64 * 1024));
      }
      req.end(tail);
    })();
  });
}

for (const backend of testBackends()) {
  describe(`uploads (${backend})`, () => {
    let ctx: Awaited<ReturnType<typeof testApp>>;
    let ingest: IngestListeners;
    let base: string;
    let operator: Record<string, string>;
    let admin: Record<string, string>;
    let truck: number;
    const imei = '359000000021001';
    let honestBomb: Buffer;
    let lyingBomb: Buffer;
    let kmzBomb: Buffer;

    const post = (
      path: string,
      headers: Record<string, string>,
      body: RequestInit['body'],
      lang = 'es',
    ) =>
      fetch(`${base}${path}`, {
        method: 'POST',
        headers: { ...headers, 'accept-language': lang },
        body,
      });
    const importTrips = (bytes: Buffer, name = 'viajes.xlsx', type = XLSX, lang = 'es') =>
      post('/api/v2/planned-trips/import', operator, form('file', name, bytes, type), lang);
    const count = (table: string) => countRows(ctx.database.db, table);

    beforeAll(async () => {
      // The bombs first, so building them is not counted in the server's memory growth.
      const sheet = await bombSheet(500 * MB);
      honestBomb = zipOf([...workbookParts(), sheet]);
      lyingBomb = zipOf([...workbookParts(), { ...sheet, declaredSize: 1_000 }]);
      const kml = await repeatedEntry('doc.kml', 500 * MB, {
        head: '<?xml version="1.0" encoding="UTF-8"?><kml xmlns="http://www.opengis.net/kml/2.2"><Document>',
        block:
          '<Placemark><name>Zona</name><Point><coordinates>-58.4,-34.6</coordinates></Point></Placemark>',
        tail: '</Document></kml>',
      });
      kmzBomb = zipOf([kml]);

      ctx = await testApp(backend, { pipeline: FAST_PIPELINE });
      ({ vehicleId: truck } = await addTruck(ctx.database.db, imei, 'UP021AA'));
      await loadLiveFleet(ctx.database.db, ctx.app.services.live, Date.now());
      ingest = await openTestIngest(ctx);
      base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      operator = await signIn(ctx.app, 'demouser', 'demo1234');
      admin = await signIn(ctx.app, 'demoadmin', 'demo1234');
    }, 120_000);

    afterAll(async () => {
      await ingest?.close();
      await ctx?.close();
    });

    it('refuses two .xlsx zip bombs uploaded at once within 3 s, while a device’s acks keep their pace and memory stays flat', async () => {
      expect(honestBomb.length).toBeGreaterThan(1.5 * MB);
      expect(honestBomb.length).toBeLessThan(2 * MB);
      const device = new TimedDevice(ingest.teltonikaPort, Date.now() - 3_600_000);
      await device.login(imei);
      await device.stream(20, 10); // warm-up
      // A server that has read a workbook before: its reading worker is started (the first file's
      // cost, tsx compiling the worker in tests, is not what this measures).
      const warm = await importTrips(zipOf(workbookParts()), 'vacio.xlsx');
      expect(warm.status).toBeLessThan(500);
      const baseline = await device.stream(150, 10);

      const loop = monitorEventLoopDelay({ resolution: 5 });
      const rssBefore = process.memoryUsage().rss;
      let rssPeak = rssBefore;
      const sampler = setInterval(() => {
        rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
      }, 10);
      loop.enable();
      const during = device.stream(150, 10);
      await new Promise((resolve) => setTimeout(resolve, 200));
      const timed = async (bytes: Buffer, lang: string) => {
        const t0 = performance.now();
        const response = await importTrips(bytes, 'viajes.xlsx', XLSX, lang);
        const body = (await response.json()) as { error: string; message: string };
        return { status: response.status, body, ms: performance.now() - t0 };
      };
      const [honest, lying] = await Promise.all([timed(honestBomb, 'es'), timed(lyingBomb, 'en')]);
      const underLoad = await during;
      clearInterval(sampler);
      loop.disable();
      device.end();

      const figures = {
        honestMs: Math.round(honest.ms),
        lyingMs: Math.round(lying.ms),
        rssGrowthMb: Math.round((rssPeak - rssBefore) / MB),
        ackP99BaselineMs: +p99(baseline).toFixed(1),
        ackP99DuringMs: +p99(underLoad).toFixed(1),
        ackMaxDuringMs: +Math.max(...underLoad).toFixed(1),
        eventLoopDelayMaxMs: +(loop.max / 1e6).toFixed(1),
      };
      console.log(`zip bombs (${backend})`, figures);
      // Declared 500 MB: refused from the central directory, naming the budget.
      expect(honest.status).toBe(413);
      expect(honest.body.message).toBe(
        'El archivo descomprimido supera el máximo de 32 MB: no se leyó',
      );
      // Declared 1 KB but inflating past it: refused as soon as the stream passes what it declared.
      expect(lying.status).toBe(415);
      expect(lying.body.message).toBe(
        'The file is not a spreadsheet: use an Excel workbook (.xlsx) or a CSV file',
      );
      expect(honest.ms).toBeLessThan(3_000);
      expect(lying.ms).toBeLessThan(3_000);
      expect(rssPeak - rssBefore).toBeLessThan(150 * MB);
      // The device's acks: the same pace as before (a stalled event loop showed seconds).
      // On a busy test machine (2 cores, the test's own HTTP client and the embedded database in
      // this process) a p99 of 150 acks moves by tens of ms from run to run: within 150 ms or twice.
      expect(p99(underLoad)).toBeLessThan(Math.max(2 * p99(baseline), p99(baseline) + 150));
      // The event loop never stalled (the probe saw acks wait 13.8 s).
      expect(loop.max / 1e6).toBeLessThan(400);
      expect(await count('planned_trips')).toBe(0);
      // The server is still well.
      expect((await fetch(`${base}/api/health`)).status).toBe(200);
    });

    it('refuses an .xlsx past the ratio or the entry count, and a KMZ bomb, before parsing; a real workbook still goes in', async () => {
      // 20 MB declared (under the budget) at ~280 to 1: the ratio.
      const dense = zipOf([...workbookParts(), await bombSheet(20 * MB)]);
      const ratio = await importTrips(dense, 'viajes.xlsx', XLSX, 'en');
      expect(ratio.status).toBe(413);
      expect(((await ratio.json()) as { message: string }).message).toBe(
        `The file is compressed more than ${XLSX_LIMITS.maxRatio} times over, like a decompression bomb: it was not read`,
      );
      // 1,001 tiny parts.
      const many: ZipEntry[] = Array.from({ length: XLSX_LIMITS.maxEntries + 1 }, (_, i) =>
        deflatedEntry(`xl/media/p${i}.xml`, '<x/>'),
      );
      const entries = await importTrips(zipOf([...workbookParts(), ...many]));
      expect(entries.status).toBe(413);
      expect(((await entries.json()) as { message: string }).message).toBe(
        `El archivo comprimido contiene más de ${XLSX_LIMITS.maxEntries} archivos: no se leyó`,
      );
      // A KMZ (a zip holding doc.kml, 500 MB inflated): no route unpacks one; the import refuses it
      // by its bytes without inflating it.
      const t0 = performance.now();
      const kmz = await importTrips(kmzBomb, 'zonas.kmz', 'application/vnd.google-earth.kmz');
      expect(kmz.status).toBe(415);
      expect(performance.now() - t0).toBeLessThan(3_000);
      expect(await count('planned_trips')).toBe(0);

      // A real workbook of a plan reads through the same worker.
      const { default: ExcelJS } = await import('exceljs');
      const workbook = new ExcelJS.Workbook();
      const sheet = workbook.addWorksheet('Viajes');
      sheet.addRow([
        'Patente',
        'Origen',
        'Origen lat',
        'Origen lng',
        'Salida',
        'Destino',
        'Destino lat',
        'Destino lng',
        'Llegada',
      ]);
      const start = new Date(Date.now() + 86_400_000);
      sheet.addRow([
        'up-021 aa',
        'A',
        -34.6,
        -58.5,
        start,
        'B',
        -34.6,
        -58.4,
        new Date(start.getTime() + 3_600_000),
      ]);
      const good = await importTrips(Buffer.from(await workbook.xlsx.writeBuffer()));
      expect(good.status, await good.clone().text()).toBe(200);
      expect(await good.json()).toMatchObject({ imported: 1 });
      await sql`delete from planned_trips`.execute(ctx.database.db);
    });

    it('answers 413 to an avatar over 2 MB every time and keeps the one stored; takes one of exactly 2 MB whole', async () => {
      const avatar = (bytes: Buffer, lang = 'es') =>
        post(
          '/api/rest/user/upload_avatar',
          admin,
          form('files', 'me.png', bytes, 'image/png'),
          lang,
        );
      const stored = async () =>
        (
          await sql<{
            n: number | null;
          }>`select octet_length(avatar) as n from users where username = 'demoadmin'`.execute(
            ctx.database.db,
          )
        ).rows[0]!.n;
      const exact = Buffer.concat([PNG_HEAD, Buffer.alloc(2 * MB - PNG_HEAD.length, 7)]);
      const ok = await avatar(exact);
      expect(ok.status, await ok.clone().text()).toBe(200);
      expect(Number(await stored())).toBe(2 * MB);

      const over = Buffer.concat([PNG_HEAD, Buffer.alloc(3 * MB, 9)]);
      for (let i = 0; i < 10; i++) {
        const refused = await avatar(over, i % 2 ? 'en' : 'es');
        expect(refused.status).toBe(413);
        expect(((await refused.json()) as { message: string }).message).toBe(
          i % 2
            ? 'The file or request is too large (at most 2 MB)'
            : 'El archivo o la solicitud es demasiado grande (máximo 2 MB)',
        );
        const streamed = await streamedUpload(`${base}/api/rest/user/upload_avatar`, admin, {
          field: 'files',
          name: 'me.png',
          type: 'image/png',
          bytes: over,
        });
        expect(streamed.status).toBe(413);
        expect(streamed.body.message).toBe(
          'El archivo o la solicitud es demasiado grande (máximo 2 MB)',
        );
      }
      // One byte over is over too.
      const justOver = Buffer.concat([exact, Buffer.from([0])]);
      expect((await avatar(justOver)).status).toBe(413);
      expect(Number(await stored())).toBe(2 * MB);
    });

    it('answers 413 to a 3 MB CSV import every time and imports nothing (all rows or none)', async () => {
      const start = new Date(Date.now() + 86_400_000).toISOString();
      const end = new Date(Date.now() + 90_000_000).toISOString();
      const header =
        'patente,origen,origen_lat,origen_lng,salida,destino,destino_lat,destino_lng,llegada';
      const row = `UP021AA,A,-34.6,-58.5,${start},B,-34.6,-58.4,${end}`;
      const small = Buffer.from(`${header}\n${row}\n`);
      // The same row, then 3 MB of blank lines: its first 2 MB alone would import one plan.
      const big = Buffer.concat([small, Buffer.alloc(3 * MB, '\n')]);
      for (let i = 0; i < 8; i++) {
        const streamed = await streamedUpload(`${base}/api/v2/planned-trips/import`, operator, {
          field: 'file',
          name: 'viajes.csv',
          type: 'text/csv',
          bytes: big,
        });
        expect(streamed.status).toBe(413);
        const refused = await importTrips(big, 'viajes.csv', 'text/csv', i % 2 ? 'en' : 'es');
        expect(refused.status).toBe(413);
        expect(((await refused.json()) as { message: string }).message).toBe(
          i % 2
            ? 'The file or request is too large (at most 2 MB)'
            : 'El archivo o la solicitud es demasiado grande (máximo 2 MB)',
        );
      }
      expect(await count('planned_trips')).toBe(0);
      const taken = await importTrips(small, 'viajes.csv', 'text/csv');
      expect(taken.status, await taken.clone().text()).toBe(200);
      expect(await count('planned_trips')).toBe(1);
      await sql`delete from planned_trips`.execute(ctx.database.db);
    });

    it('words every upload refusal from the route’s real limit and types', async () => {
      const service = (await (
        await fetch(`${base}/api/maintenance/services`, {
          method: 'POST',
          headers: { ...admin, 'content-type': 'application/json' },
          body: JSON.stringify({ vehicleId: truck, date: new Date().toISOString().slice(0, 10) }),
        })
      ).json()) as { id: number };
      const attach = (body: Buffer, type: string, lang: string) =>
        fetch(`${base}/api/maintenance/services/${service.id}/attachments?name=f.pdf`, {
          method: 'POST',
          headers: { ...admin, 'content-type': type, 'accept-language': lang },
          body,
        });
      const message = async (response: Response) =>
        ((await response.json()) as { message: string }).message;
      const pdf = Buffer.from('%PDF-1.4\n%%EOF\n');
      const big = Buffer.concat([pdf, Buffer.alloc(6 * MB)]);
      const tooBig = await attach(big, 'application/pdf', 'es');
      expect(tooBig.status).toBe(413);
      expect(await message(tooBig)).toBe(
        'El archivo o la solicitud es demasiado grande (máximo 5 MB)',
      );
      const tooBigEn = await attach(big, 'application/octet-stream', 'en');
      expect(await message(tooBigEn)).toBe('The file or request is too large (at most 5 MB)');
      const notPdf = await attach(Buffer.from('hola'), 'application/pdf', 'es');
      expect(notPdf.status).toBe(415);
      expect(await message(notPdf)).toBe('Tipo de archivo no admitido: usa PDF, JPEG o PNG');
      const text = await attach(pdf, 'text/plain', 'en');
      expect(text.status).toBe(415);
      expect(await message(text)).toBe('File type not supported: use PDF, JPEG, or PNG');
      expect(await count('maintenance_attachments')).toBe(0);

      const avatar = await post(
        '/api/rest/user/upload_avatar',
        admin,
        form('files', 'me.pdf', pdf, 'application/pdf'),
        'es',
      );
      expect(avatar.status).toBe(415);
      expect(await message(avatar)).toBe('Tipo de archivo no admitido: usa PNG, JPEG o WebP');
      const notMultipart = await fetch(`${base}/api/rest/user/upload_avatar`, {
        method: 'POST',
        headers: { ...admin, 'content-type': 'text/plain', 'accept-language': 'en' },
        body: 'x',
      });
      expect(notMultipart.status).toBe(415);
      expect(await message(notMultipart)).toBe('File type not supported: use PNG, JPEG, or WebP');
    });
  });
}
