import { AsyncLocalStorage } from 'node:async_hooks';
import type { Redis } from 'ioredis';
import type { SheetCell } from '../../domain/order';
import { type SheetStore, SheetStoreError } from './sheet-store';
import { type TabLock, withTabLock } from './tab-lock';
import { takeSheetWrite } from './write-budget';

/** A sheet store whose every writer, in every process, takes the tab's lock and the budget. */
export interface GuardedSheetStore extends SheetStore {
  /**
   * Runs `work` holding the tab's lock (shared through Redis by every api and worker): the sheet
   * calls on that tab inside it are this holder's, each checked to still hold it. For work that
   * reads the tab and then writes what the read found missing.
   */
  withTab<T>(tab: string, work: () => Promise<T>): Promise<T>;
}

export interface SheetWriteGuards {
  redis: Redis;
  /** Namespaces the lock and budget keys, as it does the queues. */
  prefix: string;
  /** Appends and cell updates allowed per rolling minute across every process (Google: ~60). */
  writesPerMinute: number;
}

/**
 * Wraps a store so that the guarantees of the order pipeline hold for every caller (the worker's
 * jobs and the operators' calls alike): one writer per tab at a time, so no batch of rows is
 * written twice, and appends and cell updates within the shared budget, so no caller spends
 * Google's quota. A write over the budget fails as 'rate-limited' with the wait, having written
 * nothing.
 */
export function guardSheetStore<S extends SheetStore>(
  store: S,
  guards: SheetWriteGuards,
): S & GuardedSheetStore {
  // The locks the current async call chain holds, by tab: calls inside withTab take no second one.
  const held = new AsyncLocalStorage<ReadonlyMap<string, TabLock>>();

  const withTab = <T>(tab: string, work: () => Promise<T>): Promise<T> => {
    const holding = held.getStore() ?? new Map<string, TabLock>();
    if (holding.has(tab)) return work();
    const key = `${guards.prefix}:sheets:lock:${tab}`;
    return withTabLock(guards.redis, key, tab, (lock) =>
      held.run(new Map([...holding, [tab, lock]]), work),
    );
  };

  /** A write: under the tab's lock, the caller's or one taken for this call alone. */
  const write = <T>(tab: string, call: () => Promise<T>): Promise<T> =>
    withTab(tab, () => {
      held.getStore()?.get(tab)?.assertHeld();
      return call();
    });

  /** A write that spends the shared budget: refused as 'rate-limited' when it is spent. */
  const budgeted = <T>(tab: string, call: () => Promise<T>): Promise<T> =>
    write(tab, async () => {
      const waitMs = await takeSheetWrite(
        guards.redis,
        `${guards.prefix}:sheets:writes`,
        guards.writesPerMinute,
      );
      if (waitMs > 0) {
        throw new SheetStoreError(
          'rate-limited',
          `The ${guards.writesPerMinute} sheet writes a minute are spent`,
          { retryAfterMs: waitMs },
        );
      }
      return call();
    });

  /** A read: inside withTab it is the holder's; outside it, a read needs no lock. */
  const read = <T>(tab: string, call: () => Promise<T>): Promise<T> => {
    held.getStore()?.get(tab)?.assertHeld();
    return call();
  };

  // Stores are plain objects: what a store has beyond the port (the local one's reads) stays.
  return {
    ...store,
    withTab,
    ensureTab: (name, header) => write(name, () => store.ensureTab(name, header)),
    deleteTab: (name) => write(name, () => store.deleteTab(name)),
    appendRows: (tab, rows: readonly (readonly SheetCell[])[]) =>
      budgeted(tab, () => store.appendRows(tab, rows)),
    updateCells: (tab, cells) => budgeted(tab, () => store.updateCells(tab, cells)),
    readColumn: (tab, column) => read(tab, () => store.readColumn(tab, column)),
    readHeader: (tab) => read(tab, () => store.readHeader(tab)),
  };
}
