import type { TSheetJobResponse } from '@campus/shared/domain/sheet-requests';
import { MASTER_TAB_NAME } from '@campus/shared/domain/sheet-tab';
import { queueSheetJob, type TabRequestDeps } from './tab-requests';

/**
 * Queues making sure the Master tab exists (docs/product.md §7 /master); asking again changes
 * nothing.
 */
export async function ensureMasterTab(
  deps: Pick<TabRequestDeps, 'producer' | 'log'>,
): Promise<Omit<TSheetJobResponse, 'ok'>> {
  const jobId = await queueSheetJob(deps, 'ensure-master-tab', {}, ['master']);
  return { tabName: MASTER_TAB_NAME, jobId };
}
