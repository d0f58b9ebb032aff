import { createHash } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import type { Database } from '@campus/shared/server/db/client';
import { connectRedis, openCheckedRedis } from '@campus/shared/server/redis';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../support/app';
import { engine, openTestDatabase } from '../../support/database';
import { testLog } from '../../support/logger';
import { repoRoot } from '../../support/process';
import { testRedisUrl } from '../../support/redis';

let database: Database;
let redis: Redis;
let deadRedis: Redis;
let distDir: string;

// The built page's shape: the app's script by address, and one inline script.
const INLINE_SCRIPT = 'document.title="early"';
const PAGE = `<!doctype html><script type="module" src="/assets/app-abc123.js"></script><script>${INLINE_SCRIPT}</script><div id="root"></div>`;

beforeAll(async () => {
  database = await openTestDatabase();
  redis = await openCheckedRedis(testRedisUrl(), 'producer', testLog);
  deadRedis = connectRedis('redis://127.0.0.1:1', 'producer');
  deadRedis.on('error', () => {});
  distDir = mkdtempSync(join(tmpdir(), 'campus-dist-'));
  // The build copies web/public to its root as it is: robots.txt, the icons, the manifest.
  cpSync(join(repoRoot, 'web', 'public'), distDir, { recursive: true });
  mkdirSync(join(distDir, 'assets'));
  writeFileSync(join(distDir, 'index.html'), PAGE);
  writeFileSync(join(distDir, 'assets', 'app-abc123.js'), 'console.log(1)');
  writeFileSync(join(distDir, 'assets', 'app-abc123.js.br'), brotliCompressSync('console.log(1)'));
});
afterAll(async () => {
  redis.disconnect();
  deadRedis.disconnect();
  await database.close();
  rmSync(distDir, { recursive: true, force: true });
});

const appWith = (redisClient: Redis) =>
  createTestApp({ database, redis: redisClient, webDistDir: distDir }).app;

describe(`api on ${engine}`, () => {
  it('/healthz answers while the process is up', async () => {
    const response = await appWith(redis).request('/healthz');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
  });

  it('/readyz answers 200 when the database and Redis answer', async () => {
    const response = await appWith(redis).request('/readyz');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true, checks: { database: 'ok', redis: 'ok' } });
  });

  it('/readyz answers 503 and names Redis when Redis is away', async () => {
    const response = await appWith(deadRedis).request('/readyz');
    expect(response.status).toBe(503);
    const body = (await response.json()) as { ok: boolean; checks: Record<string, string> };
    expect(body.ok).toBe(false);
    expect(body.checks.database).toBe('ok');
    expect(body.checks.redis).not.toBe('ok');
  });

  it('every response carries a request id', async () => {
    const response = await appWith(redis).request('/healthz');
    expect(response.headers.get('x-request-id')).toMatch(/.{8,}/);
  });

  it('serves the web app: hashed assets cached for a year, any route answered by index.html', async () => {
    const app = appWith(redis);
    const asset = await app.request('/assets/app-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');

    for (const path of [
      '/',
      '/restaurants',
      '/menu/abc',
      '/no/such/page',
      `/sheets/${encodeURIComponent("St. Mary's - Main")}`,
    ]) {
      const page = await app.request(path);
      expect(page.status, path).toBe(200);
      expect(await page.text(), path).toContain('<div id="root">');
      expect(page.headers.get('cache-control'), path).toBe('private, no-cache');
    }
  });

  it('serves robots.txt, the icons and the web manifest the build holds', async () => {
    const app = appWith(redis);
    const robots = await app.request('/robots.txt');
    expect(robots.status).toBe(200);
    expect(robots.headers.get('content-type')).toContain('text/plain');
    const rules = await robots.text();
    expect(rules).toMatch(/^User-agent: \*$/m);
    expect(rules).toMatch(/^Disallow: \/api\/$/m);
    expect(rules).not.toMatch(/^Disallow: \/$/m);

    const manifest = await app.request('/manifest.webmanifest');
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get('content-type')).toContain('application/manifest+json');
    const { name, start_url, display, icons } = (await manifest.json()) as {
      name: string;
      start_url: string;
      display: string;
      icons: { src: string; sizes: string; type: string }[];
    };
    expect({ name, start_url, display }).toEqual({
      name: 'CampusBucket',
      start_url: '/',
      display: 'standalone',
    });
    expect(icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    for (const icon of [...icons, { src: '/favicon.ico', type: 'image/x-icon' }]) {
      const file = await app.request(icon.src);
      expect(file.status, icon.src).toBe(200);
      expect(file.headers.get('content-type'), icon.src).toContain(icon.type);
    }
  });

  it('a file that is not in the build answers 404, never the web app', async () => {
    const app = appWith(redis);
    for (const path of [
      '/nope.js',
      '/assets/missing.css',
      '/assets/app-zzz999.js',
      '/sitemap.xml',
    ]) {
      const response = await app.request(path);
      expect(response.status, path).toBe(404);
      expect(await response.text(), path).not.toContain('<div id="root">');
    }
  });

  it("serves an asset's compressed copy from the build to a browser that accepts it", async () => {
    const app = appWith(redis);
    const compressed = await app.request('/assets/app-abc123.js', {
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(compressed.status).toBe(200);
    expect(compressed.headers.get('content-encoding')).toBe('br');
    expect(compressed.headers.get('vary')).toContain('Accept-Encoding');
    expect(compressed.headers.get('content-type')).toContain('javascript');
    expect(compressed.headers.get('cache-control')).toContain('immutable');
    const body = Buffer.from(await compressed.arrayBuffer());
    expect(brotliDecompressSync(body).toString()).toBe('console.log(1)');

    const plain = await app.request('/assets/app-abc123.js', {
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe('console.log(1)');
  });

  it('an unknown api path answers 404 as JSON, never the web app', async () => {
    const response = await appWith(redis).request('/api/nothing-here');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      error: { code: 'not-found', message: 'The requested resource was not found.' },
    });
  });

  it('every page forbids framing and foreign scripts, and lets its own inline script run', async () => {
    const hash = createHash('sha256').update(INLINE_SCRIPT).digest('base64');
    for (const path of ['/', '/login']) {
      const response = await appWith(redis).request(path);
      expect(await response.text()).toBe(PAGE);
      const policy = response.headers.get('content-security-policy') ?? '';
      expect(policy).toContain("frame-ancestors 'none'");
      expect(policy).toContain(`script-src 'self' 'sha256-${hash}';`);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    }
    const api = await appWith(redis).request('/api/nothing-here');
    expect(api.headers.get('content-security-policy')).toContain("script-src 'self';");
  });
});
