import { readFileSync } from 'node:fs';
import { orderSheetRow } from '@campus/shared/domain/order-sheet-row';
import type { Database } from '@campus/shared/server/db/client';
import { newId } from '@campus/shared/server/db/ids';
import { martItems, menuItems, orders, uploads } from '@campus/shared/server/db/schema';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCampusTree, buildOrder, buildUser } from '../../support/builders';
import { engine, openTestDatabase } from '../../support/database';
import { repoRoot } from '../../support/process';

// Our uploads are kept as their path, so a photo shows whatever address the app is opened by (an
// IP, the LAN, a new domain) and a new PUBLIC_URL repairs nothing because nothing broke. Where an
// address leaves the app (a sheet row, a mail, an export) it is made whole from PUBLIC_URL.

let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

/** The statements of a migration file, as drizzle runs them. */
function migration(name: string): string[] {
  const text = readFileSync(`${repoRoot}/shared/drizzle/${name}.sql`, 'utf8');
  return text.split('--> statement-breakpoint').map((statement) => statement.trim());
}

const uploadRow = (url: string, store: 'local' | 'cloudinary' = 'local') => ({
  id: newId(),
  purpose: 'menu-photo' as const,
  store,
  url,
  contentType: 'image/jpeg',
  bytes: 100,
  width: 10,
  height: 10,
});

describe(`stored image addresses on ${engine}`, () => {
  it('the migration turns the whole URLs of earlier versions into paths, and leaves other hosts alone', async () => {
    const { db } = database;
    const ours = 'http://192.168.1.5:3000/uploads/old-photo.jpg';
    const screenshot = 'https://campus.example/uploads/old-screenshot.png';
    const cloudinary = 'https://res.cloudinary.com/demo/image/upload/v1/campus/x.jpg';
    // An https photo of another site whose path merely looks like ours.
    const elsewhere = 'https://photos.example/uploads/biryani.jpg';
    await db
      .insert(uploads)
      .values([uploadRow(ours), uploadRow(screenshot), uploadRow(cloudinary, 'cloudinary')]);
    const tree = await buildCampusTree(db, {
      menuItem: { photoUrl: ours },
      martItem: { photoUrl: elsewhere },
    });
    const [cloudItem] = await db
      .insert(menuItems)
      .values({
        id: newId(),
        restaurantId: tree.restaurant.id,
        name: 'Cloud Tea',
        pricePaisa: 100,
        photoUrl: cloudinary,
      })
      .returning();
    const order = await buildOrder(db, tree, await buildUser(db), { screenshotUrl: screenshot });

    for (const statement of migration('0013_image_paths')) await db.execute(sql.raw(statement));

    const photoOf = async (id: string) =>
      (await db.select().from(menuItems).where(eq(menuItems.id, id)))[0]?.photoUrl;
    expect(await photoOf(tree.menuItem.id)).toBe('/uploads/old-photo.jpg');
    expect(await photoOf(cloudItem?.id ?? '')).toBe(cloudinary);
    const [mart] = await db.select().from(martItems).where(eq(martItems.id, tree.martItem.id));
    expect(mart?.photoUrl).toBe(elsewhere);
    const [placed] = await db.select().from(orders).where(eq(orders.id, order.id));
    expect(placed?.screenshotUrl).toBe('/uploads/old-screenshot.png');
    const urls = (await db.select({ url: uploads.url }).from(uploads)).map((row) => row.url);
    expect(urls).toEqual(
      expect.arrayContaining(['/uploads/old-photo.jpg', '/uploads/old-screenshot.png', cloudinary]),
    );

    // Leaving the app, the path is made whole from PUBLIC_URL as it is now.
    const row = orderSheetRow(placed as NonNullable<typeof placed>, 'https://new.example/');
    expect(row).toContain('https://new.example/uploads/old-screenshot.png');
    expect(orderSheetRow({ ...order, screenshotUrl: cloudinary }, 'https://new.example')).toContain(
      cloudinary,
    );
  });
});
