import { ORDER_SHEET_HEADER, ORDER_SHEET_STATUS_COLUMNS } from '@campus/shared/domain/order';
import { orderStatusCells } from '@campus/shared/domain/order-sheet-row';
import { campuses, deliveryBatches, orders } from '@campus/shared/server/db/schema';
import {
  orderBatch,
  orderCampus,
  orderRoundColumns,
} from '@campus/shared/server/delivery/order-round';
import { type SheetCellUpdate, SheetStoreError } from '@campus/shared/server/sheets/sheet-store';
import { UnrecoverableError } from 'bullmq';
import { and, asc, eq, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import type { JobContext, JobProcessor } from '../job-context';
import { sheetRowStateOf, waitingForRow } from '../sheet-row-state';

/** Orders whose Status cells one write sets at most. */
const STATUS_BATCH_MAX = 500;

/** Writes per hold of the tab's lock; a longer backlog goes on in the job's next turn. */
const BATCHES_PER_HOLD = 4;

// An order's status waits for its row: looked at again this often, without spending an attempt.
// A row set aside for its content waits for an operator, so its status looks less often.
const ROW_WAIT_MS = 5_000;
const SET_ASIDE_ROW_WAIT_MS = 60_000;

/**
 * Rows first: for this long after its row's append, an order's cells wait while other rows of the
 * tab wait for theirs, so that the appends get the tab's lock and the write budget in a rush, and
 * the cells of many rows go in one write after it. Older cells are written whatever waits.
 */
const ROWS_FIRST_MS = 30_000;

/** Where the append writes the order id, for a tab whose 'Order ID' header a person renamed. */
const APPENDED_ORDER_ID_COLUMN = ORDER_SHEET_HEADER.length - 1;

const [STATUS_HEADER, STATUS_TIME_HEADER, BATCH_HEADER, REFERENCE_HEADER] =
  ORDER_SHEET_STATUS_COLUMNS;

/**
 * Orders whose row's Status cells do not show their state yet: changed since, or never written.
 * An order never moved from 'placed' has no Status cells to write.
 */
export const statusCellsBehind: SQL = and(
  isNotNull(orders.statusChangedAt),
  or(
    sql`${orders.sheetStatusChangedAt} is distinct from ${orders.statusChangedAt}`,
    sql`${orders.sheetStatus} is distinct from ${orders.status}`,
  ),
) as SQL;

/**
 * Orders whose row's Batch cell does not show their delivery round yet (placed in one, moved), or
 * whose Payment Reference cell was not written yet.
 */
export const batchOrReferenceCellBehind: SQL = sql`${orders.batchId} is distinct from ${orders.sheetBatchId} or ${orders.paymentReference} is distinct from ${orders.sheetPaymentReference}`;

/** Orders whose row's Status cell does not show their refund (due, sent) yet. */
export const refundCellBehind: SQL = sql`${orders.refundState} is distinct from ${orders.sheetRefundState}`;

/** Orders whose row is behind: its Status cells (state, refund), or its Batch or Payment Reference cell. */
const rowBehind = or(statusCellsBehind, batchOrReferenceCellBehind, refundCellBehind) as SQL;

/**
 * `order-<id>-status-<transition>-sheet`, `order-<id>-batch-<batch>-sheet` and
 * `order-<id>-refund-<refund>-<state>-sheet`: brings the order's state (with its refund) and
 * delivery round into its row's 'Status', 'Status Time' and 'Batch' cells, and its
 * payment reference into 'Payment Reference' (docs/architecture.md §8). Under the tab's lock it sets the cells of every order of the tab whose
 * row is behind, in one write. Setting a cell is idempotent, so a retry after a
 * lost answer writes the same cells again, harmlessly. An order whose row is not in the tab yet
 * waits for it (its append job brings it) without spending attempts.
 */
export const syncOrderStatusJob: JobProcessor<'sync-order-status'> = async (
  { orderId },
  context,
) => {
  const order = await sheetRowStateOf(context.database.db, orderId);
  if (!order.appendedAt) {
    const waitMs = order.setAsideAt ? SET_ASIDE_ROW_WAIT_MS : ROW_WAIT_MS;
    context.log.debug({ orderId, waitMs }, 'order row not in its tab yet: its status waits');
    throw await context.retryLater(waitMs);
  }
  const recent = Date.now() - order.appendedAt.getTime() < ROWS_FIRST_MS;
  if (recent && (await rowsWaitIn(context, order.tab))) {
    context.log.debug({ orderId, tab: order.tab }, 'rows of the tab wait: its cells go after them');
    throw await context.retryLater(ROW_WAIT_MS);
  }
  const outcome = await context.sheets.withTab(order.tab, async () => {
    let written = 0;
    for (let batch = 0; batch < BATCHES_PER_HOLD; batch++) {
      const result = await writeStatusBatch(order.tab, context);
      written += result.written;
      if (!result.more) return { written };
    }
    return null;
  });
  // Still behind a long backlog: let other tabs' jobs have the worker, then go on.
  if (!outcome) throw await context.retryLater(1_000);
  context.log.debug({ orderId, tab: order.tab, ...outcome }, 'status cells of the tab in step');
  return outcome;
};

/** Whether an order of the tab waits for its row (one set aside waits for an operator). */
async function rowsWaitIn(context: JobContext, tab: string): Promise<boolean> {
  const [waiting] = await context.database.db
    .select({ id: orders.id })
    .from(orders)
    .where(waitingForRow(tab))
    .limit(1);
  return waiting !== undefined;
}

/** The columns of the tab: found by their header text; the Status ones added where missing. */
interface StatusLayout {
  orderId: number;
  status: number;
  statusTime: number;
  /** null: the tab has no Batch column and none was asked for. */
  batch: number | null;
  paymentReference: number;
  /** The header cells to write: those of ORDER_SHEET_STATUS_COLUMNS the header lacks. */
  added: SheetCellUpdate[];
}

/**
 * Finds the columns by header text. A missing column goes to the first free cell of the header
 * row, after its last filled cell: never over a person's column, nor over a gap in the header that
 * may sit above a person's unlabelled column. The Batch column is added (after the Status ones)
 * only `withBatch`: a campus that never ran rounds gets no empty column. Payment Reference comes
 * last (a Batch column added later goes after it).
 */
export function statusLayout(header: readonly string[], withBatch = false): StatusLayout {
  const find = (name: string) =>
    header.findIndex((cell) => cell.trim().toLowerCase() === name.toLowerCase());
  let free = header.length;
  while (free > 0 && (header[free - 1] ?? '').trim() === '') free--;
  const added: SheetCellUpdate[] = [];
  const column = (name: string) => {
    const at = find(name);
    if (at !== -1) return at;
    added.push({ row: 0, column: free, value: name });
    return free++;
  };
  const orderId = find('Order ID');
  const batchAt = find(BATCH_HEADER);
  return {
    orderId: orderId === -1 ? APPENDED_ORDER_ID_COLUMN : orderId,
    status: column(STATUS_HEADER),
    statusTime: column(STATUS_TIME_HEADER),
    batch: withBatch ? column(BATCH_HEADER) : batchAt === -1 ? null : batchAt,
    paymentReference: column(REFERENCE_HEADER),
    added,
  };
}

/** One write of the row cells of the tab's orders that are behind; `more` when some remain. */
async function writeStatusBatch(
  tab: string,
  context: JobContext,
): Promise<{ written: number; more: boolean }> {
  const { db } = context.database;
  const behind = await db
    .select({
      id: orders.id,
      status: orders.status,
      statusChangedAt: orders.statusChangedAt,
      placedAt: orders.placedAt,
      batchId: orders.batchId,
      sheetBatchId: orders.sheetBatchId,
      paymentReference: orders.paymentReference,
      refundState: orders.refundState,
      ...orderRoundColumns,
    })
    .from(orders)
    .leftJoin(campuses, orderCampus)
    .leftJoin(deliveryBatches, orderBatch)
    .where(and(eq(orders.sheetTabName, tab), isNotNull(orders.sheetAppendedAt), rowBehind))
    .orderBy(asc(orders.statusChangedAt), asc(orders.id))
    .limit(STATUS_BATCH_MAX);
  if (behind.length === 0) return { written: 0, more: false };

  const withBatch = behind.some((order) => order.batchId !== null || order.sheetBatchId !== null);
  const sheet = await readRowsOfTab(tab, withBatch, context);
  const cells: SheetCellUpdate[] = [];
  const missing: string[] = [];
  for (const order of behind) {
    const rows = sheet?.rowsByOrderId.get(order.id);
    if (!sheet || !rows) {
      missing.push(order.id);
      continue;
    }
    // An order never moved from 'placed' (written for its Batch cell) shows when it was placed.
    const texts = orderStatusCells(
      { ...order, cutoffAt: order.roundCutoffAt, deliveryAt: order.roundDeliveryAt },
      order.timeZone,
    );
    const batch = texts.batch;
    for (const row of rows) {
      cells.push(
        { row, column: sheet.layout.status, value: texts.status },
        { row, column: sheet.layout.statusTime, value: texts.statusTime },
        { row, column: sheet.layout.paymentReference, value: texts.paymentReference },
      );
      if (sheet.layout.batch !== null) {
        cells.push({ row, column: sheet.layout.batch, value: batch });
      }
    }
  }
  if (sheet && cells.length > 0) {
    try {
      await context.sheets.updateCells(tab, [...sheet.layout.added, ...cells]);
    } catch (error) {
      throw await forTheJob(error, context);
    }
  }
  if (missing.length > 0) {
    // Appended, yet not in the tab: a person deleted the row (or the tab). Nothing to set; a
    // later change of the order's state looks again.
    context.log.warn({ tab, orderIds: missing }, 'order rows not found for their Status cells');
  }
  // What the cells now show, as read above: an order that moved on since is behind again.
  await db.transaction(async (tx) => {
    for (const order of behind) {
      await tx
        .update(orders)
        .set({
          sheetStatus: order.status,
          sheetStatusChangedAt: order.statusChangedAt,
          sheetBatchId: order.batchId,
          sheetPaymentReference: order.paymentReference,
          sheetRefundState: order.refundState,
        })
        .where(eq(orders.id, order.id));
    }
  });
  const written = behind.length - missing.length;
  if (written > 0) context.log.info({ tab, orders: written }, 'order status cells written');
  return { written, more: behind.length === STATUS_BATCH_MAX };
}

/** The tab's columns and the rows (0-based, header 0) of each order id, or null with no tab. */
async function readRowsOfTab(tab: string, withBatch: boolean, context: JobContext) {
  try {
    const layout = statusLayout(await context.sheets.readHeader(tab), withBatch);
    const ids = await context.sheets.readColumn(tab, layout.orderId);
    const rowsByOrderId = new Map<string, number[]>();
    ids.forEach((id, index) => {
      if (id !== '') rowsByOrderId.set(id, [...(rowsByOrderId.get(id) ?? []), index + 1]);
    });
    return { layout, rowsByOrderId };
  } catch (error) {
    if (error instanceof SheetStoreError && error.failure === 'not-found') return null;
    throw await forTheJob(error, context);
  }
}

/** What a failed sheet call means for the job: a pause on 429, the end for a refusal. */
async function forTheJob(error: unknown, context: JobContext): Promise<unknown> {
  if (!(error instanceof SheetStoreError)) return error;
  // Google's 429, or the write budget every process shares spent: nothing was written.
  if (error.failure === 'rate-limited') return context.pauseQueue(error.retryAfterMs ?? 60_000);
  if (error.failure === 'permanent' || error.failure === 'content-refused') {
    return new UnrecoverableError(error.message);
  }
  // Transient (the cells may or may not be set; setting them again is harmless), or a tab
  // removed under the lock: the next attempt reads the tab again.
  return error;
}
