import { checkOrderScreenshot } from '@campus/shared/server/screenshots/screenshot-match';
import type { JobProcessor } from '../job-context';

/**
 * `check-screenshot`: flags the order with the orders paid with the same screenshot, or one that
 * looks the same (decision 011), once (checkOrderScreenshot). Placement leaves it to this job
 * because the look compares every order of 90 days: checkout stays as fast on the millionth order
 * as on the first, and the scans take turns on every worker (a queue of their own, one at a time),
 * whatever the rush. The order's Payments card says it is being checked until then; every page
 * showing an order whose flag changed is told.
 */
export const checkScreenshotJob: JobProcessor<'check-screenshot'> = async (
  { orderId },
  { database, events, log },
) => {
  const check = await checkOrderScreenshot(database.db, orderId);
  if (!check.checked) return check;
  if (check.changed.length > 1 || check.duplicateOf.length > 0) {
    const flagged = check.changed.map((order) => order.orderId);
    log.warn(
      { orderId, duplicateOf: check.duplicateOf, flagged },
      'payment screenshot used before',
    );
  }
  for (const order of check.changed) await events.publishOrder(order);
  return { checked: true, duplicateOf: check.duplicateOf };
};
