import { request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serveHttp } from '@campus/api/serve';
import type { Database } from '@campus/shared/server/db/client';
import { restaurants } from '@campus/shared/server/db/schema';
import { createMetrics } from '@campus/shared/server/metrics/metrics';
import { openCheckedRedis } from '@campus/shared/server/redis';
import { eq } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import { pino } from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../../support/app';
import { buildCampusTree } from '../../support/builders';
import { engine, openTestDatabase } from '../../support/database';
import { testLog } from '../../support/logger';
import { testRedisUrl } from '../../support/redis';

// A catalogue answer the app sent is sent again by Node while the catalogue cache holds it
// (RepeatAnswers, decision 018): the same bytes, headers, log line and metrics as the app's, and
// the app again as soon as the answer is stale or the request is not a plain GET of a kept path.

type LogLine = Record<string, unknown>;

let database: Database;
let redis: Redis;
let test: ReturnType<typeof createTestApp>;
let server: Server;
let base: string;
let campusId: string;
let restaurantId: string;
const metrics = createMetrics();
const lines: LogLine[] = [];
// One stream for the app's lines and the repeats': `by` says who wrote each.
const logTo = (by: string) =>
  pino({ level: 'info' }, { write: (line: string) => lines.push({ ...JSON.parse(line), by }) });
let appAnswers = 0;

