import { z } from 'zod';
import { ZOrderQueueQuery } from './order-api';

// What an operator reads first (docs/product.md §10): today's orders against the same weekday last
// week, what waits (payments to check, sheet rows to write, failed jobs), and the orders export for
// the accounts. Amounts are integer paisa, ages whole seconds.

/** The paths of the operations answers, beside ADMIN_API. */
export const OPERATIONS_API = {
  /** ?universityId&campusId: a campus (a campus admin's own), or every campus (super admin). */
  overview: '/api/admin/operations',
  /** The Payments queue's query (ZOrderQueueQuery), every state when none is named. */
  ordersExportXlsx: '/api/admin/orders/export.xlsx',
  ordersExportCsv: '/api/admin/orders/export.csv',
} as const;

/** Where operators see the queues' failed jobs and replay them (bull-board, super admins only). */
export const QUEUES_DASHBOARD_PATH = '/ops/queues';

/**
 * Orders of one day: how many were placed, and the grand totals of those not rejected or cancelled.
 */
export const ZDayFigures = z.object({
  orders: z.number().int(),
  revenuePaisa: z.number().int(),
});
export type TDayFigures = z.infer<typeof ZDayFigures>;

/** Orders waiting for something: how many, and how long the oldest has waited (null: none). */
export const ZWaiting = z.object({
  count: z.number().int(),
  oldestAgeSeconds: z.number().int().nullable(),
});
export type TWaiting = z.infer<typeof ZWaiting>;

/** A queue's failed jobs; null when Redis did not answer (shown as 'unknown'). */
export const ZQueueFailures = z.object({ queue: z.string(), failed: z.number().int().nullable() });
export type TQueueFailures = z.infer<typeof ZQueueFailures>;

/** GET operations overview. Days are the campus's calendar days (each order's own campus's). */
export const ZOperationsOverviewResponse = z.object({
  ok: z.literal(true),
  today: ZDayFigures,
  /** The same weekday a week ago, the whole day. */
  sameDayLastWeek: ZDayFigures,
  /** Orders in state 'placed': their payment screenshot waits for a check. */
  paymentsWaiting: ZWaiting,
  /** Orders whose row is not in the orders sheet yet. */
  withoutSheetRow: ZWaiting,
  /**
   * Failed jobs per queue, for super admins (the queues serve every campus, and their dashboard
   * is theirs); null for a campus admin.
   */
  failedJobs: z.array(ZQueueFailures).nullable(),
});
export type TOperationsOverviewResponse = z.infer<typeof ZOperationsOverviewResponse>;

/** GET operations overview's query. */
export const ZOperationsOverviewQuery = z.object({
  universityId: z.string().optional(),
  campusId: z.string().optional(),
});

/** The orders export's query: the Payments queue's filters without its page. */
export const ZOrdersExportQuery = ZOrderQueueQuery.omit({ page: true });
export type TOrdersExportQuery = z.infer<typeof ZOrdersExportQuery>;

/** The most orders one export file holds. */
export const ORDERS_EXPORT_MAX_ROWS = 50_000;

export const ORDERS_EXPORT_MESSAGES = {
  tooMany: 'Choose a shorter range: at most 50,000 orders per file.',
} as const;
