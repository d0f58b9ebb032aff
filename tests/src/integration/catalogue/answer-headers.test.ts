import type { Database } from '@campus/shared/server/db/client';
import { openCheckedRedis } from '@campus/shared/server/redis';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../support/app';
import { buildCampusTree } from '../../support/builders';
import { engine, openTestDatabase } from '../../support/database';
import { testLog } from '../../support/logger';
import { testRedisUrl } from '../../support/redis';
import { type ServedApp, serveTestApp } from '../../support/served-app';

// Every answer carries the security headers and a request id, whether the api runs under Node
// (where they go onto Node's response, under the route's own) or through app.request (where they
// go onto Hono's answer). A route's own headers stay as the route set them.

let database: Database;
let redis: Redis;
let test: ReturnType<typeof createTestApp>;
let served: ServedApp;
let campusId: string;

beforeAll(async () => {
  database = await openTestDatabase();
  redis = await openCheckedRedis(testRedisUrl(), 'producer', testLog);
  campusId = (await buildCampusTree(database.db)).campus.id;
  test = createTestApp({ database, redis });
  served = await serveTestApp(test.app.fetch);
});

afterAll(async () => {
  await served.close();
  await test.close();
  redis.disconnect();
  await database.close();
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function expectSecurityHeaders(response: Response) {
  const policy = response.headers.get('content-security-policy') ?? '';
  expect(policy).toContain("default-src 'self'");
  expect(policy).toContain("script-src 'self'");
  expect(policy).toContain("frame-ancestors 'none'");
  expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  expect(response.headers.get('referrer-policy')).toBe('no-referrer');
  expect(response.headers.get('strict-transport-security')).toContain('max-age=');
  expect(response.headers.get('cross-origin-opener-policy')).toBe('same-origin');
}

describe(`answer headers on ${engine}`, () => {
  const ways = {
    'over HTTP (Node)': (path: string, init?: RequestInit) => fetch(`${served.base}${path}`, init),
    'through app.request': (path: string, init?: RequestInit) => test.app.request(path, init),
  };

  for (const [way, request] of Object.entries(ways)) {
    it(`${way}: a catalogue answer keeps its own headers and carries the security headers`, async () => {
      const response = await request(`/api/catalogue/campuses/${campusId}/restaurants`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/json');
      expect(response.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
      const etag = response.headers.get('etag') ?? '';
      expect(etag).toMatch(/^".+"$/);
      expectSecurityHeaders(response);
      expect(response.headers.get('x-request-id')).toMatch(UUID);
      expect(await response.json()).toMatchObject({ ok: true });

      const again = await request(`/api/catalogue/campuses/${campusId}/restaurants`, {
        headers: { 'If-None-Match': etag },
      });
      expect(again.status).toBe(304);
      expect(again.headers.get('etag')).toBe(etag);
      expectSecurityHeaders(again);
    });

    it(`${way}: refusals and unknown paths carry them too`, async () => {
      const missing = await request('/api/nothing-here');
      expect(missing.status).toBe(404);
      expectSecurityHeaders(missing);
      const refused = await request('/api/catalogue/universities?x=%00');
      expect(refused.status).toBe(400);
      expectSecurityHeaders(refused);
      expect(refused.headers.get('x-request-id')).toMatch(UUID);
    });

    it(`${way}: a plain request id from a proxy is kept; anything else is replaced`, async () => {
      const kept = await request('/healthz', { headers: { 'X-Request-Id': 'proxy-abc=123' } });
      expect(kept.headers.get('x-request-id')).toBe('proxy-abc=123');
      const replaced = await request('/healthz', { headers: { 'X-Request-Id': 'a b<script>' } });
      expect(replaced.headers.get('x-request-id')).toMatch(UUID);
      const tooLong = await request('/healthz', { headers: { 'X-Request-Id': 'x'.repeat(256) } });
      expect(tooLong.headers.get('x-request-id')).toMatch(UUID);
    });
  }

  it('each request gets an id of its own', async () => {
    const [a, b] = await Promise.all([
      fetch(`${served.base}/healthz`),
      fetch(`${served.base}/healthz`),
    ]);
    expect(a?.headers.get('x-request-id')).not.toBe(b?.headers.get('x-request-id'));
  });
});
