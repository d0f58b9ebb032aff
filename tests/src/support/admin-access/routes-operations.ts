import {
  OPERATIONS_API,
  type TOperationsOverviewResponse,
} from '@campus/shared/domain/operations-api';
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

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The operations overview and the orders export (product.md §10): a campus admin at theirs. */
export const OPERATIONS_ROUTES: Route[] = [
  {
    label: 'GET /api/admin/operations',
    who: 'C',
    make: async (tree) => {
      await orderAt(tree);
      return {
        method: 'GET',
        path: `${OPERATIONS_API.overview}${campusQuery(tree)}`,
        done: async (answer) => {
          const overview = answer as TOperationsOverviewResponse;
          expect(overview.paymentsWaiting.count).toBeGreaterThanOrEqual(1);
          expect(overview.today.orders).toBeGreaterThanOrEqual(1);
        },
      };
    },
  },
  {
    label: 'GET /api/admin/orders/export.xlsx',
    who: 'C',
    make: async (tree) => {
      await orderAt(tree);
      return {
        method: 'GET',
        path: `${OPERATIONS_API.ordersExportXlsx}${campusQuery(tree)}`,
        file: XLSX,
      };
    },
  },
  {
    label: 'GET /api/admin/orders/export.csv',
    who: 'C',
    make: async (tree) => {
      const order = await orderAt(tree);
      return {
        method: 'GET',
        path: `${OPERATIONS_API.ordersExportCsv}${campusQuery(tree)}`,
        file: 'text/csv; charset=utf-8',
        done: async (answer) => {
          expect(answer).toContain(order.id);
        },
      };
    },
  },
];
