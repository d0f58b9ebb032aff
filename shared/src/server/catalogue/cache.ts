import { createHash } from 'node:crypto';
import { z } from 'zod';
import type {
  TCampusesResponse,
  TCatalogueMartItemsResponse,
  TRestaurantMenuResponse,
  TRestaurantsResponse,
  TUniversitiesResponse,
} from '../../domain/catalogue-api';
import type { CatalogueSource } from './queries';

/**
 * What an admin write (or an order, for mart stock) makes stale:
 * - all: everything;
 * - universities: the university list and every university's campus list;
 * - campus: one campus's restaurants, menus and mart items;
 * - mart-items: one campus's mart items only (stock changes with every order).
 */
export const ZCatalogueScope = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('all') }),
  z.object({ kind: z.literal('universities') }),
  z.object({ kind: z.literal('campus'), campusId: z.string().min(1) }),
  z.object({ kind: z.literal('mart-items'), campusId: z.string().min(1) }),
]);
export type TCatalogueScope = z.infer<typeof ZCatalogueScope>;

/** A ready-to-send JSON body and its strong ETag, computed once per load, never per request. */
export interface CachedResponse<A = unknown> {
  body: string;
  etag: string;
  /** What `body` says, as its response type in shared/domain/catalogue-api.ts. */
  answer: A;
}

interface Entry<A> extends CachedResponse<A> {
  loadedAt: number;
  /** Its key in the cache, once stored there. */
  key?: string;
}

type CatalogueAnswer =
  | TUniversitiesResponse
  | TCampusesResponse
  | TRestaurantsResponse
  | TCatalogueMartItemsResponse
  | TRestaurantMenuResponse;

const DEFAULT_MAX_ENTRIES = 10_000;
// A safety net, not the mechanism: invalidation clears entries at once; this bounds how long a
// replica that missed an invalidation message (a failed publish) can show old data.
const DEFAULT_MAX_AGE_MS = 60_000;

// Ids are server-generated (UUIDs); anything else cannot name a row. Refusing it up front keeps
// request text out of cache keys (no ':' to forge another key, no megabyte keys).
const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

// Every answer names its response type (NoInfer: the object cannot choose it), and the web reads
// the same types: a changed response schema breaks this file's type-check. Serialized once per
// load; a cache hit sends the stored body.
function respond<A extends CatalogueAnswer = never>(answer: NoInfer<A>): Entry<A> {
  const body = JSON.stringify(answer);
  const hash = createHash('sha1').update(body).digest('base64url');
  return { answer, body, etag: `"${hash}"`, loadedAt: Date.now() };
}

/**
 * The public catalogue, held in this process's memory: a hit touches neither the database nor
 * Redis. Entries are dropped by `invalidate*` here and, through the Redis channel (see sync.ts), in
 * every other replica.
 *
 * Race guard: every invalidation takes a tick of a clock and records it against its scope; a load
 * remembers the tick it started at and stores its result only if none of its scopes was
 * invalidated since, so a query that read the old rows can never repopulate the cache after the
 * write that made them stale. Concurrent misses of one key share one load (invalidation detaches
 * it, so later requests start a fresh one).
 */
export class CatalogueCache {
  private readonly entries = new Map<string, Entry<unknown>>();
  private readonly loading = new Map<string, Promise<Entry<unknown> | null>>();
  // A hint for /restaurants/:id without a campus; always checked against the campus's list.
  private readonly restaurantCampus = new Map<string, string>();
  private readonly invalidatedAt = new Map<string, number>();
  private allInvalidatedAt = 0;
  private clock = 0;
  private enabled = true;
  private broadcast: ((scope: TCatalogueScope) => Promise<void>) | undefined;
  private readonly maxEntries: number;
  private readonly maxAgeMs: number;

  constructor(
    private readonly source: CatalogueSource,
    options: { maxEntries?: number; maxAgeMs?: number } = {},
  ) {
    this.maxEntries = options.maxEntries ?? DEFAULT_MAX_ENTRIES;
    this.maxAgeMs = options.maxAgeMs ?? DEFAULT_MAX_AGE_MS;
  }

  /** `{ ok, universities }`, sorted by name. */
  universities(): Promise<CachedResponse<TUniversitiesResponse>> {
    return this.get('universities', ['universities'], async () =>
      respond<TUniversitiesResponse>({ ok: true, universities: await this.source.universities() }),
    );
  }

