import type { TUserProfile } from '@campus/shared/domain/entities';
import { isSuperAdmin } from '@campus/shared/domain/roles';
import type { Db } from '@campus/shared/server/db/client';
import { orders } from '@campus/shared/server/db/schema';
import { orderJobId } from '@campus/shared/server/jobs';
import type { Producer } from '@campus/shared/server/queue';
import { and, eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import { needsRedis } from '../auth/needs-redis';
import { notFound } from '../http/errors';

/**
 * Queues the notify job of an order (docs/product.md §7 /submit-order): only for the person who
 * placed it or a super admin (anyone else hears of no such order). The job id is the order's, so
 * its mails go out once whatever the number of calls. Answers the job id.
 */
export async function submitOrder(
  deps: { db: Db; producer: Producer; log: Logger },
  user: TUserProfile,
  orderId: string,
): Promise<string> {
  const ownOnly = isSuperAdmin(user) ? undefined : eq(orders.userId, user.uid);
  const [order] = await deps.db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, orderId), ownOnly));
  if (!order) throw notFound();
  const job = await needsRedis(deps.log, () =>
    deps.producer.enqueue(
      'notify-order',
      { orderId: order.id },
      { jobId: orderJobId(order.id, 'notify') },
    ),
  );
  return job.id;
}
