import { access, mkdir, open, rename } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { SCREENSHOTS_FOLDER, SCREENSHOTS_PATH } from '@campus/shared/domain/uploads';
import type { Db } from '@campus/shared/server/db/client';
import { orders, uploads } from '@campus/shared/server/db/schema';
import { and, eq, like } from 'drizzle-orm';
import type { Logger } from 'pino';
import { STORED_FILE_NAME } from './local-image-store';

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

async function syncFolder(path: string): Promise<void> {
  const folder = await open(path, 'r');
  try {
    await folder.sync();
  } finally {
    await folder.close();
  }
}

/**
 * Payment screenshots that earlier versions kept beside the public photos (`<dir>/<id>.<ext>`, at
 * /uploads/) go where only the people who may see them are served them (`<dir>/screenshots/`, at
 * SCREENSHOTS_PATH), their upload and their orders with them. Each file is renamed first (one step
 * on one file system), then its rows: a stop in between leaves the file moved and the next start
 * finds it there and moves the rows. Run at each start of an api with the local store; answers how
 * many moved. A screenshot whose file is gone from both places is left as it is, logged.
 */
export async function moveOldScreenshots(deps: { db: Db; dir: string; log: Logger }) {
  const { db, dir, log } = deps;
  const old = await db
    .select({ id: uploads.id, url: uploads.url })
    .from(uploads)
    .where(
      and(
        eq(uploads.purpose, 'screenshot'),
        eq(uploads.store, 'local'),
        like(uploads.url, '/uploads/%'),
      ),
    );
  if (old.length === 0) return 0;
  const into = join(dir, SCREENSHOTS_FOLDER);
  await mkdir(into, { recursive: true });
  let moved = 0;
  for (const upload of old) {
    const name = basename(upload.url);
    if (!STORED_FILE_NAME.test(name) || upload.url !== `/uploads/${name}`) {
      log.warn({ uploadId: upload.id, url: upload.url }, 'an old screenshot is not a stored file');
      continue;
    }
    const target = join(into, name);
    if (await exists(join(dir, name))) {
      await rename(join(dir, name), target);
      await syncFolder(into);
      await syncFolder(dir);
    } else if (!(await exists(target))) {
      log.warn({ uploadId: upload.id, url: upload.url }, 'an old screenshot file is missing');
      continue;
    }
    const url = `${SCREENSHOTS_PATH}${name}`;
    await db.transaction(async (tx) => {
      await tx.update(uploads).set({ url }).where(eq(uploads.id, upload.id));
      await tx
        .update(orders)
        .set({ screenshotUrl: url })
        .where(eq(orders.screenshotUrl, upload.url));
    });
    moved += 1;
  }
  log.info({ moved }, 'old payment screenshots moved out of the public folder');
  return moved;
}
