import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@campus/shared/dev/free-port';
import { type LocalRedis, startRedisServer } from '@campus/shared/dev/redis-server';
import type { Database } from '@campus/shared/server/db/client';
import { newId } from '@campus/shared/server/db/ids';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminTree, buildAdminTree } from '../../support/admin';
import { engine, openTestDatabase } from '../../support/database';
import { eventStreamRequest, openEventStream } from '../../support/event-stream';
import { createPerson } from '../../support/people';
import { testQueuePrefix } from '../../support/redis';
import { startTestApi, type TestApi } from '../../support/running-api';
import { signInCookie } from '../../support/session';

// Live updates (decision 009): the one subscriber connection of a replica comes back after Redis
// restarts, and the streams it serves are told to refetch (events of the gap were missed);
// publishing while Redis is away neither throws nor waits.

let dir: string;
let localRedis: LocalRedis;
let port: number;
let database: Database;
let api: TestApi;
let tree: AdminTree;
let student: { id: string; cookie: string };

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'campus-live-redis-'));
  port = await freePort();
  localRedis = await startRedisServer({ dir, port });
  database = await openTestDatabase();
  api = await startTestApi({ database, prefix: testQueuePrefix(), redisUrl: localRedis.url });
  tree = await buildAdminTree(database.db);
  const person = await createPerson(database.db, 'user', tree.campus);
  student = { id: person.id, cookie: await signInCookie(api, person.email, person.password) };
});

afterAll(async () => {
  await api?.close();
  await database?.close();
  await localRedis?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const orderOfStudent = (state: string) => ({
  orderId: newId(),
  state,
  userId: student.id,
  universityId: tree.university.id,
  campusId: tree.campus.id,
});

describe(`live events when Redis restarts, on ${engine}`, () => {
  it('keeps the stream open, resyncs it once Redis is back, and delivers again', async () => {
    const stream = await openEventStream(api.url, student.cookie);
    const before = orderOfStudent('verified');
    await api.events.publishOrder(before);
    expect(await stream.nextEvent()).toMatchObject({ orderId: before.orderId });

    await localRedis.stop();
    // Nobody can be told now; the person whose order changed must not get an error for it.
    const started = performance.now();
    await expect(api.events.publishOrder(orderOfStudent('out_for_delivery'))).resolves.toBe(
      undefined,
    );
    expect(performance.now() - started).toBeLessThan(3_000);
    // A new stream cannot start without Redis: 503, and the page polls instead.
    const refused = await fetch(`${api.url}/api/events`, eventStreamRequest(student.cookie));
    expect(refused.status).toBe(503);
    expect(await refused.json()).toMatchObject({ error: { code: 'unavailable' } });

    localRedis = await startRedisServer({ dir, port });
    expect(await stream.nextEvent((event) => event.type === 'resync', 15_000)).toMatchObject({
      type: 'resync',
    });
    // The replica's own connection may come back a moment after its subscriber.
    await expect.poll(() => api.redis.status, { timeout: 10_000 }).toBe('ready');
    const after = orderOfStudent('delivered');
    await api.events.publishOrder(after);
    // A second resync may come first: the replica announces the event it could not publish.
    expect(await stream.nextEvent((event) => event.type === 'order')).toMatchObject({
      orderId: after.orderId,
      state: 'delivered',
    });
    await stream.close();
  }, 60_000);
});
