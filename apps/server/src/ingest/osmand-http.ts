import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { Position } from '@rumbo/telematics';
import { decodeOsmAnd, type OsmAndRejection } from '@rumbo/telematics/protocols';
import { deliver } from './deliver.js';
import type { IngestContext } from './ingest-types.js';

/** Largest request body the OsmAnd port reads: far above a Traccar Client batch (a few KB). */
export const OSMAND_MAX_BODY_BYTES = 256 * 1024;

const REJECTION_TEXT: Record<OsmAndRejection, string> = {
  'no device id': 'no device id',
  'bad device id':
    "bad device id: 1 to 40 characters, each a letter, a digit, '_', '.', ':' or '-'",
  'no position': 'no position',
  'bad timestamp': 'bad timestamp',
  'bad json': 'bad json',
};

/** The body as text, or null once it passes `maxBytes` (the rest is read and thrown away). */
function readBody(request: IncomingMessage, maxBytes: number): Promise<string | null> {
  const declared = Number(request.headers['content-length']);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let isTooLarge = Number.isFinite(declared) && declared > maxBytes;
    // Draining (not destroying) the request lets the answer reach a client still sending.
    if (isTooLarge) resolve(null);
    request.on('data', (chunk: Buffer) => {
      if (isTooLarge) return;
      size += chunk.length;
      if (size > maxBytes) {
        isTooLarge = true;
        chunks.length = 0;
        resolve(null);
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(isTooLarge ? null : Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

/**
 * Starts the OsmAnd (Traccar Client) HTTP listener: 200 when stored, 400 without a valid device id
 * or a position, 403 for an unknown device, 413 for a body over {@link OSMAND_MAX_BODY_BYTES}.
 */
export async function startOsmAndHttp(
  ctx: IngestContext,
  port: number,
  host = '0.0.0.0',
): Promise<Server> {
  const server = createServer((request, response) => {
    const reply = (status: number, text: string, headers: Record<string, string> = {}) => {
      if (response.headersSent) return;
      response
        .writeHead(status, { 'content-type': 'text/plain; charset=utf-8', ...headers })
        .end(text);
    };
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://osmand.local');
      const body = request.method === 'POST' ? await readBody(request, OSMAND_MAX_BODY_BYTES) : '';
      if (body === null) {
        ctx.counters.badFrames += 1;
        return reply(413, `payload too large: at most ${OSMAND_MAX_BODY_BYTES / 1024} KiB`, {
          connection: 'close',
        });
      }
      const decoded = decodeOsmAnd({
        query: [...url.searchParams.entries()],
        body,
        contentType: request.headers['content-type'],
        nowMs: ctx.nowMs(),
      });
      if (!decoded.ok) {
        ctx.counters.badFrames += 1;
        return reply(400, REJECTION_TEXT[decoded.reason]);
      }
      let stored = 0;
      const byDevice = new Map<string, Position[]>();
      for (const p of decoded.positions)
        byDevice.set(p.deviceId, [...(byDevice.get(p.deviceId) ?? []), p]);
      for (const [uniqueId, positions] of byDevice) {
        const delivery = await deliver(ctx, 'osmand', uniqueId, () => positions);
        if (!delivery.device) return reply(403, 'unknown device');
        stored += delivery.result.accepted;
      }
      return reply(200, `stored ${stored}`);
    })().catch((error: unknown) => {
      ctx.log.warn({ err: error }, 'OsmAnd request not stored');
      reply(503, 'not stored, retry');
    });
  });
  server.requestTimeout = 30_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return server;
}
