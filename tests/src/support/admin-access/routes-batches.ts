import { ADMIN_API } from '@campus/shared/domain/admin-api';
import type {
  TBagLabelsResponse,
  TBatchDetailResponse,
  TBatchesResponse,
  TDeliverySlotsResponse,
} from '@campus/shared/domain/batch-api';
import type { TDeliveryPlacesResponse } from '@campus/shared/domain/delivery-places';
import { newId } from '@campus/shared/server/db/ids';
import {
  campuses,
  deliveryBatches,
  deliveryPlaces,
  orderLines,
  orders,
} from '@campus/shared/server/db/schema';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { AdminTree } from '../admin';
import { buildOrder, buildUser } from '../builders';
import { campusQuery, db } from './context';
import type { Route } from './route';

const SLOTS = [{ weekday: 'mon', cutoff: '12:30 PM', delivery: '1:30 PM' }] as const;

/** A batch of the campus a day ahead, with one verified order of a student of the campus. */
async function batchAt(tree: AdminTree) {
  const cutoffAt = new Date(Date.now() + 24 * 3600_000);
  const [batch] = await db()
    .insert(deliveryBatches)
    .values({
      id: newId(),
      campusId: tree.campus.id,
      cutoffAt,
      deliveryAt: new Date(cutoffAt.getTime() + 3600_000),
    })
    .returning();
  if (!batch) throw new Error('no batch inserted');
  const student = await buildUser(db(), {
    universityId: tree.university.id,
    campusId: tree.campus.id,
  });
  const order = await buildOrder(db(), tree, student, { batchId: batch.id, status: 'verified' });
  return { batch, order };
}

/** Delivery rounds and batches (decision 013): a campus admin at their own campus. */
export const BATCH_ROUTES: Route[] = [
  {
    label: 'GET /api/admin/delivery-slots',
    who: 'C',
    make: async (tree) => {
      await db()
        .update(campuses)
        .set({ deliverySlots: [...SLOTS] })
        .where(eq(campuses.id, tree.campus.id));
      return {
        method: 'GET',
        path: `${ADMIN_API.deliverySlots}${campusQuery(tree)}`,
        done: async (answer) => {
          expect((answer as TDeliverySlotsResponse).slots).toEqual(SLOTS);
        },
      };
    },
  },
  {
    label: 'PUT /api/admin/delivery-slots',
    who: 'C',
    audit: { action: 'update', entity: 'delivery-slots' },
    make: async (tree) => ({
      method: 'PUT',
      path: `${ADMIN_API.deliverySlots}${campusQuery(tree)}`,
      body: { slots: SLOTS },
      entityId: tree.campus.id,
      done: async () => {
        const [row] = await db().select().from(campuses).where(eq(campuses.id, tree.campus.id));
        expect(row?.deliverySlots).toEqual(SLOTS);
      },
    }),
  },
  {
    label: 'GET /api/admin/delivery-places',
    who: 'C',
    make: async (tree) => {
      // Every caller's request gets a place of its own: names and codes are unique per campus.
      const id = newId();
      const code = id.replaceAll('-', '').slice(0, 8).toUpperCase();
      await db()
        .insert(deliveryPlaces)
        .values({ id, campusId: tree.campus.id, name: `Hall ${code}`, code, position: 0 });
      return {
        method: 'GET',
        path: `${ADMIN_API.deliveryPlaces}${campusQuery(tree)}`,
        done: async (answer) => {
          const { places } = answer as TDeliveryPlacesResponse;
          expect(places.map((place) => place.id)).toContain(id);
        },
      };
    },
  },
  {
    label: 'PUT /api/admin/delivery-places',
    who: 'C',
    audit: { action: 'update', entity: 'delivery-places' },
    make: async (tree) => ({
      method: 'PUT',
      path: `${ADMIN_API.deliveryPlaces}${campusQuery(tree)}`,
      body: { places: [{ name: 'Main Gate', code: 'gate', note: '' }] },
      entityId: tree.campus.id,
      done: async () => {
        const rows = await db()
          .select({ name: deliveryPlaces.name, code: deliveryPlaces.code })
          .from(deliveryPlaces)
          .where(eq(deliveryPlaces.campusId, tree.campus.id));
        expect(rows).toEqual([{ name: 'Main Gate', code: 'GATE' }]);
      },
    }),
  },
  {
    label: 'GET /api/admin/batches',
    who: 'C',
    make: async (tree) => {
      const { batch } = await batchAt(tree);
      return {
        method: 'GET',
        path: `${ADMIN_API.batches}${campusQuery(tree)}`,
        done: async (answer) => {
          const listed = (answer as TBatchesResponse).batches;
          expect(listed.find((b) => b.id === batch.id)).toMatchObject({ verifiedCount: 1 });
          for (const b of listed) expect(b.campusId).toBe(tree.campus.id);
        },
      };
    },
  },
  {
    label: 'GET /api/admin/batches/:id',
    who: 'C',
    make: async (tree) => {
      const { batch, order } = await batchAt(tree);
      return {
        method: 'GET',
        path: `${ADMIN_API.batches}/${batch.id}`,
        done: async (answer) => {
          const detail = answer as TBatchDetailResponse;
          expect(detail.batch.id).toBe(batch.id);
          expect(detail.dropList.flatMap((place) => place.orders.map((o) => o.orderId))).toEqual([
            order.id,
          ]);
        },
      };
    },
  },
  {
    label: 'GET /api/admin/batches/:id/labels',
    who: 'C',
    make: async (tree) => {
      const { batch, order } = await batchAt(tree);
      await db().insert(orderLines).values({
        orderId: order.id,
        position: 0,
        kind: 'menu',
        menuItemId: tree.menuItem.id,
        restaurantId: tree.restaurant.id,
        restaurantName: tree.restaurant.name,
        name: tree.menuItem.name,
        unitPricePaisa: tree.menuItem.pricePaisa,
        quantity: 1,
        lineTotalPaisa: tree.menuItem.pricePaisa,
      });
      return {
        method: 'GET',
        path: `${ADMIN_API.batches}/${batch.id}/labels`,
        done: async (answer) => {
          const { labels } = answer as TBagLabelsResponse;
          expect(labels.map((label) => label.orderId)).toEqual([order.id]);
        },
      };
    },
  },
  {
    label: 'GET /api/admin/batches/:id/:file{(pick|drop)-list\\.(xlsx|csv)}',
    who: 'C',
    make: async (tree) => {
      const { batch, order } = await batchAt(tree);
      return {
        method: 'GET',
        path: `${ADMIN_API.batches}/${batch.id}/drop-list.csv`,
        file: 'text/csv; charset=utf-8',
        done: async (answer) => {
          expect(answer).toContain(order.id);
        },
      };
    },
  },
  {
    label: 'POST /api/admin/batches/:id/:step',
    who: 'C',
    success: 200,
    audit: { action: 'close', entity: 'delivery-batch' },
    make: async (tree) => {
      const { batch } = await batchAt(tree);
      return {
        method: 'POST',
        path: `${ADMIN_API.batches}/${batch.id}/close`,
        entityId: batch.id,
        done: async () => {
          const [row] = await db()
            .select()
            .from(deliveryBatches)
            .where(eq(deliveryBatches.id, batch.id));
          expect(row?.closedAt).not.toBeNull();
          const [kept] = await db().select().from(orders).where(eq(orders.batchId, batch.id));
          expect(kept?.status).toBe('verified');
        },
      };
    },
  },
];
