import type { Server as HttpServer } from 'node:http';
import type { AddressInfo, Server as TcpServer, Socket } from 'node:net';
import type { Socket as UdpSocket } from 'node:dgram';
import type { DeviceProtocol } from '@rumbo/contracts';
import type { MqttClient } from 'mqtt';
import type { IngestContext } from './ingest-types.js';
import { startIngestWorker, type IngestWorkerControl } from './ingest-worker-host.js';
import { startMqttIngest } from './mqtt-ingest.js';
import { startOsmAndHttp } from './osmand-http.js';
import { startStreamListener, type StreamLimits } from './stream-session.js';
import { STREAM_PROTOCOLS } from './stream-protocols.js';
import { startTeltonikaTcp, type TeltonikaTcpLimits } from './teltonika-tcp.js';
import { startTeltonikaUdp } from './teltonika-udp.js';

/** The running protocol listeners. */
export interface IngestListeners {
  teltonikaPort: number;
  osmandPort: number;
  /** The bound port of each stream protocol of `STREAM_PROTOCOLS` that was started. */
  streamPorts: Partial<Record<DeviceProtocol, number>>;
  /** With `workers`: the worker thread that runs the listeners. */
  worker?: IngestWorkerControl;
  close(): Promise<void>;
}

/** Tracks a TCP server's device sockets: open ones would keep close() waiting. */
function trackSockets(server: TcpServer, sockets: Set<Socket>): void {
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
}

/**
 * Starts Teltonika (TCP + UDP), OsmAnd HTTP, each stream protocol of `STREAM_PROTOCOLS` given a
 * port in `streamPorts` and, when a URL is given, MQTT. Port 0 = any free. With `workers: 1`
 * (config `INGEST_WORKERS`) they run in a worker thread and the records come back to `ctx.submit`
 * on this thread (ingest-worker-host.ts, docs/decisions/0046-ingest-worker-threads.md).
 */
export async function startIngest(
  ctx: IngestContext,
  options: {
    teltonikaPort: number;
    osmandPort: number;
    mqttUrl?: string | undefined;
    host?: string;
    /** Overrides of the Teltonika TCP port's timeouts and buffer caps (tests shorten them). */
    teltonikaLimits?: Partial<TeltonikaTcpLimits>;
    /** Ports of the other stream protocols (config `PROTOCOL_PORTS`); one left out is not started. */
    streamPorts?: Partial<Record<DeviceProtocol, number>>;
    /** Overrides of the other stream ports' timeouts and caps. */
    streamLimits?: Partial<StreamLimits>;
    /** Worker threads running the listeners: 0 = on this thread (the default), 1 = one. */
    workers?: number;
  },
): Promise<IngestListeners> {
  const { workers = 0, ...listen } = options;
  if (workers > 0) return startIngestWorker(ctx, listen);
  const host = options.host ?? '0.0.0.0';
  const tcpServers: TcpServer[] = [];
  const deviceSockets = new Set<Socket>();
  const tcp = await startTeltonikaTcp(ctx, options.teltonikaPort, host, options.teltonikaLimits);
  tcpServers.push(tcp);
  const teltonikaPort = (tcp.address() as AddressInfo).port;
  const udp: UdpSocket = await startTeltonikaUdp(ctx, teltonikaPort, host);
  const streamPorts: Partial<Record<DeviceProtocol, number>> = {};
  for (const spec of STREAM_PROTOCOLS) {
    const port = options.streamPorts?.[spec.protocol];
    if (port === undefined) continue;
    const server = await startStreamListener(ctx, spec, port, host, options.streamLimits);
    tcpServers.push(server);
    streamPorts[spec.protocol] = (server.address() as AddressInfo).port;
  }
  for (const server of tcpServers) trackSockets(server, deviceSockets);
  const http: HttpServer = await startOsmAndHttp(ctx, options.osmandPort, host);
  const osmandPort = (http.address() as AddressInfo).port;
  let mqtt: MqttClient | undefined;
  if (options.mqttUrl) {
    try {
      mqtt = await startMqttIngest(ctx, options.mqttUrl);
    } catch (error) {
      ctx.log.warn({ err: error, url: options.mqttUrl }, 'MQTT ingest not started');
    }
  }
  return {
    teltonikaPort,
    osmandPort,
    streamPorts,
    async close() {
      await mqtt?.endAsync();
      udp.close();
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
      const closed = tcpServers.map(
        (server) => new Promise<void>((resolve) => server.close(() => resolve())),
      );
      // Open device sockets would keep close() waiting; devices reconnect on their own.
      for (const socket of deviceSockets) socket.destroy();
      await Promise.all(closed);
    },
  };
}
