import type { TUserProfile } from '@campus/shared/domain/entities';
import type { TSheetJobResponse, TSheetTabRequest } from '@campus/shared/domain/sheet-requests';
import { auditTabChange, queueSheetJob, requestedTab, type TabRequestDeps } from './tab-requests';

/**
 * Queues the creation of a campus's order tab (docs/product.md §7 /create); the worker makes it.
 */
export async function createSheetTab(
  deps: TabRequestDeps,
  actor: TUserProfile,
  request: TSheetTabRequest,
): Promise<Omit<TSheetJobResponse, 'ok'>> {
  const tabName = requestedTab(request);
  const jobId = await queueSheetJob(deps, 'create-sheet-tab', { tabName }, ['create', tabName]);
  await auditTabChange(deps.db, actor, 'create', tabName, { jobId });
  return { tabName, jobId };
}