  /** `{ ok, campuses }` of one university, sorted by name; empty for an unknown university. */
  campuses(universityId: string): Promise<CachedResponse<TCampusesResponse>> {
    if (!ID_PATTERN.test(universityId)) {
      return Promise.resolve(respond<TCampusesResponse>({ ok: true, campuses: [] }));
    }
    return this.get(`campuses:${universityId}`, ['universities'], async () =>
      respond<TCampusesResponse>({ ok: true, campuses: await this.source.campuses(universityId) }),
    );
  }

  /** `{ ok, restaurants }` of one campus, sorted by name; empty for an unknown campus. */
  restaurants(campusId: string): Promise<CachedResponse<TRestaurantsResponse>> {
    return this.restaurantList(campusId);
  }

  /** `{ ok, martItems }` of one campus, sorted by name; empty for an unknown campus. */
  martItems(campusId: string): Promise<CachedResponse<TCatalogueMartItemsResponse>> {
    if (!ID_PATTERN.test(campusId)) {
      return Promise.resolve(respond<TCatalogueMartItemsResponse>({ ok: true, martItems: [] }));
    }
    return this.get(
      `campus:${campusId}:mart-items`,
      [`campus:${campusId}`, `mart-items:${campusId}`],
      async () =>
        respond<TCatalogueMartItemsResponse>({
          ok: true,
          martItems: await this.source.martItems(campusId),
        }),
    );
  }

  /** `{ ok, restaurant, menuItems }`, or null when the campus has no such restaurant. */
  async restaurant(
    campusId: string,
    restaurantId: string,
  ): Promise<CachedResponse<TRestaurantMenuResponse> | null> {
    if (!ID_PATTERN.test(campusId) || !ID_PATTERN.test(restaurantId)) return null;
    return this.get(
      `campus:${campusId}:restaurant:${restaurantId}`,
      [`campus:${campusId}`],
      async () => {
        const list = await this.restaurantList(campusId);
        const restaurant = list.answer.restaurants.find((r) => r.id === restaurantId);
        if (!restaurant) return null;
        const menuItems = await this.source.menuItems(restaurantId);
        return respond<TRestaurantMenuResponse>({ ok: true, restaurant, menuItems });
      },
    );
  }

  /** As restaurant(), for a visitor who has not chosen a campus. */
  async restaurantOfAnyCampus(
    restaurantId: string,
  ): Promise<CachedResponse<TRestaurantMenuResponse> | null> {
    if (!ID_PATTERN.test(restaurantId)) return null;
    const known = this.enabled ? this.restaurantCampus.get(restaurantId) : undefined;
    if (known) {
      const found = await this.restaurant(known, restaurantId);
      if (found) return found;
      this.restaurantCampus.delete(restaurantId);
    }
    const campusId = await this.source.campusOfRestaurant(restaurantId);
    if (!campusId) return null;
    if (this.enabled) this.remember(this.restaurantCampus, restaurantId, campusId);
    return this.restaurant(campusId, restaurantId);
  }

  /** Drops what a write made stale here and in every other replica (once sync is started). */
  async invalidate(scope: TCatalogueScope): Promise<void> {
    this.clearLocal(scope);
    await this.broadcast?.(scope);
  }

  /** After a write to a campus's restaurants, menus or mart items. */
  invalidateCampus(campusId: string): Promise<void> {
    return this.invalidate({ kind: 'campus', campusId });
  }

  /** After mart stock or mart items of a campus change (every order with mart lines). */
  invalidateMartItems(campusId: string): Promise<void> {
    return this.invalidate({ kind: 'mart-items', campusId });
  }

  /** After a university or campus is added, renamed or removed. */
  invalidateUniversities(): Promise<void> {
    return this.invalidate({ kind: 'universities' });
  }

  /** After a change that spans scopes, such as deleting a university with its campuses. */
  invalidateAll(): Promise<void> {
    return this.invalidate({ kind: 'all' });
  }

