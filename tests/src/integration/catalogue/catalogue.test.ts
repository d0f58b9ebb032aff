import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ZCampus,
  ZMartItem,
  ZMenuItem,
  ZRestaurant,
  ZUniversity,
} from '@campus/shared/domain/entities';
import { CATALOGUE_MESSAGES } from '@campus/shared/domain/storefront-messages';
import { CatalogueCache } from '@campus/shared/server/catalogue/cache';
import {
  type CatalogueSource,
  databaseCatalogueSource,
} from '@campus/shared/server/catalogue/queries';
import { type CatalogueSync, startCatalogueSync } from '@campus/shared/server/catalogue/sync';
import type { Database } from '@campus/shared/server/db/client';
import { newId } from '@campus/shared/server/db/ids';
import {
  campuses,
  martItems,
  menuItems,
  restaurants,
  universities,
} from '@campus/shared/server/db/schema';
import { createMailer, type Mailer } from '@campus/shared/server/mail/mailer';
import { openCheckedRedis } from '@campus/shared/server/redis';
import { eq } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../support/app';
import { buildCampusTree } from '../../support/builders';
import { engine, openTestDatabase } from '../../support/database';
import { testLog } from '../../support/logger';
import { testQueuePrefix, testRedisUrl } from '../../support/redis';

let database: Database;
let redis: Redis;
let outboxDir: string;
let mailer: Mailer;
const syncs: CatalogueSync[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  redis = await openCheckedRedis(testRedisUrl(), 'producer', testLog);
  outboxDir = mkdtempSync(join(tmpdir(), 'campus-outbox-'));
  mailer = createMailer({ outboxDir, from: 'CampusBucket <no-reply@campus.test>', log: testLog });
});
afterEach(async () => {
  await Promise.all(syncs.splice(0).map((sync) => sync.close()));
});
afterAll(async () => {
  redis.disconnect();
  await database.close();
  rmSync(outboxDir, { recursive: true, force: true });
});

/** The database source, counting the queries it makes. */
function countingSource() {
  const inner = databaseCatalogueSource(database.db);
  const counter = { queries: 0 };
  const source = Object.fromEntries(
    Object.entries(inner).map(([name, method]) => [
      name,
      (...args: unknown[]) => {
        counter.queries += 1;
        return (method as (...a: unknown[]) => Promise<unknown>)(...args);
      },
    ]),
  ) as unknown as CatalogueSource;
  return { source, counter };
}

/** An empty cache over the test database. */
function databaseCache() {
  return new CatalogueCache(databaseCatalogueSource(database.db));
}

function appOn(cache: CatalogueCache) {
  return createTestApp({ database, redis, mailer, catalogue: cache }).app;
}

type App = ReturnType<typeof appOn>;

async function getJson<T>(app: App, path: string, headers: Record<string, string> = {}) {
  const response = await app.request(path, { headers });
  return { response, body: (await response.json()) as T };
}

/**
 * A catalogue answer that is 200 and ok, whose `key` rows each match their shared schema exactly:
 * parsing drops unknown keys, so a row with an extra field differs from its parse.
 */
async function getRows<T>(app: App, path: string, key: string, schema: { parse(row: unknown): T }) {
  const { response, body } = await getJson<Record<string, unknown>>(app, path);
  expect(response.status, path).toBe(200);
  expect(response.headers.get('content-type'), path).toContain('application/json');
  expect(body.ok, path).toBe(true);
  const rows = body[key] as unknown[];
  for (const row of rows) expect(schema.parse(row)).toEqual(row);
  return { body, rows: rows as T[] };
}

async function restaurantNames(app: App, campusId: string): Promise<string[]> {
  const { body } = await getJson<{ restaurants: Array<{ name: string }> }>(
    app,
    `/api/catalogue/campuses/${campusId}/restaurants`,
  );
  return body.restaurants.map((r) => r.name);
}

async function renameRestaurant(id: string, name: string) {
  await database.db.update(restaurants).set({ name }).where(eq(restaurants.id, id));
}

/** A cache connected to the other replicas over Redis, closed after the test. */
async function replica(queuePrefix: string) {
  const cache = databaseCache();
  syncs.push(await startCatalogueSync({ cache, redis, queuePrefix, log: testLog }));
  return { cache, app: appOn(cache) };
}

