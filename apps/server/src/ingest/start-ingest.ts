import type { Server as HttpServer } from 'node:http';
import type { AddressInfo, Server as TcpServer, Socket } from 'node:net';
import type { Socket as UdpSocket } from 'node:dgram';
import type { MqttClient } from 'mqtt';
import type { IngestContext } from './ingest-types.js';
import { startMqttIngest } from './mqtt-ingest.js';
import { startOsmAndHttp } from './osmand-http.js';
import { startTeltonikaTcp, type TeltonikaTcpLimits } from './teltonika-tcp.js';
import { startTeltonikaUdp } from './teltonika-udp.js';

/** The running protocol listeners. */
export interface IngestListeners {
  teltonikaPort: number;
  osmandPort: number;
  close(): Promise<void>;
}

/** Starts Teltonika (TCP + UDP), OsmAnd HTTP and, when a URL is given, MQTT. Port 0 = any free. */
export async function startIngest(
  ctx: IngestContext,
  options: {
    teltonikaPort: number;
    osmandPort: number;
    mqttUrl?: string | undefined;
    host?: string;
    /** Overrides of the Teltonika TCP port's timeouts and buffer caps (tests shorten them). */
    teltonikaLimits?: Partial<TeltonikaTcpLimits>;
  },
): Promise<IngestListeners> {
  const host = options.host ?? '0.0.0.0';
  const tcp: TcpServer = await startTeltonikaTcp(
    ctx,
    options.teltonikaPort,
    host,
    options.teltonikaLimits,
  );
  const deviceSockets = new Set<Socket>();
  tcp.on('connection', (socket: Socket) => {
    deviceSockets.add(socket);
    socket.on('close', () => deviceSockets.delete(socket));
  });
  const teltonikaPort = (tcp.address() as AddressInfo).port;
  const udp: UdpSocket = await startTeltonikaUdp(ctx, teltonikaPort, host);
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
    async close() {
      await mqtt?.endAsync();
      udp.close();
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
      const closed = new Promise<void>((resolve) => tcp.close(() => resolve()));
      // Open device sockets would keep close() waiting; devices reconnect on their own.
      for (const socket of deviceSockets) socket.destroy();
      await closed;
    },
  };
}