  /** Drops entries in this process only: for messages from other replicas. */
  clearLocal(scope: TCatalogueScope): void {
    const now = ++this.clock;
    const dropWhere = (stale: (key: string) => boolean) => {
      for (const key of this.entries.keys()) if (stale(key)) this.entries.delete(key);
      for (const key of this.loading.keys()) if (stale(key)) this.loading.delete(key);
    };
    switch (scope.kind) {
      case 'all':
        this.allInvalidatedAt = now;
        this.invalidatedAt.clear();
        this.entries.clear();
        this.loading.clear();
        this.restaurantCampus.clear();
        return;
      case 'universities':
        this.invalidatedAt.set('universities', now);
        dropWhere((key) => key === 'universities' || key.startsWith('campuses:'));
        return;
      case 'campus': {
        this.invalidatedAt.set(`campus:${scope.campusId}`, now);
        const prefix = `campus:${scope.campusId}:`;
        dropWhere((key) => key.startsWith(prefix));
        return;
      }
      case 'mart-items': {
        this.invalidatedAt.set(`mart-items:${scope.campusId}`, now);
        const key = `campus:${scope.campusId}:mart-items`;
        dropWhere((k) => k === key);
        return;
      }
    }
  }

  /**
   * Off: every read goes to the source and nothing is stored. Sync turns the cache off while it
   * cannot hear other replicas' invalidations, and clears it before turning it on again.
   */
  setEnabled(enabled: boolean): void {
    this.enabled = enabled;
  }

  /**
   * Whether `answer` is what a read of its key would answer now from memory: stored, not dropped
   * by an invalidation, not past its age, the cache on. An answer never stored is not current.
   */
  isCurrent(answer: CachedResponse): boolean {
    const { key, loadedAt } = answer as Entry<unknown>;
    if (!this.enabled || key === undefined || this.entries.get(key) !== answer) return false;
    return Date.now() - loadedAt < this.maxAgeMs;
  }

  /** Whether reads are served from memory right now. */
  isEnabled(): boolean {
    return this.enabled;
  }

  /** How invalidations reach other replicas (sync.ts); undefined: this process only. */
  setBroadcast(broadcast: ((scope: TCatalogueScope) => Promise<void>) | undefined): void {
    this.broadcast = broadcast;
  }

  private restaurantList(campusId: string): Promise<Entry<TRestaurantsResponse>> {
    if (!ID_PATTERN.test(campusId)) {
      return Promise.resolve(respond<TRestaurantsResponse>({ ok: true, restaurants: [] }));
    }
    return this.get(`campus:${campusId}:restaurants`, [`campus:${campusId}`], async () =>
      respond<TRestaurantsResponse>({
        ok: true,
        restaurants: await this.source.restaurants(campusId),
      }),
    );
  }

  private get<T>(key: string, scopes: string[], load: () => Promise<Entry<T>>): Promise<Entry<T>>;
  private get<T>(
    key: string,
    scopes: string[],
    load: () => Promise<Entry<T> | null>,
  ): Promise<Entry<T> | null>;
  private get<T>(
    key: string,
    scopes: string[],
    load: () => Promise<Entry<T> | null>,
  ): Promise<Entry<T> | null> {
    if (!this.enabled) return load();
    const hit = this.entries.get(key) as Entry<T> | undefined;
    if (hit && Date.now() - hit.loadedAt < this.maxAgeMs) return Promise.resolve(hit);
    const pending = this.loading.get(key) as Promise<Entry<T> | null> | undefined;
    if (pending) return pending;

    const startedAt = this.clock;
    const promise: Promise<Entry<T> | null> = load()
      .then((loaded) => {
        if (!loaded || !this.enabled || !this.unchangedSince(scopes, startedAt)) return loaded;
        const stored = { ...loaded, key };
        this.remember(this.entries, key, stored);
        return stored;
      })
      .finally(() => {
        if (this.loading.get(key) === promise) this.loading.delete(key);
      });
    this.loading.set(key, promise);
    return promise;
  }

  private unchangedSince(scopes: string[], tick: number): boolean {
    if (this.allInvalidatedAt > tick) return false;
    return scopes.every((scope) => (this.invalidatedAt.get(scope) ?? 0) <= tick);
  }

  // Bounded, so requests for many unknown ids cannot grow memory without limit: the oldest entry
  // goes first (a Map iterates in insertion order).
  private remember<V>(map: Map<string, V>, key: string, value: V): void {
    map.delete(key);
    if (map.size >= this.maxEntries) {
      const oldest = map.keys().next();
      if (!oldest.done) map.delete(oldest.value);
    }
    map.set(key, value);
  }
}
