import type net from 'node:net';

/** Starts a test server on the loopback (port 0: any free one); resolves to its port. */
export async function listenOnLoopback(server: net.Server, port = 0): Promise<number> {
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no TCP address');
  return address.port;
}
