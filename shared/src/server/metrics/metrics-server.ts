import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import type { Registry } from 'prom-client';
import type { TApiErrorBody } from '../../domain/error-catalogue';
import { CODE_MESSAGES, ERROR_CATEGORIES } from '../../domain/error-catalogue';
import { bearerToken, isMetricsToken } from './metrics-token';

function refuse(response: ServerResponse, status: 401 | 404 | 500, body: TApiErrorBody): void {
  response.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify(body));
}

/**
 * GET /metrics of a process that serves no HTTP otherwise (the worker, on WORKER_METRICS_PORT):
 * only with `Authorization: Bearer <METRICS_TOKEN>`, since a worker has no sessions. Everything
 * else answers in the api's error shape.
 */
export async function serveMetrics(options: {
  registry: Registry;
  token: string;
  host: string;
  port: number;
  log: Logger;
}): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://metrics').pathname;
    if (request.method !== 'GET' || path !== '/metrics') {
      refuse(response, 404, {
        error: { code: 'not-found', message: ERROR_CATEGORIES.NOT_FOUND.message },
      });
      return;
    }
    if (!isMetricsToken(bearerToken(request.headers.authorization), options.token)) {
      refuse(response, 401, {
        error: { code: 'unauthenticated', message: CODE_MESSAGES.unauthenticated },
      });
      return;
    }
    options.registry.metrics().then(
      (text) => {
        response.writeHead(200, {
          'Content-Type': options.registry.contentType,
          'Cache-Control': 'no-store',
        });
        response.end(text);
      },
      (error: unknown) => {
        options.log.error({ err: error }, 'metrics not collected');
        refuse(response, 500, { error: { code: 'internal', message: CODE_MESSAGES.internal } });
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const shownHost = options.host === '0.0.0.0' ? 'localhost' : options.host;
  return {
    url: `http://${shownHost}:${port}/metrics`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // A scraper's keep-alive connection must not hold the shutdown.
        server.closeIdleConnections();
      }),
  };
}
