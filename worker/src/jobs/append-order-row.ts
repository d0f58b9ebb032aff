import {
  ORDER_SHEET_HEADER,
  oversizedCell,
  SHEET_MAX_CELL_LENGTH,
  type SheetCell,
} from '@campus/shared/domain/order';
import { orderSheetRow } from '@campus/shared/domain/order-sheet-row';
import { orders } from '@campus/shared/server/db/schema';
import { SheetStoreError } from '@campus/shared/server/sheets/sheet-store';
import { UnrecoverableError } from 'bullmq';
import { asc, eq, inArray } from 'drizzle-orm';
import type { JobContext, JobProcessor } from '../job-context';
import { sheetRowStateOf, waitingForRow } from '../sheet-row-state';

/** Rows per append: one call carries every order of the tab waiting at that moment, up to this. */
const SHEET_BATCH_MAX = 2_000;

/**
 * The most bytes of cells per append: Google advises payloads of at most 2 MB (10 MB is refused).
 */
const SHEET_BATCH_MAX_BYTES = 1_500_000;

/** Appends per hold of the tab's lock; an order behind a longer backlog waits its turn. */
const BATCHES_PER_HOLD = 4;

/** The order id is the row's last cell (docs/architecture.md §3.4). */
const ORDER_ID_COLUMN = ORDER_SHEET_HEADER.length - 1;

/**
 * `order-<id>-sheet`: brings one order's row into its campus tab, effectively once
 * (docs/architecture.md §3.4). Under the tab's lock it appends every waiting order of the tab in
 * one write. Orders whose earlier write has an unknown outcome (a lost answer, a killed worker) are
 * first looked up in the tab's order id column, so none is written twice.
 */
export const appendOrderRowJob: JobProcessor<'append-order-row'> = async ({ orderId }, context) => {
  const { db } = context.database;
  const isAppended = async () => {
    const [order] = await db
      .select({
        tab: orders.sheetTabName,
        appendedAt: orders.sheetAppendedAt,
        setAsideAt: orders.sheetSetAsideAt,
        setAsideReason: orders.sheetSetAsideReason,
      })
      .from(orders)
      .where(eq(orders.id, orderId));
    if (!order) throw new UnrecoverableError(`Order ${orderId} does not exist`);
    if (order.setAsideAt) {
      // Fails for good with the reason, where operators look (/ops/queues); the upkeep leaves it.
      throw new UnrecoverableError(
        `Order ${orderId}'s row was set aside: ${order.setAsideReason}. Fix the order, then retry this job.`,
      );
    }
    return order;
  };
  const first = await beginAttempt(orderId, context);
  if (first.appendedAt) return { appended: 0 };

  const outcome = await context.sheets.withTab(first.tab, async () => {
    let appended = 0;
    // Our order may wait behind a full batch of older ones: write batches until it is in.
    for (let batch = 0; batch < BATCHES_PER_HOLD; batch++) {
      if ((await isAppended()).appendedAt) return { appended };
      appended += await writeBatch(first.tab, context);
    }
    return (await isAppended()).appendedAt ? { appended } : null;
  });
  // Still behind a long backlog: let other tabs' jobs have the worker, then go on.
  if (!outcome) throw await context.retryLater(1_000);
  return outcome;
};

/**
 * The order's tab and whether its row is in. A run of the job of an order whose row was set aside
 * is an operator's retry (the upkeep never revives those; the job failed for good): the row is
 * put back in line, to be written alone.
 */
async function beginAttempt(orderId: string, context: JobContext) {
  const { db } = context.database;
  const order = await sheetRowStateOf(db, orderId);
  if (order.setAsideAt && !order.appendedAt) {
    await db
      .update(orders)
      .set({ sheetSetAsideAt: null, sheetSetAsideReason: null, sheetWriteLimit: 1 })
      .where(eq(orders.id, orderId));
    context.log.info({ orderId, tab: order.tab }, 'set-aside row put back in line');
  }
  return order;
}

/** Takes rows out of the tab's line for what they hold; the rest of the tab goes on. */
async function setAside(context: JobContext, tab: string, ids: string[], reason: string) {
  if (ids.length === 0) return;
  await context.database.db
    .update(orders)
    .set({ sheetSetAsideAt: new Date(), sheetSetAsideReason: reason, sheetWriteStartedAt: null })
    .where(inArray(orders.id, ids));
  context.log.error(
    { tab, orderIds: ids, reason },
    'order rows set aside: refused for their content',
  );
}

async function markAppended(context: JobContext, ids: string[]) {
  if (ids.length === 0) return;
  await context.database.db
    .update(orders)
    .set({ sheetAppendedAt: new Date() })
    .where(inArray(orders.id, ids));
}

type WaitingRow = { order: typeof orders.$inferSelect; cells: SheetCell[] };

