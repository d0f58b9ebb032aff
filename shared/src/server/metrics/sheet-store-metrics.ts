import { type SheetStore, SheetStoreError } from '../sheets/sheet-store';
import type { Metrics } from './metrics';

/**
 * The store with its writes counted (campus_sheet_writes_total). Wrap the adapter itself, under
 * guardSheetStore: a 'rate_limited' result is then the service's own 429, never the shared write
 * budget refusing a write before it was sent.
 */
export function countSheetWrites<S extends SheetStore>(store: S, metrics: Metrics): S {
  const counted =
    <A extends unknown[]>(operation: 'append' | 'update', call: (...args: A) => Promise<void>) =>
    async (...args: A) => {
      try {
        await call(...args);
        metrics.sheetWrites.inc({ operation, result: 'ok' });
      } catch (error) {
        const limited = error instanceof SheetStoreError && error.failure === 'rate-limited';
        metrics.sheetWrites.inc({ operation, result: limited ? 'rate_limited' : 'failed' });
        throw error;
      }
    };
  return {
    ...store,
    appendRows: counted('append', store.appendRows),
    updateCells: counted('update', store.updateCells),
  };
}
