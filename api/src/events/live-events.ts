import { randomInt, randomUUID } from 'node:crypto';
import type { TUserProfile } from '@campus/shared/domain/entities';
import { canFollowOrder } from '@campus/shared/domain/live-events';
import {
  compareEventIds,
  createOrderEventPublisher,
  type OrderEvent,
  type OrderEventPublisher,
  orderEventKeys,
  parseAnnouncement,
  RESYNC_ANNOUNCEMENT,
  readOrderEventsSince,
  revokeAnnouncement,
} from '@campus/shared/server/events/order-events';
import { closeRedis } from '@campus/shared/server/redis';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { tooManyRequests, unavailable } from '../http/errors';
import { LiveStream } from './live-stream';

/** How often an open stream gets a heartbeat, unless told otherwise (EVENTS_HEARTBEAT_SECONDS). */
export const DEFAULT_HEARTBEAT_MS = 15_000;
/** Open streams one person may hold on one replica; more tabs than this poll instead. */
const MAX_STREAMS_PER_PERSON = 5;
/** A stream ends after this long and the browser reconnects, its session checked again. */
const MAX_STREAM_AGE_MS = 15 * 60_000;
/** How long opening a stream waits for this replica to listen on the channel. */
const SUBSCRIBE_WAIT_MS = 3_000;
/**
 * The browser's reconnection delay: spread, so the streams of a stopping replica do not all come
 * back to the others in the same instant.
 */
const RETRY_MS = { min: 2_000, max: 5_000 };

export interface LiveEventsOptions {
  /** A producer's connection (fails fast): publishing and reading the event log. */
  redis: Redis;
  /** QUEUE_PREFIX: names the event log and channel, the same in every replica. */
  prefix: string;
  log: Logger;
  heartbeatMs?: number;
  /** Events the log keeps (tests shorten it to see a resync). */
  logLength?: number;
}

/** Ends a person's open streams on every replica, once their access changed. */
export interface StreamRevoker {
  revokePerson(userId: string): Promise<void>;
}

/** Whether `now` (the session's profile at a heartbeat) still sees what `then` saw. */
function sameAccess(then: TUserProfile, now: TUserProfile | null): boolean {
  return (
    now !== null &&
    now.uid === then.uid &&
    now.role === then.role &&
    now.universityId === then.universityId &&
    now.campusId === then.campusId
  );
}

/**
 * Live updates of one api process (docs/architecture.md §8): publishes order events, and serves the
 * open event streams of the people signed in here. One subscriber connection per process listens on
 * the channel, opened with the first stream; every event goes to the streams of the people it
 * concerns, whichever replica published it. When that connection comes back after Redis was
 * away, or a publisher announces it lost events, every open stream gets a resync.
 */
export class LiveEvents implements OrderEventPublisher, StreamRevoker {
  private readonly publisher: OrderEventPublisher;
  private readonly streams = new Set<LiveStream>();
  /** Open streams per person, for the limit. */
  private readonly byPerson = new Map<string, Set<LiveStream>>();
  private readonly waiters = new Set<() => void>();
  private readonly heartbeatMs: number;
  private subscriber: Redis | undefined;
  private subscribed = false;
  private everSubscribed = false;
  private heartbeat: NodeJS.Timeout | undefined;
  private closing = false;
  /** The latest event id the channel brought. */
  private cursor = '0-0';

  constructor(private readonly options: LiveEventsOptions) {
    this.publisher = createOrderEventPublisher(options);
    this.heartbeatMs = options.heartbeatMs ?? DEFAULT_HEARTBEAT_MS;
  }

  /**
   * Tells the people an order concerns (its student, its campus's admins, every super admin) that
   * it is now in `event.state`, on every replica. Call it after the change committed; it never
   * throws (without Redis the event is lost and logged; pages catch up when they refetch).
   */
  publishOrder(event: OrderEvent): Promise<void> {
    return this.publisher.publishOrder(event);
  }

  /**
   * Ends the person's open streams on every replica: called when they sign out, get another role
   * or are deleted. Never throws: without Redis, the heartbeats' session checks end them.
   */
  async revokePerson(userId: string): Promise<void> {
    try {
      await this.options.redis.publish(
        orderEventKeys(this.options.prefix).channel,
        revokeAnnouncement(userId),
      );
    } catch (error) {
      this.options.log.warn({ err: error }, 'streams not revoked at once: the heartbeats end them');
    }
  }

  /**
   * A new stream for a person, resuming after `lastEventId` when given. Refused with a 429 past
   * MAX_STREAMS_PER_PERSON on this replica, with a 503 when Redis does not answer (the browser
   * polls meanwhile). At each heartbeat `sessionNow` reads the profile of the stream's session
   * again: signed out, or another role or campus, the stream ends. Run it with `run(sink)`.
   */
  async open(
    person: TUserProfile,
    lastEventId: string | undefined,
    sessionNow: () => Promise<TUserProfile | null>,
  ): Promise<LiveStream> {
    await this.listening();
    // Counted and added with no await in between, so that tabs opening at once are counted too.
    if ((this.byPerson.get(person.uid)?.size ?? 0) >= MAX_STREAMS_PER_PERSON) {
      throw tooManyRequests({ logMessage: 'too many open event streams for one person' });
    }
    const stream = new LiveStream(person, {
      retryMs: randomInt(RETRY_MS.min, RETRY_MS.max),
      maxAgeMs: MAX_STREAM_AGE_MS,
      mayFollow: (event) => canFollowOrder(person, event),
      stillAllowed: async () => sameAccess(person, await sessionNow()),
      onClose: (closed) => this.remove(closed),
    });
    // Listening before the log is read: what comes meanwhile is kept, nothing falls in between.
    this.add(stream);
    try {
      stream.startAt(
        await readOrderEventsSince(this.options.redis, this.options.prefix, lastEventId),
      );
    } catch (error) {
      stream.close();
      throw unavailable({ cause: error, logMessage: 'event log not readable' });
    }
    return stream;
  }