/**
 * The rows of the next append, oldest first, within the limits of one call. Rows of a refused
 * batch (a limit set) go with each other only, at most as many as the oldest one's limit.
 */
function nextBatch(line: WaitingRow[]): WaitingRow[] {
  const limit = line[0]?.order.sheetWriteLimit ?? null;
  const candidates =
    limit === null
      ? line.filter(({ order }) => order.sheetWriteLimit === null)
      : line.filter(({ order }) => order.sheetWriteLimit !== null).slice(0, limit);
  const batch: WaitingRow[] = [];
  let bytes = 0;
  for (const row of candidates) {
    bytes += Buffer.byteLength(JSON.stringify(row.cells));
    if (batch.length > 0 && bytes > SHEET_BATCH_MAX_BYTES) break;
    batch.push(row);
  }
  return batch;
}

/** One append of the tab's waiting orders; returns how many rows it wrote. */
async function writeBatch(tab: string, context: JobContext): Promise<number> {
  const { db } = context.database;
  const waiting = await db
    .select()
    .from(orders)
    .where(waitingForRow(tab))
    .orderBy(asc(orders.placedAt), asc(orders.id))
    .limit(SHEET_BATCH_MAX);
  // A row no spreadsheet would take is set aside before any call is spent on it.
  const rows = waiting.map((order) => ({ order, cells: orderSheetRow(order, context.publicUrl) }));
  const oversized = rows.filter((row) => oversizedCell(row.cells) !== null);
  await setAside(
    context,
    tab,
    oversized.map((row) => row.order.id),
    `a cell holds more than ${SHEET_MAX_CELL_LENGTH.toLocaleString('en-US')} characters, the most Google Sheets accepts`,
  );
  const pending = nextBatch(rows.filter((row) => !oversized.includes(row)));
  if (pending.length === 0 && oversized.length > 0) return 0;

  // A write whose answer never came may still land for a while (the service can finish a call
  // the client gave up on): only after that is a read of the tab conclusive.
  const now = Date.now();
  const settling = pending
    .map(({ order }) => (order.sheetWriteStartedAt?.getTime() ?? 0) + context.sheets.settleMs - now)
    .filter((remaining) => remaining > 0);
  if (settling.length > 0) throw await context.retryLater(Math.max(...settling));

  let toWrite = pending;
  if (pending.some(({ order }) => order.sheetWriteStartedAt)) {
    const inSheet = new Set(await readOrderIds(tab, context));
    const found = pending.filter(({ order }) => inSheet.has(order.id)).map(({ order }) => order.id);
    await markAppended(context, found);
    if (found.length > 0) context.log.info({ tab, found: found.length }, 'rows found in the sheet');
    toWrite = pending.filter(({ order }) => !inSheet.has(order.id));
  }
  if (toWrite.length === 0) return 0;

  const ids = toWrite.map(({ order }) => order.id);
  // Committed before the call: if the answer is lost, the next attempt knows to look first.
  await db.update(orders).set({ sheetWriteStartedAt: new Date() }).where(inArray(orders.id, ids));
  try {
    await context.sheets.appendRows(
      tab,
      toWrite.map(({ cells }) => cells),
    );
  } catch (error) {
    if (!(error instanceof SheetStoreError)) throw error;
    if (error.wroteNothing) {
      await db.update(orders).set({ sheetWriteStartedAt: null }).where(inArray(orders.id, ids));
    }
    if (error.failure === 'not-found') {
      // A campus whose tab was never made (or was removed by hand, or whose campus was deleted
      // while its orders waited): make it, so no order is dropped, then write.
      await context.sheets.ensureTab(tab, ORDER_SHEET_HEADER);
      context.log.warn({ tab }, 'order sheet tab was missing: created it');
      return 0;
    }
    if (error.failure === 'content-refused') {
      // The refusal names no row: the batch's first half goes next, then the other, each halved
      // again if refused, so that the refused row is found in a few calls and goes alone.
      if (ids.length === 1) await setAside(context, tab, ids, error.message);
      else {
        const sheetWriteLimit = Math.ceil(ids.length / 2);
        await db.update(orders).set({ sheetWriteLimit }).where(inArray(orders.id, ids));
      }
      return 0;
    }
    // Google's 429, or the write budget every process shares spent: nothing was written.
    if (error.failure === 'rate-limited')
      throw await context.pauseQueue(error.retryAfterMs ?? 60_000);
    if (error.failure === 'permanent') throw new UnrecoverableError(error.message);
    throw error;
  }
  await markAppended(context, ids);
  context.log.info({ tab, rows: ids.length }, 'order rows appended');
  return ids.length;
}

async function readOrderIds(tab: string, context: JobContext): Promise<string[]> {
  try {
    return await context.sheets.readColumn(tab, ORDER_ID_COLUMN);
  } catch (error) {
    if (error instanceof SheetStoreError && error.failure === 'not-found') return [];
    throw error;
  }
}
