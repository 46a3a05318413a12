// A phone running OsmAnd / Traccar Client (https://www.traccar.org/osmand/): one HTTP GET per
// record, `/?id=…&lat=…&lon=…&timestamp=<unix s>&speed=<knots>&bearing=…&altitude=…&batt=…`, sent
// one at a time, oldest first. 200 acknowledges; another 4xx refuses the record for good; a 5xx,
// a timeout or a network error is retried with backoff.

import http from 'node:http';
import {
  DEFAULT_BACKOFF,
  RecordQueue,
  backoffDelayMs,
  type BackoffOptions,
  type DeviceClient,
  type DeviceClientStats,
} from './record-queue.js';
import type { SimRecord } from './sim-record.js';

const KNOTS_PER_KMH = 1 / 1.852;

/** The request path and query an OsmAnd client sends for a record. */
export function osmandPath(deviceId: string, record: SimRecord): string {
  const params = new URLSearchParams({
    id: deviceId,
    lat: record.lat.toFixed(7),
    lon: record.lng.toFixed(7),
    timestamp: String(Math.floor(record.fixTimeMs / 1000)),
    speed: (record.speedKmh * KNOTS_PER_KMH).toFixed(2),
    bearing: String(record.headingDeg),
    altitude: String(record.altitudeM),
    batt: String(record.phoneBatteryPct),
  });
  return `/?${params.toString()}`;
}

/** How an {@link OsmAndClient} connects and paces itself. */
export interface OsmAndClientOptions {
  host: string;
  port: number;
  deviceId: string;
  /** Shared keep-alive agent (one per fleet); a private one when absent. */
  agent?: http.Agent;
  /** Per request (default 10 s). */
  requestTimeoutMs?: number;
  /** Outbox bound; the oldest records are dropped beyond it (default 10 000). */
  maxQueuedRecords?: number;
  backoff?: BackoffOptions;
}

type Outcome = 'acked' | 'rejected' | 'retry';

/** One phone's OsmAnd HTTP client. */
export class OsmAndClient implements DeviceClient<SimRecord> {
  readonly deviceId: string;
  private readonly queue: RecordQueue<SimRecord>;
  private readonly agent: http.Agent;
  private readonly ownsAgent: boolean;
  private readonly backoff: BackoffOptions;
  private isRunning = false;
  private inFlight?: http.ClientRequest;
  private timer?: NodeJS.Timeout;
  private attempt = 0;
  private isConnected = false;
  private hadSuccess = false;
  private counters = { sent: 0, acked: 0, resent: 0, rejected: 0, reconnects: 0 };

  constructor(private readonly options: OsmAndClientOptions) {
    this.deviceId = options.deviceId;
    this.queue = new RecordQueue(options.maxQueuedRecords ?? 10_000);
    this.ownsAgent = options.agent === undefined;
    this.agent = options.agent ?? new http.Agent({ keepAlive: true, maxSockets: 1 });
    this.backoff = options.backoff ?? DEFAULT_BACKOFF;
  }

  start(): void {
    if (this.isRunning) return;
    this.isRunning = true;
    this.pump();
  }

  async stop(): Promise<void> {
    this.isRunning = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.inFlight?.destroy();
    this.inFlight = undefined;
    this.isConnected = false;
    if (this.ownsAgent) this.agent.destroy();
    await Promise.resolve();
  }

  enqueue(records: readonly SimRecord[]): void {
    if (records.length === 0) return;
    this.queue.push(records, this.inFlight ? 1 : 0);
    this.pump();
  }

  stats(): DeviceClientStats {
    return {
      queued: this.queue.length,
      ...this.counters,
      dropped: this.queue.dropped,
      connected: this.isConnected,
    };
  }

  waitForQueueBelow(count: number): Promise<void> {
    return this.queue.waitUntil(() => this.queue.length < count);
  }

  whenIdle(): Promise<void> {
    return this.queue.waitUntil(() => this.queue.length === 0 && !this.inFlight);
  }

  private pump(): void {
    if (!this.isRunning || this.inFlight || this.timer) return;
    const [record] = this.queue.peek(1);
    if (!record) return;
    if (this.attempt > 0) this.counters.resent += 1;
    else this.counters.sent += 1;
    const request = http.get(
      {
        host: this.options.host,
        port: this.options.port,
        path: osmandPath(this.deviceId, record),
        agent: this.agent,
        timeout: this.options.requestTimeoutMs ?? 10_000,
      },
      (response) => {
        response.resume(); // the body is not needed; reading it frees the socket for reuse
        const status = response.statusCode ?? 0;
        const outcome: Outcome =
          status >= 200 && status < 300
            ? 'acked'
            : status >= 500 || status === 429
              ? 'retry'
              : 'rejected';
        response.on('end', () => this.settle(request, outcome));
        response.on('error', () => this.settle(request, 'retry'));
      },
    );
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', () => this.settle(request, 'retry'));
    this.inFlight = request;
  }

  private settle(request: http.ClientRequest, outcome: Outcome): void {
    if (request !== this.inFlight) return;
    this.inFlight = undefined;
    if (outcome === 'retry') {
      this.isConnected = false;
      const delayMs = backoffDelayMs(this.backoff, this.attempt, this.deviceId);
      this.attempt += 1;
      if (this.isRunning) {
        this.timer = setTimeout(() => {
          this.timer = undefined;
          this.pump();
        }, delayMs);
      }
      this.queue.notify();
      return;
    }
    if (!this.isConnected && this.hadSuccess) this.counters.reconnects += 1;
    this.isConnected = true;
    this.hadSuccess = true;
    this.attempt = 0;
    if (outcome === 'acked') this.counters.acked += 1;
    else this.counters.rejected += 1;
    this.queue.shift(1);
    this.pump();
  }
}
