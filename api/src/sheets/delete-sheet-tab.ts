import type { TUserProfile } from '@campus/shared/domain/entities';
import type { TSheetJobResponse, TSheetTabRequest } from '@campus/shared/domain/sheet-requests';
import { auditTabChange, queueSheetJob, requestedTab, type TabRequestDeps } from './tab-requests';

/**
 * Queues the deletion of a campus's order tab (docs/product.md §7 /delete); the worker removes it.
 */
export async function deleteSheetTab(
  deps: TabRequestDeps,
  actor: TUserProfile,
  request: TSheetTabRequest,
): Promise<Omit<TSheetJobResponse, 'ok'>> {
  const tabName = requestedTab(request);
  const jobId = await queueSheetJob(deps, 'delete-sheet-tab', { tabName }, ['delete', tabName]);
  await auditTabChange(deps.db, actor, 'delete', tabName, { jobId });
  return { tabName, jobId };
}