  /** Ends every open stream and stops listening; new streams are refused. */
  async close(): Promise<void> {
    this.closing = true;
    clearInterval(this.heartbeat);
    for (const stream of [...this.streams]) stream.close();
    const subscriber = this.subscriber;
    this.subscriber = undefined;
    this.subscribed = false;
    if (subscriber) await closeRedis(subscriber);
  }

  /** How many streams are open on this replica (for tests and metrics). */
  get openStreams(): number {
    return this.streams.size;
  }

  private add(stream: LiveStream): void {
    this.streams.add(stream);
    addTo(this.byPerson, stream.person.uid, stream);
    this.heartbeat ??= setInterval(() => this.beat(), this.heartbeatMs).unref();
  }

  private remove(stream: LiveStream): void {
    this.streams.delete(stream);
    removeFrom(this.byPerson, stream.person.uid, stream);
  }

  private beat(): void {
    for (const stream of this.streams) {
      stream.heartbeat(this.cursor);
      stream.checkSession();
    }
  }

  private onMessage(text: string): void {
    const event = parseAnnouncement(text);
    if (!event) {
      this.options.log.warn({ message: text.slice(0, 200) }, 'unreadable live event: ignored');
      return;
    }
    if (event === RESYNC_ANNOUNCEMENT) {
      // A publisher lost events while Redis was away from it.
      void this.resyncAll();
      return;
    }
    if ('revoked' in event) {
      for (const stream of [...(this.byPerson.get(event.revoked) ?? [])]) stream.close();
      return;
    }
    if (compareEventIds(event.id, this.cursor) > 0) this.cursor = event.id;
    // Each stream asks canFollowOrder: a process holds thousands of streams at most, and orders
    // change a few times a second at most, so one rule beats an index that could disagree.
    for (const stream of this.streams) stream.deliver(event);
  }

  /** Resolves once this replica listens on the channel (opening its subscriber the first time). */
  private listening(): Promise<void> {
    if (this.closing) return Promise.reject(unavailable({ logMessage: 'the server is stopping' }));
    if (this.subscribed) return Promise.resolve();
    this.subscriber ??= this.subscribe();
    return new Promise((resolve, reject) => {
      const done = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        this.waiters.delete(done);
        reject(unavailable({ logMessage: 'not listening for live events: Redis does not answer' }));
      }, SUBSCRIBE_WAIT_MS);
      this.waiters.add(done);
    });
  }

  private subscribe(): Redis {
    const { log, prefix } = this.options;
    const { channel } = orderEventKeys(prefix);
    // A subscribed connection can do nothing else, so it is one of its own; unlike a producer's
    // it waits for Redis to come back, and it resubscribes by hand to know when it did.
    const subscriber = this.options.redis.duplicate({
      maxRetriesPerRequest: null,
      enableOfflineQueue: true,
      commandTimeout: undefined,
      autoResubscribe: false,
      connectionName: `${prefix}-live-events-${randomUUID().slice(0, 8)}`,
      lazyConnect: true,
    });
    subscriber.on('error', (error) =>
      log.warn({ err: error }, 'live events subscriber: redis error'),
    );
    const deaf = () => {
      if (!this.subscribed) return;
      this.subscribed = false;
      if (!this.closing) log.warn('live events subscriber disconnected: streams resync once back');
    };
    subscriber.on('close', deaf);
    subscriber.on('end', deaf);
    subscriber.on('ready', () => {
      subscriber.subscribe(channel).then(
        () => this.onSubscribed(),
        (error: unknown) => {
          if (!this.closing) log.warn({ err: error }, 'live events subscriber: subscribe failed');
        },
      );
    });
    subscriber.on('message', (from: string, text: string) => {
      if (from === channel) this.onMessage(text);
    });
    subscriber.connect().catch(() => {
      // Logged by the error listener; ioredis keeps trying.
    });
    return subscriber;
  }

  private onSubscribed(): void {
    if (this.closing) return;
    const again = this.everSubscribed;
    this.subscribed = true;
    this.everSubscribed = true;
    for (const waiter of [...this.waiters]) waiter();
    this.waiters.clear();
    if (again) void this.resyncAll();
  }

  /** After a gap in listening, or events a publisher lost: every stream refetches, from the tip. */
  private async resyncAll(): Promise<void> {
    let tip = this.cursor;
    try {
      tip = (await readOrderEventsSince(this.options.redis, this.options.prefix, undefined)).tip;
    } catch (error) {
      this.options.log.warn({ err: error }, 'event log not readable: resync from the last id seen');
    }
    if (compareEventIds(tip, this.cursor) > 0) this.cursor = tip;
    this.options.log.info({ streams: this.streams.size }, 'live events: streams told to resync');
    for (const stream of this.streams) stream.resync(this.cursor);
  }
}

function addTo<T>(map: Map<string, Set<T>>, key: string, value: T): void {
  const set = map.get(key);
  if (set) set.add(value);
  else map.set(key, new Set([value]));
}

function removeFrom<T>(map: Map<string, Set<T>>, key: string, value: T): void {
  const set = map.get(key);
  if (!set) return;
  set.delete(value);
  if (set.size === 0) map.delete(key);
}
