import { createConnection, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP relay on 127.0.0.1 in front of a server, which a test can cut at once (connections
 * refused, open ones reset) and restore on the same port: an outage that starts at an exact
 * moment, which stopping the real server (seconds, via its scripts) cannot give.
 */
export interface SeverableProxy {
  /** http://127.0.0.1:PORT of the relay. */
  readonly url: string;
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startSeverableProxy(target: string): Promise<SeverableProxy> {
  const { hostname, port: targetPort } = new URL(target);
  const sockets = new Set<Socket>();
  const relay = (client: Socket) => {
    const upstream = createConnection({ host: hostname, port: Number(targetPort) });
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => undefined);
    }
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  };
  const listen = (server: Server, at: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(at, '127.0.0.1', () => resolve((server.address() as { port: number }).port));
    });
  const closeServer = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));
  let server = createServer(relay);
  const port = await listen(server, 0);
  let open = true;
  const cut = async () => {
    if (!open) return;
    open = false;
    const closing = closeServer(server);
    for (const socket of sockets) socket.resetAndDestroy();
    await closing;
  };
  return {
    url: `http://127.0.0.1:${port}`,
    cut,
    async restore() {
      if (open) return;
      server = createServer(relay);
      await listen(server, port);
      open = true;
    },
    close: cut,
  };
}
