import { ADMIN_API } from '@campus/shared/domain/admin-api';
import {
  STATEMENT_PATHS,
  type TStatementImportResponse,
  type TStatementPreviewResponse,
} from '@campus/shared/domain/bank-statement';
import { calendarDay } from '@campus/shared/domain/time-zone';
import { orders, receiptReadings, statementCredits } from '@campus/shared/server/db/schema';
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { AdminTree } from '../admin';
import { buildOrder, buildUser } from '../builders';
import { allClearOrder } from '../payment-evidence';
import { type Call, campusQuery, db } from './context';
import type { Route } from './route';

const MAPPING = { date: 'Date', amount: 'Credit', description: 'Description', transactionId: '' };

/** An order of the campus and a statement holding its credit, by its reference. */
async function orderAndStatement(tree: AdminTree) {
  const student = await buildUser(db(), {
    universityId: tree.university.id,
    campusId: tree.campus.id,
  });
  const order = await buildOrder(db(), tree, student);
  const day = calendarDay(order.placedAt, tree.campus.timeZone);
  const rupees = (order.grandTotalPaisa / 100).toFixed(2);
  const csv = `Date,Description,Debit,Credit\r\n${day},IBFT from Test User ${order.paymentReference},,${rupees}\r\n`;
  return { order, csv };
}

function upload(path: string, tree: AdminTree, csv: string, mapping?: object): Call {
  const form = new FormData();
  form.set('file', new Blob([csv]), 'statement.csv');
  if (mapping) form.set('mapping', JSON.stringify(mapping));
  return { method: 'POST', path: `${path}${campusQuery(tree)}`, body: form };
}

/** The campus's bank statement (decision 023) and the verify of its all-clear orders. */
export const STATEMENT_ROUTES: Route[] = [
  {
    label: `POST ${STATEMENT_PATHS.preview}`,
    who: 'C',
    success: 200,
    make: async (tree) => {
      const { order, csv } = await orderAndStatement(tree);
      return {
        ...upload(STATEMENT_PATHS.preview, tree, csv),
        done: async (answer) => {
          const preview = answer as TStatementPreviewResponse;
          expect(preview.mapping).toEqual(MAPPING);
          expect(preview.rows[0]?.credit?.references).toEqual([order.paymentReference]);
          expect(
            await db().$count(statementCredits, eq(statementCredits.campusId, tree.campus.id)),
          ).toBe(0);
        },
      };
    },
  },
  {
    label: `POST ${STATEMENT_PATHS.import}`,
    who: 'C',
    success: 200,
    audit: { action: 'import', entity: 'statement' },
    make: async (tree) => {
      const { order, csv } = await orderAndStatement(tree);
      return {
        ...upload(STATEMENT_PATHS.import, tree, csv, MAPPING),
        entityId: tree.campus.id,
        done: async (answer) => {
          expect(answer as TStatementImportResponse).toMatchObject({ added: 1, matched: 1 });
          const [credit] = await db()
            .select()
            .from(statementCredits)
            .where(eq(statementCredits.orderId, order.id));
          expect(credit?.matchedBy).toBe('reference');
        },
      };
    },
  },
  {
    label: `POST ${ADMIN_API.orders}/verify-all-clear`,
    who: 'C',
    success: 200,
    audit: { action: 'verify', entity: 'order' },
    make: async (tree) => {
      const order = await allClearOrder(db(), tree);
      // The refused callers' rows before this one left all-clear orders of the campus too.
      const count = (
        await db()
          .select({ id: orders.id })
          .from(orders)
          .innerJoin(statementCredits, eq(statementCredits.orderId, orders.id))
          .innerJoin(receiptReadings, eq(receiptReadings.orderId, orders.id))
          .where(and(eq(orders.campusId, tree.campus.id), eq(orders.status, 'placed')))
      ).length;
      return {
        method: 'POST',
        path: `${ADMIN_API.orders}/verify-all-clear`,
        body: { universityId: tree.university.id, campusId: tree.campus.id, count },
        entityId: order.id,
        done: async (answer) => {
          expect(answer).toEqual({ ok: true, verified: count });
          const [row] = await db().select().from(orders).where(eq(orders.id, order.id));
          expect(row?.status).toBe('verified');
        },
      };
    },
  },
];
