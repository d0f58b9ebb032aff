import { checkOrderScreenshot } from '@campus/shared/server/screenshots/screenshot-match';
import { matchOpenCredits } from '@campus/shared/server/statements/match-credits';
import type { JobProcessor } from '../job-context';
import { readOrderReceipt } from '../receipts/read-order-receipt';

/**
 * `check-screenshot`: flags the order with the orders paid with the same screenshot, or one that
 * looks the same (decision 011), once (checkOrderScreenshot). Placement leaves it to this job
 * because the look compares every order of 90 days: checkout stays as fast on the millionth order
 * as on the first, and the scans take turns on every worker (a queue of their own, one at a time),
 * whatever the rush. The order's Payments card says it is being checked until then; every page
 * showing an order whose flag changed is told. Then it reads what the receipt says (decision 022),
 * off checkout's path for the same reason: a second or more of CPU per picture; and looks for the
 * order's credit in the statements already imported (decision 023): a statement exported after
 * the transfer and before the order was placed holds it.
 */
export const checkScreenshotJob: JobProcessor<'check-screenshot'> = async (
  { orderId },
  { database, events, log, receipts },
) => {
  const check = await checkOrderScreenshot(database.db, orderId);
  if (check.checked) {
    if (check.changed.length > 1 || check.duplicateOf.length > 0) {
      const flagged = check.changed.map((order) => order.orderId);
      log.warn(
        { orderId, duplicateOf: check.duplicateOf, flagged },
        'payment screenshot used before',
      );
    }
    for (const order of check.changed) await events.publishOrder(order);
  }
  // Then what the receipt says, once, also when a retry finds the check done.
  const read = await readOrderReceipt(database.db, orderId, receipts);
  if (read) {
    if (read.campusId) await matchOpenCredits(database.db, read.campusId);
    await events.publishOrder(read);
  }
  return check.checked
    ? { checked: true, duplicateOf: check.duplicateOf, read: read !== null }
    : { ...check, read: read !== null };
};
