import type { Database } from '@campus/shared/server/db/client';
import { sessions } from '@campus/shared/server/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type AdminTree, buildAdminTree } from '../../support/admin';
import { engine, openTestDatabase } from '../../support/database';
import {
  type EventStreamReader,
  eventStreamRequest,
  openEventStream,
} from '../../support/event-stream';
import { createPerson } from '../../support/people';
import { testQueuePrefix } from '../../support/redis';
import { removeKeysOf } from '../../support/redis-keys';
import { startTestApi, type TestApi } from '../../support/running-api';
import { signInCookie } from '../../support/session';

// A live event stream ends with its person's access, as every other request's answer changes at
// once: a sign-out, a role change or a deletion on one replica ends the person's streams on every
// replica; a session that ended otherwise (cleared with a campus, expired) ends at the next
// heartbeat. Replicas a and b beat once a minute, so only the revoke can end a stream there.

let database: Database;
let prefix: string;
let a: TestApi;
let b: TestApi;
let quick: TestApi;
let tree: AdminTree;
let superAdminCookie: string;
const open: EventStreamReader[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  prefix = testQueuePrefix();
  [a, b, quick] = await Promise.all([
    startTestApi({ database, prefix, eventsHeartbeatMs: 60_000 }),
    startTestApi({ database, prefix, eventsHeartbeatMs: 60_000 }),
    startTestApi({ database, prefix: testQueuePrefix(), eventsHeartbeatMs: 200 }),
  ]);
  tree = await buildAdminTree(database.db);
  const superAdmin = await createPerson(database.db, 'superAdmin');
  superAdminCookie = await signInCookie(a, superAdmin.email, superAdmin.password);
});

afterEach(async () => {
  for (const stream of open.splice(0)) await stream.close();
});

afterAll(async () => {
  if (a) await removeKeysOf(a.redis, prefix);
  await a?.close();
  await b?.close();
  await quick?.close();
  await database?.close();
});

async function signedInStudent(api: TestApi) {
  const person = await createPerson(database.db, 'user', tree.campus);
  return { id: person.id, cookie: await signInCookie(api, person.email, person.password) };
}

async function streamOf(api: TestApi, cookie: string) {
  const stream = await openEventStream(api.url, cookie);
  open.push(stream);
  await stream.next(); // the retry hint: the stream runs
  return stream;
}

const reconnect = (api: TestApi, cookie: string) =>
  fetch(`${api.url}/api/events`, eventStreamRequest(cookie)).then(async (response) => {
    await response.body?.cancel();
    return response.status;
  });

describe(`live event streams end with their person's access, on ${engine}`, () => {
  it('a sign-out on one replica ends the person’s stream on another at once', async () => {
    const student = await signedInStudent(a);
    const stream = await streamOf(b, student.cookie);
    const out = await fetch(`${a.url}/api/account/sign-out`, {
      method: 'POST',
      headers: { cookie: student.cookie },
    });
    expect(out.status).toBe(200);
    await stream.waitForEnd(3_000);
    expect(await reconnect(b, student.cookie)).toBe(401);
  });

  it('a role change or a deletion ends the person’s streams at once', async () => {
    const student = await signedInStudent(a);
    const stream = await streamOf(b, student.cookie);
    const changed = await fetch(`${a.url}/api/admin/users/${student.id}/role`, {
      method: 'PATCH',
      headers: { cookie: superAdminCookie, 'content-type': 'application/json' },
      body: JSON.stringify({ role: 'campusAdmin' }),
    });
    expect(changed.status).toBe(200);
    await stream.waitForEnd(3_000);
    // The session goes on, with the new role's stream.
    const again = await streamOf(b, student.cookie);
    const deleted = await fetch(`${a.url}/api/admin/users/${student.id}`, {
      method: 'DELETE',
      headers: { cookie: superAdminCookie },
    });
    expect(deleted.status).toBe(200);
    await again.waitForEnd(3_000);
    expect(await reconnect(b, student.cookie)).toBe(401);
  });

  it('a session that ended without a revoke ends its stream at the next heartbeat', async () => {
    const student = await signedInStudent(quick);
    const stream = await streamOf(quick, student.cookie);
    await stream.next(); // a heartbeat: the session was checked and holds
    expect(stream.ended).toBe(false);
    await database.db.delete(sessions).where(eq(sessions.userId, student.id));
    await stream.waitForEnd(3_000);
  });
});
