import { ADMIN_API } from '@campus/shared/domain/admin-api';
import type { TOrderResponse, TOrdersResponse } from '@campus/shared/domain/order-api';
import { orders } from '@campus/shared/server/db/schema';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { AdminTree } from '../admin';
import { buildOrder, buildUser } from '../builders';
import { campusQuery, db } from './context';
import type { Route } from './route';

/** A student's order at the campus, waiting for its payment check. */
async function orderAt(tree: AdminTree) {
  const student = await buildUser(db(), {
    universityId: tree.university.id,
    campusId: tree.campus.id,
  });
  return buildOrder(db(), tree, student);
}

/**
 * The Payments queue and an order's transitions (docs/architecture.md §8): a campus admin at their
 * campus.
 */
export const ORDER_ROUTES: Route[] = [
  {
    label: 'GET /api/admin/orders',
    who: 'C',
    make: async (tree) => {
      const order = await orderAt(tree);
      return {
        method: 'GET',
        path: `${ADMIN_API.orders}${campusQuery(tree)}`,
        done: async (answer) => {
          const listed = (answer as TOrdersResponse).orders;
          expect(listed.map((o) => o.id)).toContain(order.id);
          for (const o of listed) expect(o.campusName).toBe(tree.campus.name);
        },
      };
    },
  },
  {
    label: 'GET /api/admin/orders/:id',
    who: 'C',
    make: async (tree) => {
      const order = await orderAt(tree);
      return {
        method: 'GET',
        path: `${ADMIN_API.orders}/${order.id}`,
        done: async (answer) => {
          expect((answer as TOrderResponse).order).toMatchObject({
            id: order.id,
            status: 'placed',
            actions: ['verify', 'reject'],
          });
        },
      };
    },
  },
  {
    label: 'POST /api/admin/orders/:id/status',
    who: 'C',
    success: 200,
    audit: { action: 'verify', entity: 'order' },
    make: async (tree) => {
      const order = await orderAt(tree);
      return {
        method: 'POST',
        path: `${ADMIN_API.orders}/${order.id}/status`,
        body: { action: 'verify' },
        entityId: order.id,
        done: async () => {
          const [row] = await db().select().from(orders).where(eq(orders.id, order.id));
          expect(row?.status).toBe('verified');
        },
      };
    },
  },
];
