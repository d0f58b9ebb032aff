import type { Database } from '@campus/shared/server/db/client';
import { newId } from '@campus/shared/server/db/ids';
import { type OrderEvent, orderEventKeys } from '@campus/shared/server/events/order-events';
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

// Live updates (docs/architecture.md §8, decision 009): events published on one api replica reach
// the streams held on another, each person sees only the orders they may follow, and a stream that
// reconnects replays what it missed, or is told to refetch everything when the log no longer has
// it.

const HEARTBEAT_MS = 300;

let database: Database;
let prefix: string;
let a: TestApi;
let b: TestApi;
let ours: AdminTree;
let theirs: AdminTree;
type Persona = 'student' | 'otherStudent' | 'ourAdmin' | 'theirAdmin' | 'superAdmin';
const people = {} as Record<Persona, { id: string; cookie: string }>;
const open: EventStreamReader[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  prefix = testQueuePrefix();
  // Two replicas of one deployment: their own connections, one prefix.
  [a, b] = await Promise.all([
    startTestApi({ database, prefix, eventsHeartbeatMs: HEARTBEAT_MS }),
    startTestApi({ database, prefix, eventsHeartbeatMs: HEARTBEAT_MS }),
  ]);
  ours = await buildAdminTree(database.db);
  theirs = await buildAdminTree(database.db);
  const roles = {
    student: ['user', ours.campus],
    otherStudent: ['user', ours.campus],
    ourAdmin: ['campusAdmin', ours.campus],
    theirAdmin: ['campusAdmin', theirs.campus],
    superAdmin: ['superAdmin', null],
  } as const;
  for (const [persona, [role, campus]] of Object.entries(roles)) {
    const person = await createPerson(database.db, role, campus);
    const cookie = await signInCookie(a, person.email, person.password);
    people[persona as Persona] = { id: person.id, cookie };
  }
});

afterEach(async () => {
  for (const stream of open.splice(0)) await stream.close();
  // The replicas notice a browser leaving when its connection closes: wait for it.
  await expect.poll(() => a.events.openStreams + b.events.openStreams).toBe(0);
});

afterAll(async () => {
  if (a) await removeKeysOf(a.redis, prefix);
  await a?.close();
  await b?.close();
  await database?.close();
});

async function streamOf(persona: Persona, replica: TestApi, lastEventId?: string) {
  const stream = await openEventStream(replica.url, people[persona].cookie, lastEventId);
  open.push(stream);
  return stream;
}

/** An order event of a student at a campus, with a fresh order id. */
function orderOf(student: Persona | null, tree: AdminTree, state = 'verified'): OrderEvent {
  return {
    orderId: newId(),
    state,
    userId: student ? people[student].id : null,
    universityId: tree.university.id,
    campusId: tree.campus.id,
  };
}

/** The order ids a stream receives until (and with) `last`. */
async function orderIdsUntil(stream: EventStreamReader, last: OrderEvent): Promise<string[]> {
  const seen: string[] = [];
  for (;;) {
    const event = await stream.nextEvent();
    if (event.type !== 'order') throw new Error(`unexpected ${event.type}`);
    seen.push(event.orderId);
    if (event.orderId === last.orderId) return seen;
  }
}

