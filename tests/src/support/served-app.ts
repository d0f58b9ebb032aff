import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serveHttp } from '@campus/api/serve';

export interface ServedApp {
  port: number;
  /** http://127.0.0.1:<port> */
  base: string;
  /** Cuts every open connection and stops listening. */
  close(): Promise<void>;
}

/** Serves a test app's fetch over HTTP as the api does (serveHttp), on a free port. */
export async function serveTestApp(fetch: (request: Request) => Response | Promise<Response>) {
  const server: Server = serveHttp({ fetch, hostname: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    base: `http://127.0.0.1:${port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  } satisfies ServedApp;
}
