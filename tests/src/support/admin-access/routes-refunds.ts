import {
  REFUND_PATHS,
  type TRefundResponse,
  type TRefundsResponse,
} from '@campus/shared/domain/refunds';
import { newId } from '@campus/shared/server/db/ids';
import { refunds } from '@campus/shared/server/db/schema';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { AdminTree } from '../admin';
import { buildOrder, buildUser } from '../builders';
import { campusQuery, db } from './context';
import type { Route } from './route';

/** An order of a student of the campus, in `status`. */
async function orderAt(tree: AdminTree, status: 'cancelled' | 'verified') {
  const student = await buildUser(db(), {
    universityId: tree.university.id,
    campusId: tree.campus.id,
  });
  return buildOrder(db(), tree, student, { status });
}

/** A verified order of the campus: one an admin records a refund for (paid too much, twice). */
const verifiedOrderAt = (tree: AdminTree) => orderAt(tree, 'verified');

/** A cancelled order of the campus whose payment arrived, and the refund it is owed. */
async function refundAt(tree: AdminTree) {
  const order = await orderAt(tree, 'cancelled');
  const id = newId();
  await db().insert(refunds).values({
    id,
    orderId: order.id,
    campusId: tree.campus.id,
    amountPaisa: order.grandTotalPaisa,
    reason: 'The order was cancelled after its payment arrived.',
  });
  return { order, id };
}

/** A campus's refunds (decision 024): a campus admin at their campus. */
export const REFUND_ROUTES: Route[] = [
  {
    label: `GET ${REFUND_PATHS.list}`,
    who: 'C',
    make: async (tree) => {
      const { id } = await refundAt(tree);
      return {
        method: 'GET',
        path: `${REFUND_PATHS.list}${campusQuery(tree)}`,
        done: async (answer) => {
          expect((answer as TRefundsResponse).refunds.map((refund) => refund.id)).toContain(id);
        },
      };
    },
  },
  {
    label: 'POST /api/admin/orders/:id/refund',
    who: 'C',
    success: 201,
    audit: { action: 'create', entity: 'refund' },
    make: async (tree) => {
      const order = await verifiedOrderAt(tree);
      return {
        method: 'POST',
        path: REFUND_PATHS.record(order.id),
        body: { amountPaisa: 5_000, reason: 'Paid Rs 50 more than the total.' },
        done: async (answer) => {
          const { refund } = answer as TRefundResponse;
          expect(refund).toMatchObject({ orderId: order.id, amountPaisa: 5_000, state: 'due' });
        },
      };
    },
  },
  {
    label: `POST ${REFUND_PATHS.recordByReference}`,
    who: 'C',
    success: 201,
    audit: { action: 'create', entity: 'refund' },
    make: async (tree) => {
      const order = await verifiedOrderAt(tree);
      return {
        method: 'POST',
        path: REFUND_PATHS.recordByReference,
        body: {
          universityId: tree.university.id,
          campusId: tree.campus.id,
          // As an admin types it off a bank slip.
          paymentReference: order.paymentReference.toLowerCase(),
          amountPaisa: 2_000,
          reason: 'Paid twice.',
        },
        done: async (answer) => {
          const { refund } = answer as TRefundResponse;
          expect(refund).toMatchObject({ orderId: order.id, amountPaisa: 2_000, state: 'due' });
        },
      };
    },
  },
  {
    label: 'POST /api/admin/refunds/:id/sent',
    who: 'C',
    success: 200,
    audit: { action: 'update', entity: 'refund' },
    make: async (tree) => {
      const { id } = await refundAt(tree);
      return {
        method: 'POST',
        path: REFUND_PATHS.sent(id),
        body: { reference: 'FT25099ABC123' },
        entityId: id,
        done: async () => {
          const [row] = await db().select().from(refunds).where(eq(refunds.id, id));
          expect(row).toMatchObject({ state: 'sent', sentReference: 'FT25099ABC123' });
        },
      };
    },
  },
];