describe(`live events over two api replicas, on ${engine}`, () => {
  it('an event published through one replica reaches a stream held on the other, as ids only', async () => {
    const stream = await streamOf('student', b);
    expect(stream.response.headers.get('content-type')).toBe('text/event-stream');
    expect(stream.response.headers.get('cache-control')).toBe('no-cache, no-transform');
    expect(stream.response.headers.get('x-accel-buffering')).toBe('no');
    const first = await stream.next();
    expect(first.retry).toBeGreaterThanOrEqual(2_000);

    const event = orderOf('student', ours, 'out_for_delivery');
    await a.events.publishOrder(event);
    const received = await stream.nextEvent();
    expect(received).toEqual({
      type: 'order',
      id: expect.stringMatching(/^\d+-\d+$/),
      orderId: event.orderId,
      state: 'out_for_delivery',
    });
    // On the wire: the id, the order and its state; nobody's id, no campus.
    const block = stream.blocks.find((b) => b.data?.includes(event.orderId));
    expect(Object.keys(JSON.parse(block?.data ?? '{}')).sort()).toEqual([
      'id',
      'orderId',
      'state',
      'type',
    ]);
    expect(block?.id).toBe(received.id);
  });

  it('a student gets their own orders, a campus admin their campus, a super admin all', async () => {
    const streams = {
      student: await streamOf('student', a),
      otherStudent: await streamOf('otherStudent', b),
      ourAdmin: await streamOf('ourAdmin', b),
      theirAdmin: await streamOf('theirAdmin', a),
      superAdmin: await streamOf('superAdmin', b),
    };
    const mine = orderOf('student', ours);
    const neighbours = orderOf('otherStudent', ours);
    const elsewhere = orderOf(null, theirs);
    // Published after the others, each is the last thing its audience gets: anything that was
    // wrongly sent to a stream would have come before it.
    const fences = [orderOf('student', ours), orderOf('otherStudent', ours), orderOf(null, theirs)];
    for (const event of [mine, neighbours, elsewhere, ...fences]) {
      await (event === neighbours ? b : a).events.publishOrder(event);
    }
    const [mineLast, neighboursLast, elsewhereLast] = fences as [
      OrderEvent,
      OrderEvent,
      OrderEvent,
    ];
    const ids = (...events: OrderEvent[]) => events.map((event) => event.orderId);
    expect(await orderIdsUntil(streams.student, mineLast)).toEqual(ids(mine, mineLast));
    expect(await orderIdsUntil(streams.otherStudent, neighboursLast)).toEqual(
      ids(neighbours, neighboursLast),
    );
    expect(await orderIdsUntil(streams.ourAdmin, neighboursLast)).toEqual(
      ids(mine, neighbours, mineLast, neighboursLast),
    );
    expect(await orderIdsUntil(streams.theirAdmin, elsewhereLast)).toEqual(
      ids(elsewhere, elsewhereLast),
    );
    expect(await orderIdsUntil(streams.superAdmin, elsewhereLast)).toEqual(
      ids(mine, neighbours, elsewhere, mineLast, neighboursLast, elsewhereLast),
    );
  });

  it('a stream resumed with Last-Event-ID replays what it missed, then goes on live', async () => {
    const before = await streamOf('student', a);
    const seen = orderOf('student', ours, 'placed');
    await a.events.publishOrder(seen);
    await before.nextEvent((event) => event.type === 'order' && event.orderId === seen.orderId);
    const lastEventId = before.lastEventId;
    await before.close();

    const missed = [
      orderOf('student', ours, 'verified'),
      orderOf('otherStudent', ours, 'verified'),
      orderOf('student', ours, 'out_for_delivery'),
    ];
    for (const event of missed) await b.events.publishOrder(event);

    const after = await streamOf('student', b, lastEventId);
    const replayed = [await after.nextEvent(), await after.nextEvent()];
    expect(replayed).toMatchObject([
      { type: 'order', orderId: missed[0]?.orderId, state: 'verified' },
      { type: 'order', orderId: missed[2]?.orderId, state: 'out_for_delivery' },
    ]);
    const live = orderOf('student', ours, 'delivered');
    await a.events.publishOrder(live);
    expect(await after.nextEvent()).toMatchObject({ orderId: live.orderId, state: 'delivered' });
  });

  it('a Last-Event-ID the log no longer has gets a resync, from the newest id on', async () => {
    const redis = a.redis;
    const events = [orderOf('student', ours), orderOf('student', ours), orderOf('student', ours)];
    const watcher = await streamOf('student', a);
    const ids: string[] = [];
    for (const event of events) {
      await a.events.publishOrder(event);
      ids.push((await watcher.nextEvent()).id);
    }
    // As the log's length cap does with old events: everything but the newest is gone.
    await redis.xtrim(orderEventKeys(prefix).log, 'MAXLEN', 1);

    const resumed = await streamOf('student', b, ids[0]);
    expect(await resumed.nextEvent()).toEqual({ type: 'resync', id: ids[2] });
    // The newest id survived the trim: resuming from it replays nothing and needs no resync.
    const current = await streamOf('student', b, ids[2]);
    const later = orderOf('student', ours);
    await a.events.publishOrder(later);
    expect(await current.nextEvent()).toMatchObject({ type: 'order', orderId: later.orderId });
    // An id that is no id, past what Redis can hold (2^64), or one this log never gave out
    // (another Redis), gets a resync too.
    const past64Bits = ['18446744073709551616-0', '1-18446744073709551616'];
    for (const id of ['not-an-id', ...past64Bits, '99999999999999-0']) {
      const odd = await streamOf('student', a, id);
      expect(await odd.nextEvent()).toMatchObject({ type: 'resync' });
    }
  });

  it('heartbeats keep a quiet stream alive and move its Last-Event-ID past what it may not see', async () => {
    const stream = await streamOf('otherStudent', a);
    const heartbeat = async () => {
      for (;;) {
        const block = await stream.next(HEARTBEAT_MS * 5);
        if (block.comments.includes('heartbeat')) return block;
      }
    };
    await heartbeat();
    // A super admin's stream shows the id the event gets.
    const watcher = await streamOf('superAdmin', a);
    const notTheirs = orderOf('student', ours);
    await b.events.publishOrder(notTheirs);
    const published = await watcher.nextEvent();
    let block = await heartbeat();
    while (block.id === undefined) block = await heartbeat();
    expect(block.id).toBe(published.id);
    expect(stream.events).toEqual([]);
  });

  it('refuses a visitor who is not signed in with the error shape, and a sixth stream of one person', async () => {
    const signedOut = await fetch(`${a.url}/api/events`, eventStreamRequest(undefined));
    expect(signedOut.status).toBe(401);
    expect(await signedOut.json()).toEqual({
      error: { code: 'unauthenticated', message: 'Authentication required. Please log in.' },
    });

    // Six tabs opening at once: five streams, and the sixth polls instead.
    const controller = new AbortController();
    const request = eventStreamRequest(people.ourAdmin.cookie, undefined, controller.signal);
    const tabs = await Promise.all(
      [1, 2, 3, 4, 5, 6].map(() => fetch(`${a.url}/api/events`, request)),
    );
    expect(tabs.map((tab) => tab.status).sort()).toEqual([200, 200, 200, 200, 200, 429]);
    const sixth = tabs.find((tab) => tab.status === 429);
    expect(await sixth?.json()).toMatchObject({ error: { code: 'resource-exhausted' } });
    // On the other replica, and once the tabs closed, there is room again.
    await (await streamOf('ourAdmin', b)).close();
    controller.abort();
    await expect.poll(() => a.events.openStreams).toBe(0);
    const again = await streamOf('ourAdmin', a);
    expect(again.response.status).toBe(200);
  });

  it('when a replica could not publish, the streams of every replica resync once it can again', async () => {
    const stream = await streamOf('student', b);
    await stream.next();
    // Replica A loses its connection for a moment; B, which holds the stream, never does.
    const dropped = new Promise((resolve) => a.redis.once('close', resolve));
    a.redis.disconnect(true);
    await dropped;
    const lost = orderOf('student', ours, 'delivered');
    await expect(a.events.publishOrder(lost)).resolves.toBeUndefined();
    expect(await stream.nextEvent()).toMatchObject({ type: 'resync' });
    expect(stream.events.some((event) => 'orderId' in event)).toBe(false);
  });

  it('stopping a replica ends its open streams at once, and the other replica serves them', async () => {
    const c = await startTestApi({ database, prefix, eventsHeartbeatMs: HEARTBEAT_MS });
    const stream = await streamOf('student', c);
    await stream.next();
    const started = performance.now();
    await c.close();
    // Well under the 10 s that requests under way are given to finish.
    expect(performance.now() - started).toBeLessThan(3_000);
    await stream.waitForEnd();

    const moved = await streamOf('student', b, stream.lastEventId);
    const event = orderOf('student', ours);
    await a.events.publishOrder(event);
    expect(await moved.nextEvent()).toMatchObject({ orderId: event.orderId });
  });
});
