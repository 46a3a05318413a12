// A tiny Teltonika TCP server for tests and measurements: frames the stream with
// TeltonikaFramer, decodes with decodeTeltonikaTcp, accepts every login and acknowledges every AVL
// packet, unless told to drop one or to hang up.

import net from 'node:net';
import { listenOnLoopback } from './listen.js';
import {
  TeltonikaFramer,
  decodeTeltonikaTcp,
  encodeCodec12Command,
  loginReply,
  type RawAvlRecord,
} from '@rumbo/telematics';

/** A running test server and what it received. */
export interface TeltonikaTestServer {
  port: number;
  /** Logins in arrival order. */
  logins: string[];
  /** Records of acknowledged packets, per IMEI, in arrival order. */
  records: Map<string, RawAvlRecord[]>;
  /** AVL packets received (dropped ones included). */
  packets: number;
  /** Records in the largest packet received. */
  largestPacket: number;
  /** Sockets open now. */
  connections: () => number;
  /** The next AVL packet is neither stored nor acknowledged. */
  dropNextPacket: () => void;
  /** Hangs up every open connection. */
  closeConnections: () => void;
  /** Answers the next logins `00` (refused) while set. */
  refuseLogins: (refuse: boolean) => void;
  /** A Codec 12 command goes out before each acknowledgement while set. */
  sendCommandsBeforeAcks: (send: boolean) => void;
  close: () => Promise<void>;
}

/** Starts a server on 127.0.0.1, on `port` or an ephemeral one. */
export async function startTeltonikaTestServer(port = 0): Promise<TeltonikaTestServer> {
  const sockets = new Set<net.Socket>();
  let dropsPending = 0;
  let isRefusing = false;
  let isSendingCommands = false;
  const state: Omit<TeltonikaTestServer, 'port' | 'close'> = {
    logins: [],
    records: new Map(),
    packets: 0,
    largestPacket: 0,
    connections: () => sockets.size,
    dropNextPacket: () => void (dropsPending += 1),
    closeConnections: () => {
      for (const s of sockets) s.destroy();
    },
    refuseLogins: (refuse: boolean) => void (isRefusing = refuse),
    sendCommandsBeforeAcks: (send: boolean) => void (isSendingCommands = send),
  };
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    const framer = new TeltonikaFramer();
    let imei: string | undefined;
    socket.on('data', (chunk: Buffer) => {
      for (const frame of framer.push(chunk)) {
        const message = decodeTeltonikaTcp(frame);
        if (message.kind === 'login') {
          state.logins.push(message.imei);
          if (isRefusing) {
            socket.write(loginReply(false));
            continue;
          }
          imei = message.imei;
          socket.write(loginReply(true));
        } else if (message.kind === 'avl' && imei !== undefined) {
          state.packets += 1;
          state.largestPacket = Math.max(state.largestPacket, message.records.length);
          if (dropsPending > 0) {
            dropsPending -= 1;
            continue;
          }
          const list = state.records.get(imei) ?? [];
          list.push(...message.records);
          state.records.set(imei, list);
          if (isSendingCommands) socket.write(encodeCodec12Command('getinfo'));
          socket.write(message.reply);
        }
      }
    });
  });
  const boundPort = await listenOnLoopback(server, port);
  return Object.assign(state, {
    port: boundPort,
    close: () =>
      new Promise<void>((resolve) => {
        state.closeConnections();
        server.close(() => resolve());
      }),
  });
}
