import { describe, expect, it } from 'vitest';
import type { TRestaurant } from '../../domain/entities';
import { CatalogueCache } from './cache';
import type { CatalogueSource } from './queries';

function restaurant(id: string, campusId: string, name = `R ${id}`): TRestaurant {
  return {
    id,
    universityId: 'u1',
    campusId,
    name,
    location: '',
    cuisine: '',
    openTime: null,
    closeTime: null,
    is24x7: true,
  };
}

/** An in-memory source that counts its calls per method. */
function memorySource(rows: TRestaurant[]) {
  const calls: Record<string, number> = {};
  const counted =
    <A extends unknown[], R>(name: string, read: (...args: A) => R) =>
    async (...args: A) => {
      calls[name] = (calls[name] ?? 0) + 1;
      return read(...args);
    };
  const source: CatalogueSource = {
    universities: counted('universities', () => [{ id: 'u1', name: 'U' }]),
    campuses: counted('campuses', (universityId: string) => [
      { id: 'c1', universityId, name: 'C' },
    ]),
    restaurants: counted('restaurants', (campusId: string) =>
      rows.filter((r) => r.campusId === campusId),
    ),
    martItems: counted('martItems', () => []),
    menuItems: counted('menuItems', () => []),
    campusOfRestaurant: counted(
      'campusOfRestaurant',
      (id: string) => rows.find((r) => r.id === id)?.campusId ?? null,
    ),
  };
  return { source, calls };
}

const parse = (body: string) => JSON.parse(body) as Record<string, unknown>;

describe('CatalogueCache', () => {
  it('reloads an entry older than its maximum age, even without an invalidation', async () => {
    const { source, calls } = memorySource([restaurant('r1', 'c1')]);
    const fresh = new CatalogueCache(source);
    await fresh.restaurants('c1');
    await fresh.restaurants('c1');
    expect(calls.restaurants).toBe(1);
    const aged = new CatalogueCache(source, { maxAgeMs: 0 });
    await aged.restaurants('c1');
    await aged.restaurants('c1');
    expect(calls.restaurants).toBe(3);
  });

  it('concurrent misses of one key share one load', async () => {
    const { source, calls } = memorySource([restaurant('r1', 'c1')]);
    const cache = new CatalogueCache(source);
    const [a, b, c] = await Promise.all([
      cache.restaurants('c1'),
      cache.restaurants('c1'),
      cache.restaurants('c1'),
    ]);
    expect(calls.restaurants).toBe(1);
    expect(a).toBe(b);
    expect(b).toBe(c);
  });

  it('ids that no row can have never reach the source', async () => {
    const { source, calls } = memorySource([]);
    const cache = new CatalogueCache(source);
    expect(parse((await cache.restaurants('a:b')).body)).toEqual({ ok: true, restaurants: [] });
    expect(parse((await cache.campuses('x'.repeat(65))).body)).toEqual({ ok: true, campuses: [] });
    expect(await cache.restaurant('c1', 'r 1')).toBeNull();
    expect(await cache.restaurantOfAnyCampus('')).toBeNull();
    expect(calls).toEqual({});
  });

  it('holds at most maxEntries entries, dropping the oldest first', async () => {
    const { source, calls } = memorySource([]);
    const cache = new CatalogueCache(source, { maxEntries: 2 });
    await cache.restaurants('c1');
    await cache.restaurants('c2');
    await cache.restaurants('c3');
    expect(calls.restaurants).toBe(3);
    await cache.restaurants('c3');
    await cache.restaurants('c2');
    expect(calls.restaurants).toBe(3);
    await cache.restaurants('c1');
    expect(calls.restaurants).toBe(4);
  });

  it('turned off, every read goes to the source and nothing is kept', async () => {
    const { source, calls } = memorySource([]);
    const cache = new CatalogueCache(source);
    cache.setEnabled(false);
    await cache.universities();
    await cache.universities();
    cache.setEnabled(true);
    await cache.universities();
    expect(calls.universities).toBe(3);
  });

  it('an answer is current while a read would answer it from memory, and no longer', async () => {
    const { source } = memorySource([restaurant('r1', 'c1')]);
    const cache = new CatalogueCache(source);
    const list = await cache.restaurants('c1');
    const menu = await cache.restaurant('c1', 'r1');
    expect(cache.isCurrent(list)).toBe(true);
    expect(await cache.restaurants('c1')).toBe(list);
    // Another key's invalidation leaves it; its own drops it, and the reload is current instead.
    await cache.invalidateMartItems('c1');
    expect(cache.isCurrent(list)).toBe(true);
    await cache.invalidateCampus('c1');
    expect(cache.isCurrent(list)).toBe(false);
    expect(menu && cache.isCurrent(menu)).toBe(false);
    const reloaded = await cache.restaurants('c1');
    expect(cache.isCurrent(reloaded)).toBe(true);
    // Off, nothing is current; an answer never stored (an id no row can have) never is.
    cache.setEnabled(false);
    expect(cache.isCurrent(reloaded)).toBe(false);
    cache.setEnabled(true);
    expect(cache.isCurrent(await cache.restaurants('not an id'))).toBe(false);
    // Past its age.
    const aged = new CatalogueCache(source, { maxAgeMs: 0 });
    expect(aged.isCurrent(await aged.universities())).toBe(false);
  });

  it('a failed load is not kept: the next request tries again', async () => {
    let fail = true;
    const { source } = memorySource([]);
    const cache = new CatalogueCache({
      ...source,
      universities: async () => {
        if (fail) throw new Error('database away');
        return [];
      },
    });
    await expect(cache.universities()).rejects.toThrow('database away');
    fail = false;
    expect(parse((await cache.universities()).body)).toEqual({ ok: true, universities: [] });
  });

  it('finds a restaurant without its campus, and follows it when it moves', async () => {
    const rows = [restaurant('r1', 'c1', 'Cafe')];
    const { source, calls } = memorySource(rows);
    const cache = new CatalogueCache(source);
    const first = await cache.restaurantOfAnyCampus('r1');
    expect(parse(first?.body ?? '{}')).toMatchObject({ restaurant: { id: 'r1', campusId: 'c1' } });
    await cache.restaurantOfAnyCampus('r1');
    expect(calls.campusOfRestaurant).toBe(1);

    rows[0] = restaurant('r1', 'c2', 'Cafe');
    await cache.invalidateCampus('c1');
    await cache.invalidateCampus('c2');
    const moved = await cache.restaurantOfAnyCampus('r1');
    expect(parse(moved?.body ?? '{}')).toMatchObject({ restaurant: { id: 'r1', campusId: 'c2' } });
    expect(await cache.restaurant('c1', 'r1')).toBeNull();

    rows.pop();
    await cache.invalidateCampus('c2');
    expect(await cache.restaurantOfAnyCampus('r1')).toBeNull();
  });

  it('the same content gives the same ETag, other content another one', async () => {
    const { source } = memorySource([restaurant('r1', 'c1')]);
    const one = await new CatalogueCache(source).restaurants('c1');
    const two = await new CatalogueCache(source).restaurants('c1');
    const other = await new CatalogueCache(source).restaurants('c2');
    expect(one.etag).toBe(two.etag);
    expect(one.etag).not.toBe(other.etag);
  });
});
