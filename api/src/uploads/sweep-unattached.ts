import type { Db } from '@campus/shared/server/db/client';
import { martItems, menuItems, orders, uploads } from '@campus/shared/server/db/schema';
import { and, eq, exists, inArray, lt, not, type SQL, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { ImageStore } from './image-store';

/** How long an upload may wait for the order or item it was made for before it goes. */
export const UNATTACHED_UPLOAD_HOURS = 24;
/** How often an api process looks for uploads nothing uses. */
export const UPLOAD_SWEEP_EVERY_MS = 60 * 60_000;
const SWEEP_BATCH = 500;

/** Whether an order or a catalogue item shows the upload. */
function inUse(db: Db): SQL {
  const showing = (table: typeof menuItems | typeof martItems) =>
    exists(db.select({ id: table.id }).from(table).where(eq(table.photoUrl, uploads.url)));
  const paidWith = exists(
    db.select({ id: orders.id }).from(orders).where(eq(orders.screenshotUrl, uploads.url)),
  );
  return sql`(${paidWith} or ${showing(menuItems)} or ${showing(martItems)})`;
}

/**
 * Deletes the uploads of this store that no order or item shows UNATTACHED_UPLOAD_HOURS after
 * they were made (a screenshot of a checkout never finished, a photo of a form never saved), the
 * row first, then the image: an order that takes the upload meanwhile keeps it. Answers how many
 * went; a failed removal is logged and the rest go on.
 */
export async function sweepUnattachedUploads(
  deps: { db: Db; images: ImageStore; log: Logger },
  now = new Date(),
): Promise<number> {
  const { db, images, log } = deps;
  const cutoff = new Date(now.getTime() - UNATTACHED_UPLOAD_HOURS * 60 * 60_000);
  const unattached = and(
    eq(uploads.store, images.kind),
    lt(uploads.createdAt, cutoff),
    not(inUse(db)),
  );
  const gone = await db
    .delete(uploads)
    .where(
      inArray(
        uploads.id,
        db.select({ id: uploads.id }).from(uploads).where(unattached).limit(SWEEP_BATCH),
      ),
    )
    .returning({ id: uploads.id, purpose: uploads.purpose, url: uploads.url });
  for (const image of gone) {
    await images.remove(image).catch((error: unknown) => {
      log.warn({ err: error, uploadId: image.id }, 'an unattached upload was not removed');
    });
  }
  if (gone.length > 0) log.info({ removed: gone.length }, 'unattached uploads removed');
  return gone.length;
}
