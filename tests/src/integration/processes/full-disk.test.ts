import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmdirSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CODE_MESSAGES } from '@campus/shared/domain/error-catalogue';
import { type Database, openDatabase } from '@campus/shared/server/db/client';
import { orders } from '@campus/shared/server/db/schema';
import { openCheckedRedis } from '@campus/shared/server/redis';
import { inArray } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../support/app';
import { buildCampusTree } from '../../support/builders';
import { engine } from '../../support/database';
import { testLog } from '../../support/logger';
import { checkoutBody, postOrder, signedInStudent } from '../../support/orders';
import { testRedisUrl } from '../../support/redis';

// The embedded database on a small disk of its own (a 160 MB tmpfs the test mounts) that fills
// while orders come in: checkout answers 503 'Service is currently unavailable.', /readyz fails
// while the database cannot write, both recover once space is freed, and no answered order is
// lost. A start on a full disk says so, with the space it needs.

const isRoot = process.getuid?.() === 0;

describe.runIf(engine === 'pglite' && isRoot)('a full disk under the embedded database', () => {
  let dir: string;
  let mounted = false;
  let database: Database | undefined;
  let redis: Redis;
  let test: ReturnType<typeof createTestApp>;
  const filler = () => join(dir, 'filler');

  /** Fills the disk until only `leaveBytes` are free. */
  function fillDisk(leaveBytes: number) {
    const stats = statfsSync(dir);
    const free = stats.bavail * stats.bsize;
    writeFileSync(filler(), Buffer.alloc(Math.max(0, free - leaveBytes)));
  }

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'campus-full-disk-'));
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=160m', 'tmpfs', dir]);
    mounted = true;
    database = await openDatabase({ kind: 'pglite', dir: join(dir, 'pg') }, testLog);
    redis = await openCheckedRedis(testRedisUrl(), 'producer', testLog);
    test = createTestApp({ database, redis });
  });

  afterAll(async () => {
    await test?.close();
    redis?.disconnect();
    await database?.close();
    if (mounted) {
      try {
        execFileSync('umount', [dir]);
      } catch {
        // Something of the process still holds a file there: detach now, freed when it exits.
        execFileSync('umount', ['-l', dir]);
      }
    }
    rmdirSync(dir);
  });

  it('answers 503 while the disk is full, fails /readyz, and recovers when space is freed, losing no order', async () => {
    const db = (database as Database).db;
    const tree = await buildCampusTree(db, {
      restaurant: { is24x7: true },
      martItem: { stock: 1_000 },
    });
    const students = [];
    for (let n = 0; n < 4; n++) students.push(await signedInStudent(test.app, db, tree.campus));
    expect((await test.app.request('/readyz')).status).toBe(200);

    fillDisk(192 * 1024);
    const answered: string[] = [];
    const statuses: number[] = [];
    let refusal: { error?: { message?: string } } | undefined;
    for (let n = 0; n < 70 && refusal === undefined; n++) {
      const student = students[n % students.length] as (typeof students)[number];
      const response = await postOrder(
        test.app,
        student.cookie,
        await checkoutBody(test.app, tree, student.screenshot),
      );
      statuses.push(response.status);
      const body = (await response.json()) as { orderId?: string; error?: { message?: string } };
      if (response.status === 201) answered.push(body.orderId as string);
      if (response.status === 503) refusal = body;
    }
    expect(statuses, 'no 500 while the disk filled').not.toContain(500);
    expect(refusal?.error?.message).toBe(CODE_MESSAGES.unavailable);

    const notReady = await test.app.request('/readyz');
    expect(notReady.status).toBe(503);
    const checks = ((await notReady.json()) as { checks: { database: string } }).checks;
    expect(checks.database).toMatch(/cannot write/);

    rmSync(filler());
    expect((await test.app.request('/readyz')).status).toBe(200);
    const student = students[0] as (typeof students)[number];
    const after = await postOrder(
      test.app,
      student.cookie,
      await checkoutBody(test.app, tree, student.screenshot),
    );
    expect(after.status).toBe(201);
    answered.push(((await after.json()) as { orderId: string }).orderId);

    const stored = await db
      .select({ id: orders.id })
      .from(orders)
      .where(inArray(orders.id, answered));
    expect(stored).toHaveLength(answered.length);
  }, 180_000);

  it('refuses to start a database on a full disk, saying so and how much it needs', async () => {
    await database?.close();
    database = undefined;
    fillDisk(1024 * 1024);
    try {
      const outcome = await openDatabase(
        { kind: 'pglite', dir: join(dir, 'pg-new') },
        testLog,
      ).then(
        async (opened) => {
          await opened.close();
          return null;
        },
        (error: unknown) => error,
      );
      expect(String(outcome)).toMatch(
        /is full: \d+ MB free, and the embedded database needs at least 64 MB free to start/,
      );
    } finally {
      rmSync(filler());
    }
  }, 60_000);
});
