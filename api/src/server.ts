import type { AddressInfo } from 'node:net';
import type { Database } from '@campus/shared/server/db/client';
import type { Producer } from '@campus/shared/server/queue';
import { serve } from '@hono/node-server';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { createApp } from './app';

export interface RunningApi {
  url: string;
  close(): Promise<void>;
}

/** Starts the HTTP server on an already-opened database and Redis. */
export async function startApi(options: {
  database: Database;
  redis: Redis;
  producer: Producer;
  log: Logger;
  host: string;
  port: number;
  webDistDir: string;
}): Promise<RunningApi> {
  const app = createApp({
    log: options.log,
    webDistDir: options.webDistDir,
    health: {
      database: () => options.database.ping(),
      redis: async () => {
        await options.redis.ping();
      },
    },
  });
  const server = serve({ fetch: app.fetch, hostname: options.host, port: options.port });
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  const shownHost = options.host === '0.0.0.0' ? 'localhost' : options.host;
  return {
    url: `http://${shownHost}:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
