// A tiny OsmAnd HTTP server for tests: decodes each request with decodeOsmAnd and answers 200,
// 400 when it cannot decode it, or a chosen status for the next requests when told to fail.

import http from 'node:http';
import { decodeOsmAnd, type Position } from '@rumbo/telematics';
import { listenOnLoopback } from './listen.js';

/** A running test server and what it received. */
export interface OsmAndTestServer {
  port: number;
  /** Positions of accepted requests, per device id, in arrival order. */
  positions: Map<string, Position[]>;
  requests: number;
  /** The next `count` requests are answered `status` and not stored. */
  failNext: (count: number, status: number) => void;
  close: () => Promise<void>;
}

/** Starts a server on an ephemeral port of 127.0.0.1. */
export async function startOsmAndTestServer(): Promise<OsmAndTestServer> {
  let failures: { count: number; status: number } = { count: 0, status: 500 };
  const state = {
    positions: new Map<string, Position[]>(),
    requests: 0,
    failNext: (count: number, status: number) => void (failures = { count, status }),
  };
  const server = http.createServer((request, response) => {
    state.requests += 1;
    if (failures.count > 0) {
      failures.count -= 1;
      response.writeHead(failures.status).end();
      return;
    }
    const url = new URL(request.url ?? '/', 'http://localhost');
    const result = decodeOsmAnd({ query: url.searchParams, nowMs: Date.now() });
    if (!result.ok) {
      response.writeHead(400).end(result.reason);
      return;
    }
    for (const p of result.positions) {
      const list = state.positions.get(p.deviceId) ?? [];
      list.push(p);
      state.positions.set(p.deviceId, list);
    }
    response.writeHead(200).end();
  });
  server.keepAliveTimeout = 60_000;
  const boundPort = await listenOnLoopback(server);
  return Object.assign(state, {
    port: boundPort,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
