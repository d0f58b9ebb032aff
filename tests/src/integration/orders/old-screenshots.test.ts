import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { moveOldScreenshots } from '@campus/api/uploads/move-old-screenshots';
import type { Database } from '@campus/shared/server/db/client';
import { newId } from '@campus/shared/server/db/ids';
import { orders, uploads } from '@campus/shared/server/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCampusTree, buildOrder, buildUser } from '../../support/builders';
import { engine, openTestDatabase } from '../../support/database';
import { testLog } from '../../support/logger';

// Payment screenshots that earlier versions kept among the public photos (/uploads/) move where
// only the people who may see them are served them, with their rows, once.

let database: Database;
let dir: string;

beforeAll(async () => {
  database = await openTestDatabase();
  dir = mkdtempSync(join(tmpdir(), 'campus-old-screenshots-'));
});

afterAll(async () => {
  await database?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A screenshot as an earlier version stored it, with the order it paid. */
async function oldScreenshot(onDisk: 'public' | 'private' | 'gone') {
  const db = database.db;
  const tree = await buildCampusTree(db);
  const student = await buildUser(db, {
    universityId: tree.university.id,
    campusId: tree.campus.id,
  });
  const id = newId();
  const name = `${id}.jpg`;
  const url = `/uploads/${name}`;
  if (onDisk === 'public') writeFileSync(join(dir, name), 'jpeg bytes');
  if (onDisk === 'private') {
    mkdirSync(join(dir, 'screenshots'), { recursive: true });
    writeFileSync(join(dir, 'screenshots', name), 'jpeg bytes');
  }
  await db.insert(uploads).values({
    id,
    purpose: 'screenshot',
    store: 'local',
    url,
    contentType: 'image/jpeg',
    bytes: 10,
    width: 1,
    height: 1,
    uploadedBy: student.id,
  });
  const order = await buildOrder(db, tree, student, { screenshotUrl: url });
  return { id, name, orderId: order.id };
}

async function urlsOf(screenshot: { id: string; orderId: string }) {
  const [upload] = await database.db.select().from(uploads).where(eq(uploads.id, screenshot.id));
  const [order] = await database.db.select().from(orders).where(eq(orders.id, screenshot.orderId));
  return [upload?.url, order?.screenshotUrl];
}

describe(`old payment screenshots on ${engine}`, () => {
  it('move out of the public folder with their upload and order, once; a half-done move ends', async () => {
    const publicOne = await oldScreenshot('public');
    // A start stopped between the file's move and its rows'.
    const halfMoved = await oldScreenshot('private');
    const gone = await oldScreenshot('gone');
    const moved = await moveOldScreenshots({ db: database.db, dir, log: testLog });
    expect(moved).toBe(2);
    for (const screenshot of [publicOne, halfMoved]) {
      const url = `/api/screenshots/${screenshot.name}`;
      expect(await urlsOf(screenshot)).toEqual([url, url]);
      expect(existsSync(join(dir, screenshot.name))).toBe(false);
      expect(existsSync(join(dir, 'screenshots', screenshot.name))).toBe(true);
    }
    // Nothing to move it with: left as it was, for an operator.
    expect(await urlsOf(gone)).toEqual([`/uploads/${gone.name}`, `/uploads/${gone.name}`]);
    expect(await moveOldScreenshots({ db: database.db, dir, log: testLog })).toBe(0);
  });
});
