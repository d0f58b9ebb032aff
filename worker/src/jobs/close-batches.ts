import { databaseNow } from '@campus/shared/server/db/database-now';
import { closeDueBatches } from '@campus/shared/server/delivery/close-batch';
import type { JobProcessor } from '../job-context';

/**
 * `close-batches`: closes every open batch of the campus whose cut-off has passed, by the
 * database's clock (the one the orders were placed by). Made by the campus's schedulers at each
 * cut-off and by the upkeep for a close that never ran; each close is a conditional update, so a
 * batch is closed once however many of these run, and its mails' job is written with the close
 * (the outbox relay enqueues it).
 */
export const closeBatchesJob: JobProcessor<'close-batches'> = async ({ campusId }, context) => {
  const { db } = context.database;
  const closed = await closeDueBatches(db, campusId, await databaseNow(db));
  if (closed.length > 0)
    context.log.info({ campusId, batchIds: closed }, 'delivery batches closed');
  return { closed };
};
