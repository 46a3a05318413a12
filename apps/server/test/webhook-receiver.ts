import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifyWebhookSignature } from '../src/modules/webhooks/index.js';

/** What a receiver got: one entry per request. */
export interface Received {
  id: number;
  type: string;
  eventHeader: string | undefined;
  idHeader: string | undefined;
  signed: boolean;
  body: { id: number; type: string; createdAt: string; data: Record<string, unknown> };
}

/**
 * A real local webhook receiver (node:http) that checks each request's signature with the
 * endpoint's secret (set once the endpoint exists) and answers `status()` (default 204).
 */
export class WebhookReceiver {
  readonly received: Received[] = [];
  /** Requests answered, whatever their status. */
  attempts = 0;
  secret = '';
  status = () => 204;
  private server: Server | undefined;
  port = 0;

  async start(port = 0): Promise<number> {
    const server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const status = this.status();
        this.attempts += 1;
        if (status >= 200 && status < 300) {
          const body = JSON.parse(raw) as Received['body'];
          this.received.push({
            id: body.id,
            type: body.type,
            eventHeader: request.headers['rumbo-event'] as string | undefined,
            idHeader: request.headers['rumbo-event-id'] as string | undefined,
            signed: verifyWebhookSignature(
              this.secret,
              raw,
              request.headers['rumbo-signature'] as string,
            ),
            body,
          });
        }
        response.writeHead(status).end('ignored');
      });
    });
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    this.server = server;
    this.port = (server.address() as AddressInfo).port;
    return this.port;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  url(path = '/hook'): string {
    return `http://127.0.0.1:${this.port}${path}`;
  }
}
