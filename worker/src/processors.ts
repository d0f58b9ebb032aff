import type { ProcessorRegistry } from './job-context';
import { appendOrderRowJob } from './jobs/append-order-row';
import { checkScreenshotJob } from './jobs/check-screenshot';
import { closeBatchesJob } from './jobs/close-batches';
import { createSheetTabJob } from './jobs/create-sheet-tab';
import { deleteSheetTabJob } from './jobs/delete-sheet-tab';
import { ensureMasterTabJob } from './jobs/ensure-master-tab';
import { notifyBatchAdditionJob } from './jobs/notify-batch-addition';
import { notifyBatchClosedJob } from './jobs/notify-batch-closed';
import { notifyOrderJob } from './jobs/notify-order';
import { notifyOrderStatusJob } from './jobs/notify-order-status';
import { notifyRefundSentJob } from './jobs/notify-refund-sent';
import { ping } from './jobs/ping';
import { syncOrderStatusJob } from './jobs/sync-order-status';

/** One processor per job name of shared/src/server/jobs.ts, each in the file named as its job. */
export const processors: ProcessorRegistry = {
  ping,
  'append-order-row': appendOrderRowJob,
  'notify-order': notifyOrderJob,
  'check-screenshot': checkScreenshotJob,
  'notify-order-status': notifyOrderStatusJob,
  'notify-refund-sent': notifyRefundSentJob,
  'sync-order-status': syncOrderStatusJob,
  'create-sheet-tab': createSheetTabJob,
  'delete-sheet-tab': deleteSheetTabJob,
  'ensure-master-tab': ensureMasterTabJob,
  'close-batches': closeBatchesJob,
  'notify-batch-closed': notifyBatchClosedJob,
  'notify-batch-addition': notifyBatchAdditionJob,
};
