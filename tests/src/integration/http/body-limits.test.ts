import { API_BODY_MAX_BYTES } from '@campus/api/app';
import { CATALOGUE_IMPORT_PATHS } from '@campus/api/routes/admin/catalogue-import';
import { STATEMENT_FILE_PATHS } from '@campus/api/routes/admin/statements';
import type { Database } from '@campus/shared/server/db/client';
import { openCheckedRedis } from '@campus/shared/server/redis';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../support/app';
import { engine, openTestDatabase } from '../../support/database';
import { testLog } from '../../support/logger';
import { testRedisUrl } from '../../support/redis';
import { type ServedApp, serveTestApp } from '../../support/served-app';

// Every /api route that takes a body refuses one over its limit with 413 before reading it, with
// or without a session, declared by Content-Length or sent in chunks.

let database: Database;
let redis: Redis;
let test: ReturnType<typeof createTestApp>;
let served: ServedApp;

beforeAll(async () => {
  database = await openTestDatabase();
  redis = await openCheckedRedis(testRedisUrl(), 'producer', testLog);
  test = createTestApp({ database, redis });
  served = await serveTestApp(test.app.fetch);
});

afterAll(async () => {
  await served.close();
  await test.close();
  redis.disconnect();
  await database.close();
});

/** Routes whose own limit is a file's: they are tested with their files. */
const FILE_ROUTES = new Set(['/api/uploads', ...CATALOGUE_IMPORT_PATHS, ...STATEMENT_FILE_PATHS]);

/** Every method and path of the app that takes a body, with ids put in for its parameters. */
function bodyRoutes(): Array<{ method: string; path: string }> {
  const seen = new Set<string>();
  const routes: Array<{ method: string; path: string }> = [];
  for (const route of test.app.routes) {
    if (!['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method)) continue;
    const path = route.path.replace(/:[a-zA-Z]+/g, '00000000-0000-4000-8000-000000000000');
    const key = `${route.method} ${path}`;
    if (!path.startsWith('/api/') || path.startsWith('/api/sheets/') || FILE_ROUTES.has(path)) {
      continue;
    }
    if (seen.has(key)) continue;
    seen.add(key);
    routes.push({ method: route.method, path });
  }
  return routes;
}

function send(method: string, path: string, body: string | ReadableStream<Uint8Array>) {
  return fetch(`${served.base}${path}`, {
    method,
    body,
    headers: { 'content-type': 'application/json' },
    // A stream is sent in chunks, without Content-Length.
    ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
  } as RequestInit);
}

function chunked(bytes: number): ReadableStream<Uint8Array> {
  let left = bytes;
  return new ReadableStream({
    pull(controller) {
      if (left <= 0) return controller.close();
      const chunk = new Uint8Array(Math.min(left, 8 * 1024)).fill(0x20);
      left -= chunk.length;
      controller.enqueue(chunk);
    },
  });
}

describe(`body limits on ${engine}`, () => {
  it('refuses a body over 64 KB on every /api route, before a session is asked for', async () => {
    const routes = bodyRoutes();
    expect(routes.map((route) => route.path)).toContain('/api/bucket/prices');
    const over = 64 * 1024 + 1;
    const refused: string[] = [];
    for (const { method, path } of routes) {
      const declared = await send(method, path, ' '.repeat(over));
      const streamed = await send(method, path, chunked(over));
      if (declared.status !== 413 || streamed.status !== 413) {
        refused.push(`${method} ${path}: ${declared.status}/${streamed.status}`);
      }
    }
    expect(refused).toEqual([]);
  });

  it('keeps the default small outside checkout, its quote, the bucket and admin forms', async () => {
    const small = bodyRoutes().filter(
      ({ path }) =>
        !path.startsWith('/api/admin/') &&
        !['/api/orders', '/api/bucket/prices', '/api/checkout/quote'].includes(path),
    );
    expect(small.length).toBeGreaterThan(3);
    for (const { method, path } of small) {
      const response = await send(method, path, ' '.repeat(API_BODY_MAX_BYTES + 1));
      expect(response.status, `${method} ${path}`).toBe(413);
    }
  });

  it('reads a bucket of ordinary size', async () => {
    const response = await send('POST', '/api/bucket/prices', JSON.stringify({ lines: [] }));
    expect(response.status).toBe(200);
  });
});
