// What durability at commit costs the embedded default per checkout: the same orders placed one
// after another on PGlite on disk as `npm start` runs it (fsync on, WAL synced at every commit)
// and as PGlite runs by itself (fsync off, what `npm start` did before). Sequential, since PGlite
// serves one query at a time anyway; the difference is the cost of the fsyncs of one checkout.
import { join } from 'node:path';
import { placeOrder } from '@campus/api/orders/place-order';
import { openDatabase } from '@campus/shared/server/db/client';
import type { Logger } from 'pino';
import { buildCampusTree } from '../support/builders';
import { buildOrderingStudent, martLine, menuLine, shownGrandTotal } from '../support/orders';

/** Timed checkouts per setting, after WARMUP untimed ones. */
export const DURABILITY_CHECKOUTS = 300;
const WARMUP = 30;

interface CommitCostFigures {
  p50: number;
  p99: number;
  mean: number;
}

export interface EmbeddedDurabilityReport {
  orders: number;
  durable: CommitCostFigures;
  fsyncOff: CommitCostFigures;
  /** durable.mean - fsyncOff.mean: what one checkout pays for being on disk when answered. */
  costPerCheckoutMs: number;
}

function figures(durations: number[]): CommitCostFigures {
  const sorted = [...durations].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];
  return {
    p50: at(0.5) ?? 0,
    p99: at(0.99) ?? 0,
    mean: sorted.reduce((sum, ms) => sum + ms, 0) / Math.max(1, sorted.length),
  };
}

async function placeSequentially(dir: string, durable: boolean, log: Logger) {
  const database = await openDatabase({ kind: 'pglite', dir, durable }, log);
  try {
    const { db } = database;
    const tree = await buildCampusTree(db, {
      restaurant: { is24x7: true },
      martItem: { stock: 1_000_000 },
    });
    const { student, screenshotId } = await buildOrderingStudent(db, tree);
    const durations: number[] = [];
    for (let n = 0; n < WARMUP + DURABILITY_CHECKOUTS; n++) {
      const cartItems = [menuLine(tree, 1), martLine(tree, 1)];
      const begun = performance.now();
      await placeOrder(db, student, {
        idempotencyKey: crypto.randomUUID(),
        cartItems,
        firstName: 'Bench',
        lastName: 'Buyer',
        room: `Room ${n}`,
        phone: '0300-1234567',
        email: student.email,
        persons: 1,
        specialInstruction: '',
        universityId: tree.university.id,
        campusId: tree.campus.id,
        accountTitle: 'Bench Buyer',
        bankName: 'HBL',
        screenshot: screenshotId,
        captcha: 'verified before this point',
        grandTotal: shownGrandTotal(cartItems, 1),
      });
      if (n >= WARMUP) durations.push(performance.now() - begun);
    }
    return figures(durations);
  } finally {
    await database.close();
  }
}

/** Measures both settings in folders under `dataDir` (the caller removes it). */
export async function measureEmbeddedDurability(options: {
  dataDir: string;
  log: Logger;
}): Promise<EmbeddedDurabilityReport> {
  const fsyncOff = await placeSequentially(
    join(options.dataDir, 'pg-fsync-off'),
    false,
    options.log,
  );
  const durable = await placeSequentially(join(options.dataDir, 'pg-durable'), true, options.log);
  return {
    orders: DURABILITY_CHECKOUTS,
    durable,
    fsyncOff,
    costPerCheckoutMs: durable.mean - fsyncOff.mean,
  };
}