/** Every catalogue read of a campus tree. */
function everyRead(tree: Awaited<ReturnType<typeof buildCampusTree>>) {
  return [
    '/api/catalogue/universities',
    `/api/catalogue/universities/${tree.university.id}/campuses`,
    `/api/catalogue/campuses/${tree.campus.id}/restaurants`,
    `/api/catalogue/campuses/${tree.campus.id}/mart-items`,
    `/api/catalogue/campuses/${tree.campus.id}/restaurants/${tree.restaurant.id}`,
    `/api/catalogue/restaurants/${tree.restaurant.id}`,
  ];
}

const NOT_FOUND_BODY = {
  error: { code: 'not-found', message: CATALOGUE_MESSAGES.restaurantNotFound },
};

describe(`catalogue api on ${engine}`, () => {
  it('lists universities sorted by name, case-insensitively, in the shared shape', async () => {
    const tag = newId().slice(0, 8);
    const names = [`zeta ${tag}`, `Alpha ${tag}`, `beta ${tag}`];
    for (const name of names) await database.db.insert(universities).values({ id: newId(), name });
    const app = appOn(databaseCache());

    const { rows } = await getRows(app, '/api/catalogue/universities', 'universities', ZUniversity);
    const ours = rows.map((u) => u.name).filter((name) => name.endsWith(tag));
    expect(ours).toEqual([`Alpha ${tag}`, `beta ${tag}`, `zeta ${tag}`]);
  });

  it('lists the campuses of a university sorted by name; an unknown university has none', async () => {
    const tree = await buildCampusTree(database.db, {
      campus: { name: 'Lahore Campus', location: 'Faisal Town' },
    });
    await database.db.insert(campuses).values([
      { id: newId(), universityId: tree.university.id, name: 'islamabad Campus' },
      { id: newId(), universityId: tree.university.id, name: 'Block 10' },
      { id: newId(), universityId: tree.university.id, name: 'Block 9' },
    ]);
    const other = await buildCampusTree(database.db);
    const app = appOn(databaseCache());

    const { rows } = await getRows(
      app,
      `/api/catalogue/universities/${tree.university.id}/campuses`,
      'campuses',
      ZCampus,
    );
    expect(rows.map((c) => c.name)).toEqual([
      'Block 9',
      'Block 10',
      'islamabad Campus',
      'Lahore Campus',
    ]);
    expect(rows).toContainEqual({
      id: tree.campus.id,
      universityId: tree.university.id,
      name: 'Lahore Campus',
      location: 'Faisal Town',
    });
    expect(rows).not.toContainEqual(expect.objectContaining({ id: other.campus.id }));

    for (const unknown of [newId(), 'not:an id']) {
      const empty = await getJson(
        app,
        `/api/catalogue/universities/${encodeURIComponent(unknown)}/campuses`,
      );
      expect(empty.response.status).toBe(200);
      expect(empty.body).toEqual({ ok: true, campuses: [] });
    }
  });

  it('lists the restaurants of a campus sorted by name, with its university and hours', async () => {
    const tree = await buildCampusTree(database.db, {
      restaurant: {
        name: 'Cafe Bella',
        location: 'Block A',
        cuisine: 'Italian',
        openTime: '9:00 AM',
        closeTime: '11:00 PM',
        is24x7: false,
      },
    });
    await database.db.insert(restaurants).values([
      { id: newId(), campusId: tree.campus.id, name: 'burger Lab' },
      { id: newId(), campusId: tree.campus.id, name: 'Apna Dhaba' },
    ]);
    const other = await buildCampusTree(database.db, { restaurant: { name: 'Aaa Elsewhere' } });
    const app = appOn(databaseCache());

    const { rows } = await getRows(
      app,
      `/api/catalogue/campuses/${tree.campus.id}/restaurants`,
      'restaurants',
      ZRestaurant,
    );
    expect(rows.map((r) => r.name)).toEqual(['Apna Dhaba', 'burger Lab', 'Cafe Bella']);
    expect(rows).toContainEqual({
      id: tree.restaurant.id,
      universityId: tree.university.id,
      campusId: tree.campus.id,
      name: 'Cafe Bella',
      location: 'Block A',
      cuisine: 'Italian',
      openTime: '9:00 AM',
      closeTime: '11:00 PM',
      is24x7: false,
    });
    expect(await restaurantNames(app, other.campus.id)).toEqual(['Aaa Elsewhere']);
    expect(await restaurantNames(app, newId())).toEqual([]);
  });

  it('lists the mart items of a campus sorted by name, prices in paisa, stock and photo', async () => {
    const tree = await buildCampusTree(database.db, {
      martItem: {
        name: 'Water',
        pricePaisa: 12_000,
        stock: 5,
        category: 'Drinks',
        description: '500 ml',
        photoUrl: '/uploads/water.webp',
      },
    });
    await database.db.insert(martItems).values([
      { id: newId(), campusId: tree.campus.id, name: 'chips', pricePaisa: 5_050, stock: 0 },
      { id: newId(), campusId: tree.campus.id, name: 'Biscuits', pricePaisa: 3_000, stock: 2 },
    ]);
    const app = appOn(databaseCache());

    const { rows } = await getRows(
      app,
      `/api/catalogue/campuses/${tree.campus.id}/mart-items`,
      'martItems',
      ZMartItem,
    );
    expect(rows.map((m) => m.name)).toEqual(['Biscuits', 'chips', 'Water']);
    expect(rows).toContainEqual({
      id: tree.martItem.id,
      universityId: tree.university.id,
      campusId: tree.campus.id,
      name: 'Water',
      price: 12_000,
      description: '500 ml',
      category: 'Drinks',
      stock: 5,
      photoURL: '/uploads/water.webp',
    });
    expect(rows).toContainEqual(
      expect.objectContaining({ name: 'chips', price: 5_050, stock: 0, photoURL: null }),
    );
    const unknown = await getJson(app, `/api/catalogue/campuses/${newId()}/mart-items`);
    expect(unknown.body).toEqual({ ok: true, martItems: [] });
  });

  it('a restaurant with its menu sorted by name, with or without the campus in the path', async () => {
    const tree = await buildCampusTree(database.db, {
      menuItem: { name: 'Tea', pricePaisa: 8_000, description: 'Doodh patti' },
    });
    await database.db.insert(menuItems).values([
      { id: newId(), restaurantId: tree.restaurant.id, name: 'samosa', pricePaisa: 4_000 },
      {
        id: newId(),
        restaurantId: tree.restaurant.id,
        name: 'Biryani',
        pricePaisa: 35_000,
        photoUrl: '/uploads/biryani.webp',
      },
    ]);
    const app = appOn(databaseCache());

    const viaCampus = await getRows(
      app,
      `/api/catalogue/campuses/${tree.campus.id}/restaurants/${tree.restaurant.id}`,
      'menuItems',
      ZMenuItem,
    );
    expect(ZRestaurant.parse(viaCampus.body.restaurant)).toEqual(viaCampus.body.restaurant);
    expect(viaCampus.body.restaurant).toMatchObject({
      id: tree.restaurant.id,
      campusId: tree.campus.id,
      universityId: tree.university.id,
      name: 'Cafe',
    });
    expect(viaCampus.rows.map((m) => m.name)).toEqual(['Biryani', 'samosa', 'Tea']);
    expect(viaCampus.rows).toContainEqual({
      id: tree.menuItem.id,
      restaurantId: tree.restaurant.id,
      name: 'Tea',
      price: 8_000,
      description: 'Doodh patti',
      photoURL: null,
    });

    const withoutCampus = await getJson(app, `/api/catalogue/restaurants/${tree.restaurant.id}`);
    expect(withoutCampus.response.status).toBe(200);
    expect(withoutCampus.body).toEqual(viaCampus.body);
  });

  it("'Restaurant not found at this campus.' for another campus's restaurant and unknown ids", async () => {
    const here = await buildCampusTree(database.db);
    const there = await buildCampusTree(database.db);
    const app = appOn(databaseCache());
    const paths = [
      `/api/catalogue/campuses/${here.campus.id}/restaurants/${there.restaurant.id}`,
      `/api/catalogue/campuses/${here.campus.id}/restaurants/${newId()}`,
      `/api/catalogue/campuses/${newId()}/restaurants/${here.restaurant.id}`,
      `/api/catalogue/campuses/${here.campus.id}/restaurants/${encodeURIComponent('x:y')}`,
      `/api/catalogue/restaurants/${newId()}`,
      `/api/catalogue/restaurants/${encodeURIComponent('no such id')}`,
    ];
    for (const path of paths) {
      const { response, body } = await getJson(app, path);
      expect(response.status, path).toBe(404);
      expect(body, path).toEqual(NOT_FOUND_BODY);
    }
  });

  it('answers 304 to a matching If-None-Match, and browsers must revalidate', async () => {
    const tree = await buildCampusTree(database.db);
    const app = appOn(databaseCache());
    for (const path of everyRead(tree)) {
      const first = await app.request(path);
      const etag = first.headers.get('etag');
      expect(etag, path).toMatch(/^"[^"]+"$/);
      expect(first.headers.get('cache-control'), path).toBe('public, max-age=0, must-revalidate');

      for (const ifNoneMatch of [etag as string, `W/${etag}`, `"other", ${etag}`, '*']) {
        const again = await app.request(path, { headers: { 'If-None-Match': ifNoneMatch } });
        expect(again.status, `${path} ${ifNoneMatch}`).toBe(304);
        expect(await again.text()).toBe('');
        expect(again.headers.get('etag')).toBe(etag);
        expect(again.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
      }
      const stale = await app.request(path, { headers: { 'If-None-Match': '"stale"' } });
      expect(stale.status, path).toBe(200);
    }
  });

  it('a repeated request is served from memory: no query, the old row until invalidated', async () => {
    const tree = await buildCampusTree(database.db, { restaurant: { name: 'Old Name' } });
    const { source, counter } = countingSource();
    const cache = new CatalogueCache(source);
    const app = appOn(cache);
    const paths = everyRead(tree);
    for (const path of paths) expect((await app.request(path)).status, path).toBe(200);
    const afterFirst = counter.queries;
    expect(afterFirst).toBeGreaterThan(0);
    for (const path of paths) expect((await app.request(path)).status, path).toBe(200);
    expect(counter.queries).toBe(afterFirst);

    const etagBefore = (await app.request(paths[2] as string)).headers.get('etag');
    await renameRestaurant(tree.restaurant.id, 'New Name');
    expect(await restaurantNames(app, tree.campus.id)).toEqual(['Old Name']);

    await cache.invalidateCampus(tree.campus.id);
    expect(await restaurantNames(app, tree.campus.id)).toEqual(['New Name']);
    expect((await app.request(paths[2] as string)).headers.get('etag')).not.toBe(etagBefore);
    const detail = await getJson<{ restaurant: { name: string } }>(app, paths[5] as string);
    expect(detail.body.restaurant.name).toBe('New Name');
  });

  it('each invalidation scope drops only what it names', async () => {
    const a = await buildCampusTree(database.db);
    const b = await buildCampusTree(database.db);
    const { source, counter } = countingSource();
    const cache = new CatalogueCache(source);
    const app = appOn(cache);
    const reads = {
      universities: '/api/catalogue/universities',
      campusesA: `/api/catalogue/universities/${a.university.id}/campuses`,
      restaurantsA: `/api/catalogue/campuses/${a.campus.id}/restaurants`,
      martA: `/api/catalogue/campuses/${a.campus.id}/mart-items`,
      menuA: `/api/catalogue/campuses/${a.campus.id}/restaurants/${a.restaurant.id}`,
      restaurantsB: `/api/catalogue/campuses/${b.campus.id}/restaurants`,
    };
    /** Which reads needed a query after the invalidation. */
    const reloaded = async () => {
      const missed: string[] = [];
      for (const [name, path] of Object.entries(reads)) {
        const before = counter.queries;
        await app.request(path);
        if (counter.queries > before) missed.push(name);
      }
      return missed;
    };
    await reloaded();

    await cache.invalidateMartItems(a.campus.id);
    expect(await reloaded()).toEqual(['martA']);
    await cache.invalidateCampus(a.campus.id);
    expect(await reloaded()).toEqual(['restaurantsA', 'martA', 'menuA']);
    await cache.invalidateUniversities();
    expect(await reloaded()).toEqual(['universities', 'campusesA']);
    await cache.invalidateAll();
    expect(await reloaded()).toEqual(Object.keys(reads));
    expect(await reloaded()).toEqual([]);
  });

  it('an invalidation in another replica reaches this one over Redis', async () => {
    const tree = await buildCampusTree(database.db, { restaurant: { name: 'Before' } });
    const queuePrefix = testQueuePrefix();
    const one = await replica(queuePrefix);
    const two = await replica(queuePrefix);
    expect(await restaurantNames(one.app, tree.campus.id)).toEqual(['Before']);
    expect(await restaurantNames(two.app, tree.campus.id)).toEqual(['Before']);

    await renameRestaurant(tree.restaurant.id, 'After');
    expect(await restaurantNames(one.app, tree.campus.id)).toEqual(['Before']);
    await two.cache.invalidateCampus(tree.campus.id);
    expect(await restaurantNames(two.app, tree.campus.id)).toEqual(['After']);
    await expect
      .poll(() => restaurantNames(one.app, tree.campus.id), { timeout: 5_000 })
      .toEqual(['After']);

    // The universities scope travels too.
    const universityName = `Added ${newId()}`;
    const names = async (app: App) =>
      (
        await getJson<{ universities: Array<{ name: string }> }>(app, '/api/catalogue/universities')
      ).body.universities.map((u) => u.name);
    expect(await names(one.app)).not.toContain(universityName);
    await database.db.insert(universities).values({ id: newId(), name: universityName });
    expect(await names(one.app)).not.toContain(universityName);
    await two.cache.invalidateUniversities();
    await expect.poll(() => names(one.app), { timeout: 5_000 }).toContain(universityName);
  });

  it('a replica that lost its subscription does not serve what it may have missed', async () => {
    const tree = await buildCampusTree(database.db, { restaurant: { name: 'Before' } });
    const queuePrefix = testQueuePrefix();
    const one = await replica(queuePrefix);
    expect(one.cache.isEnabled()).toBe(true);
    expect(await restaurantNames(one.app, tree.campus.id)).toEqual(['Before']);

    // Redis drops the subscriber (as on a Redis restart or a network cut); the write meanwhile
    // is announced to nobody.
    const clients = (await redis.client('LIST')) as string;
    const subscriber = clients
      .split('\n')
      .find((line) => line.includes(` name=${queuePrefix}-catalogue-`));
    const id = /(?:^|\s)id=(\d+)/.exec(subscriber ?? '')?.[1];
    expect(id).toBeDefined();
    await redis.client('KILL', 'ID', id as string);
    await renameRestaurant(tree.restaurant.id, 'After');

    await expect
      .poll(() => restaurantNames(one.app, tree.campus.id), { timeout: 5_000 })
      .toEqual(['After']);
    await expect.poll(() => one.cache.isEnabled(), { timeout: 5_000 }).toBe(true);
    expect(await restaurantNames(one.app, tree.campus.id)).toEqual(['After']);
  });

  it('a load that read the rows before an invalidation never repopulates the cache', async () => {
    const tree = await buildCampusTree(database.db, { restaurant: { name: 'Old' } });
    const inner = databaseCatalogueSource(database.db);
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let readOld: () => void = () => {};
    const oldRead = new Promise<void>((resolve) => {
      readOld = resolve;
    });
    let calls = 0;
    const cache = new CatalogueCache({
      ...inner,
      async restaurants(campusId) {
        calls += 1;
        const rows = await inner.restaurants(campusId);
        if (calls === 1) {
          // The first load has its rows, then stalls until the write and invalidation are done.
          readOld();
          await gate;
        }
        return rows;
      },
    });
    const app = appOn(cache);

    const first = restaurantNames(app, tree.campus.id);
    await oldRead;
    await renameRestaurant(tree.restaurant.id, 'New');
    await cache.invalidateCampus(tree.campus.id);
    // A request after the invalidation does not join the stalled load.
    expect(await restaurantNames(app, tree.campus.id)).toEqual(['New']);
    release();
    // The stalled request answers what it read, but does not store it.
    expect(await first).toEqual(['Old']);
    expect(await restaurantNames(app, tree.campus.id)).toEqual(['New']);
    expect(calls).toBe(2);
  });
});
