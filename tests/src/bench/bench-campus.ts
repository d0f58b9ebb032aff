// What both checkout parts of the bench order from: a database (a scratch PostgreSQL database when
// a server is given, an in-memory PGlite otherwise), a campus with an always-open restaurant and
// MART_ITEMS mart items whose stock never runs out, and the n-th order of a buyer.
import { randomBytes } from 'node:crypto';
import type { PlaceOrderInput } from '@campus/api/orders/place-order';
import { perceptualBits } from '@campus/api/uploads/screenshot-fingerprint';
import { type Database, type Db, openDatabase } from '@campus/shared/server/db/client';
import { newId } from '@campus/shared/server/db/ids';
import { martItems, uploads } from '@campus/shared/server/db/schema';
import { PERCEPTUAL_BITS } from '@campus/shared/server/screenshots/screenshot-match';
import type { Logger } from 'pino';
import { buildCampusTree } from '../support/builders';
import { martLine, menuLine, placeOrderInput } from '../support/orders';
import { scratchDatabase } from '../support/scratch-database';

const MART_ITEMS = 20;

export interface BenchCampus {
  database: Database;
  /** The scratch database's URL (PostgreSQL); null on PGlite. */
  url: string | null;
  tree: Awaited<ReturnType<typeof buildCampusTree>>;
  mart: Array<typeof martItems.$inferSelect>;
}

/** Opens the database and seeds the campus; each closer goes on `resources`, run in reverse. */
export async function openBenchCampus(options: {
  postgresAdminUrl?: string;
  /** The scratch database's name prefix. */
  name: string;
  log: Logger;
  resources: Array<() => Promise<unknown>>;
}): Promise<BenchCampus> {
  let database: Database;
  let url: string | null = null;
  if (options.postgresAdminUrl) {
    const scratch = await scratchDatabase(options.postgresAdminUrl, options.name, options.log);
    options.resources.push(scratch.drop);
    database = scratch.database;
    url = scratch.url;
  } else {
    database = await openDatabase({ kind: 'pglite-memory' }, options.log);
    options.resources.push(database.close);
  }
  const tree = await buildCampusTree(database.db, { restaurant: { is24x7: true } });
  const mart = await seedMart(database.db, tree.campus.id);
  return { database, url, tree, mart };
}

async function seedMart(db: Db, campusId: string) {
  return db
    .insert(martItems)
    .values(
      Array.from({ length: MART_ITEMS }, (_, i) => ({
        id: newId(),
        campusId,
        name: `Bench item ${i + 1}`,
        pricePaisa: 5_000 + i * 500,
        description: 'Everyday essentials.',
        category: 'Snacks',
        stock: 1_000_000,
      })),
    )
    .returning();
}

/**
 * The campus's n-th bench order, by buyer `buyer`: one to three of the menu item and one of the
 * mart items in turn, for one to three persons, at the total the bucket showed.
 */
export function benchOrder(
  campus: BenchCampus,
  n: number,
  buyer: { index: number; email: string; screenshot: string },
): PlaceOrderInput {
  const item = campus.mart[n % campus.mart.length] as BenchCampus['mart'][number];
  return placeOrderInput(campus.tree, buyer, buyer.screenshot, {
    cartItems: [menuLine(campus.tree, 1 + (n % 3)), martLine(campus.tree, 1, item)],
    persons: 1 + (n % 3),
    firstName: 'Bench',
    lastName: `Buyer ${buyer.index}`,
    room: `Room ${n}`,
    accountTitle: 'Bench Buyer',
  });
}

/**
 * A payment screenshot of `uploadedBy` on record as an upload leaves it, with a fingerprint of its
 * own: each order pays with a transfer of its own, so no two orders share a screenshot (the
 * worker's check-screenshot job would flag the second).
 */
export async function benchScreenshot(db: Db, uploadedBy: string): Promise<string> {
  const id = newId();
  await db.insert(uploads).values({
    id,
    purpose: 'screenshot',
    store: 'local',
    url: `http://127.0.0.1/uploads/${id}.png`,
    contentType: 'image/png',
    bytes: 40_000,
    width: 720,
    height: 1_600,
    uploadedBy,
    sha256: randomBytes(32).toString('hex'),
    perceptual: perceptualBits(randomBytes(PERCEPTUAL_BITS / 8).toString('hex')),
  });
  return id;
}
