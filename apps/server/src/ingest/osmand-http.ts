import { createServer, type IncomingMessage, type Server } from 'node:http';
import { decodeOsmAnd, type Position } from '@rumbo/telematics';
import type { IngestContext } from './ingest-types.js';

const MAX_BODY_BYTES = 256 * 1024;

function readBody(request: IncomingMessage): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        resolve(null);
        request.destroy();
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

/** Starts the OsmAnd (Traccar Client) HTTP listener: 200 when stored, 400 without id or position. */
export async function startOsmAndHttp(
  ctx: IngestContext,
  port: number,
  host = '0.0.0.0',
): Promise<Server> {
  const server = createServer((request, response) => {
    const reply = (status: number, text: string) => {
      if (response.headersSent) return;
      response.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' }).end(text);
    };
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://osmand.local');
      const body = request.method === 'POST' ? await readBody(request) : '';
      if (body === null) return reply(413, 'payload too large');
      const decoded = decodeOsmAnd({
        query: [...url.searchParams.entries()],
        body,
        contentType: request.headers['content-type'],
        nowMs: ctx.nowMs(),
      });
      if (!decoded.ok) {
        ctx.counters.badFrames += 1;
        return reply(400, decoded.reason);
      }
      let stored = 0;
      const byDevice = new Map<string, Position[]>();
      for (const p of decoded.positions)
        byDevice.set(p.deviceId, [...(byDevice.get(p.deviceId) ?? []), p]);
      for (const [uniqueId, positions] of byDevice) {
        const device = await ctx.resolveDevice(uniqueId, 'osmand');
        if (!device) {
          ctx.counters.unknownDevices += 1;
          return reply(403, 'unknown device');
        }
        const result = await ctx.submit(device, positions);
        ctx.counters.recordsAcked += result.accepted;
        ctx.counters.recordsRejected += result.rejected;
        stored += result.accepted;
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
