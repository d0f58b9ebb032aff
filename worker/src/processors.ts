import { appendOrderRowJob } from './jobs/append-order-row';
import { notifyOrderJob } from './jobs/notify-order';
import { ping } from './jobs/ping';
import { createSheetTabJob, deleteSheetTabJob, ensureMasterTabJob } from './jobs/sheet-tabs';
import type { ProcessorRegistry } from './processor';

/** One processor per job name of shared/src/server/jobs.ts. */
export const processors: ProcessorRegistry = {
  ping,
  'append-order-row': appendOrderRowJob,
  'notify-order': notifyOrderJob,
  'create-sheet-tab': createSheetTabJob,
  'delete-sheet-tab': deleteSheetTabJob,
  'ensure-master-tab': ensureMasterTabJob,
};