beforeAll(async () => {
  database = await openTestDatabase();
  redis = await openCheckedRedis(testRedisUrl(), 'producer', testLog);
  const tree = await buildCampusTree(database.db);
  campusId = tree.campus.id;
  restaurantId = tree.restaurant.id;
  test = createTestApp({ database, redis, metrics, log: logTo('app') });
  server = serveHttp({
    fetch: (request) => {
      appAnswers += 1;
      return test.app.fetch(request);
    },
    hostname: '127.0.0.1',
    port: 0,
    answerFirst: test.repeats.answerFirst(metrics, logTo('repeat')),
  });
  await new Promise<void>((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await test.close();
  redis.disconnect();
  await database.close();
});

beforeEach(async () => {
  // Every test starts from a cold cache: nothing kept is current.
  await test.catalogue.invalidateAll();
  lines.length = 0;
});

// What Node's HTTP server writes whoever answers, and the request's own id.
const PER_ANSWER = new Set(['date', 'x-request-id']);

function headersOf(response: Response): Record<string, string> {
  return Object.fromEntries([...response.headers].filter(([name]) => !PER_ANSWER.has(name)));
}

async function get(path: string, headers: Record<string, string> = {}) {
  const before = appAnswers;
  const response = await fetch(`${base}${path}`, { headers });
  const body = await response.text();
  return { response, body, byApp: appAnswers > before };
}

/** A GET of `target` sent exactly as written, with these headers: its status, and who answered. */
async function rawGet(target: string, headers: Record<string, string> = {}) {
  const before = appAnswers;
  const status = await new Promise<number | undefined>((resolve, reject) => {
    const request = httpRequest(`${base}/`, { path: target, headers }, (response) => {
      response.resume();
      response.once('end', () => resolve(response.statusCode));
    });
    request.once('error', reject);
    request.end();
  });
  return { status, byApp: appAnswers > before };
}

/** Whether the app answered a GET of `target`, sent exactly as written (it answers 200). */
async function sentByApp(target: string): Promise<boolean> {
  const { status, byApp } = await rawGet(target);
  expect(status, target).toBe(200);
  return byApp;
}

const restaurantsPath = () => `/api/catalogue/campuses/${campusId}/restaurants`;

async function counted(
  status: string,
  route = '/api/catalogue/campuses/:campusId/restaurants',
): Promise<number> {
  const { values } = await metrics.httpRequests.get();
  const found = values.find(
    (v) => v.labels.route === route && v.labels.method === 'GET' && v.labels.status === status,
  );
  return found?.value ?? 0;
}

describe(`repeated catalogue answers on ${engine}`, () => {
  it('a repeat is sent by Node, with the app answer’s status, headers and body', async () => {
    const first = await get(restaurantsPath());
    const repeat = await get(restaurantsPath());
    expect(first.byApp).toBe(true);
    expect(repeat.byApp).toBe(false);
    expect(repeat.response.status).toBe(200);
    expect(repeat.body).toBe(first.body);
    expect(headersOf(repeat.response)).toEqual(headersOf(first.response));
    expect(repeat.response.headers.get('x-request-id')).not.toBe(
      first.response.headers.get('x-request-id'),
    );

    // The 304 to a matching If-None-Match, weak or among others, as the app sends it.
    const etag = first.response.headers.get('etag') ?? '';
    const unchanged = await get(restaurantsPath(), { 'If-None-Match': `"other", W/${etag}` });
    expect(unchanged.byApp).toBe(false);
    expect(unchanged.response.status).toBe(304);
    expect(unchanged.body).toBe('');
    // The app's own 304, over Node: a cold cache sends the request to it.
    await test.catalogue.invalidateAll();
    const fromApp = await get(restaurantsPath(), { 'If-None-Match': etag });
    expect(fromApp.byApp).toBe(true);
    expect(fromApp.response.status).toBe(304);
    expect(headersOf(unchanged.response)).toEqual(headersOf(fromApp.response));
    // A changed ETag gets the body.
    const changed = await get(restaurantsPath(), { 'If-None-Match': '"not-this-one"' });
    expect(changed.response.status).toBe(200);
    expect(changed.body).toBe(first.body);
  });

  it('keeps the request id rule, and logs and counts a repeat as the app does', async () => {
    await get(restaurantsPath());
    const okBefore = await counted('200');
    const passed = await get(restaurantsPath(), { 'X-Request-Id': 'proxy-id-42' });
    expect(passed.byApp).toBe(false);
    expect(passed.response.headers.get('x-request-id')).toBe('proxy-id-42');
    const refused = await get(restaurantsPath(), { 'X-Request-Id': 'not a plain token' });
    expect(refused.response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(await counted('200')).toBe(okBefore + 2);

    const appLine = lines.find((line) => line.by === 'app');
    const repeatLine = lines.find((line) => line.reqId === 'proxy-id-42');
    expect(repeatLine).toMatchObject({
      by: 'repeat',
      level: 30,
      msg: 'request',
      method: 'GET',
      path: restaurantsPath(),
      status: 200,
    });
    expect(typeof repeatLine?.ms).toBe('number');
    // The same fields in the same order as the app's line.
    const fields = (line: LogLine | undefined) =>
      Object.keys(line ?? {}).filter((key) => !['by', 'time', 'pid', 'hostname'].includes(key));
    expect(fields(repeatLine)).toEqual(fields(appLine));
  });

  it('after a change, the app answers again with the new data, which is then repeated', async () => {
    await get(restaurantsPath());
    expect((await get(restaurantsPath())).byApp).toBe(false);
    await database.db
      .update(restaurants)
      .set({ name: 'Renamed Cafe' })
      .where(eq(restaurants.id, restaurantId));
    await test.catalogue.invalidateCampus(campusId);
    const fresh = await get(restaurantsPath());
    expect(fresh.byApp).toBe(true);
    expect(fresh.body).toContain('Renamed Cafe');
    const repeat = await get(restaurantsPath());
    expect(repeat.byApp).toBe(false);
    expect(repeat.body).toContain('Renamed Cafe');
    // Another replica's invalidation, as the sync hands it over, stops the repeats too.
    test.catalogue.clearLocal({ kind: 'campus', campusId });
    expect((await get(restaurantsPath())).byApp).toBe(true);
  });

  it('a Host the app would refuse is the app’s to refuse', async () => {
    await get(restaurantsPath());
    // @hono/node-server refuses these before the app's fetch runs; a repeat would answer 200.
    for (const host of ['x@y', 'a b', 'name:99999']) {
      expect((await rawGet(restaurantsPath(), { host })).status, host).toBe(400);
    }
    // Not certainly an address the URL parser takes: the app judges it (this one it lets by).
    expect(await rawGet(restaurantsPath(), { host: '1.2.3.4.5' })).toEqual({
      status: 200,
      byApp: true,
    });
    for (const host of ['localhost', 'Campus.Example:8443', '127.0.0.1:45089']) {
      expect(await rawGet(restaurantsPath(), { host }), host).toEqual({
        status: 200,
        byApp: false,
      });
    }
  });

  it('anything but a plain GET of a kept path, or with the cache off, goes to the app', async () => {
    await get(restaurantsPath());
    expect((await get(`${restaurantsPath()}?fresh=1`)).byApp).toBe(true);
    // Sent as written (fetch would drop an empty query and resolve '..' itself).
    expect(await sentByApp(`${restaurantsPath()}?`)).toBe(true);
    const before = appAnswers;
    const head = await fetch(`${base}${restaurantsPath()}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(appAnswers).toBe(before + 1);
    // Another spelling of the same path is the app's to route.
    expect(await sentByApp(`/api/catalogue/campuses/x/../${campusId}/restaurants`)).toBe(true);
    expect(await sentByApp(restaurantsPath())).toBe(false);
    // An unknown restaurant is a 404 of the app every time.
    const missing = `/api/catalogue/campuses/${campusId}/restaurants/no-such-restaurant`;
    expect((await get(missing)).response.status).toBe(404);
    expect((await get(missing)).byApp).toBe(true);

    test.catalogue.setEnabled(false);
    try {
      expect((await get(restaurantsPath())).byApp).toBe(true);
    } finally {
      test.catalogue.setEnabled(true);
    }
  });

  it('a fault of the repeat after its answer is logged, and the answer stands', async () => {
    const broken = createMetrics();
    broken.httpRequests.inc = () => {
      throw new Error('metrics away');
    };
    const faulty = serveHttp({
      fetch: test.app.fetch,
      hostname: '127.0.0.1',
      port: 0,
      answerFirst: test.repeats.answerFirst(broken, logTo('repeat')),
    });
    try {
      await new Promise<void>((resolve) => faulty.once('listening', resolve));
      const faultyBase = `http://127.0.0.1:${(faulty.address() as AddressInfo).port}`;
      const first = await fetch(`${faultyBase}${restaurantsPath()}`);
      await first.text();
      const repeat = await fetch(`${faultyBase}${restaurantsPath()}`);
      expect(repeat.status).toBe(200);
      expect(await repeat.text()).toContain('Cafe');
      expect(lines).toContainEqual(
        expect.objectContaining({ level: 50, msg: 'a repeat of a catalogue answer failed' }),
      );
    } finally {
      faulty.closeAllConnections();
      await new Promise<void>((resolve) => faulty.close(() => resolve()));
    }
  });

  it('every catalogue read is repeated under its own route', async () => {
    const paths = [
      '/api/catalogue/universities',
      `/api/catalogue/universities/${(await database.db.query.campuses.findFirst())?.universityId}/campuses`,
      `/api/catalogue/campuses/${campusId}/mart-items`,
      `/api/catalogue/campuses/${campusId}/restaurants/${restaurantId}`,
      `/api/catalogue/restaurants/${restaurantId}`,
    ];
    const routes = [
      '/api/catalogue/universities',
      '/api/catalogue/universities/:universityId/campuses',
      '/api/catalogue/campuses/:campusId/mart-items',
      '/api/catalogue/campuses/:campusId/restaurants/:restaurantId',
      '/api/catalogue/restaurants/:restaurantId',
    ];
    for (const [index, path] of paths.entries()) {
      const route = routes[index] as string;
      const first = await get(path);
      const countedBefore = await counted('200', route);
      const repeat = await get(path);
      expect(first.response.status, path).toBe(200);
      expect([first.byApp, repeat.byApp], path).toEqual([true, false]);
      expect(repeat.body, path).toBe(first.body);
      // Counted under its route's pattern, as the app counts it.
      expect(await counted('200', route), route).toBe(countedBefore + 1);
    }
  });
});
