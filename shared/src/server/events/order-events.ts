import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { z } from 'zod';
import { isLiveEventId } from '../../domain/live-events';

// Order events (docs/architecture.md §8): after a change of an order commits, the api (or the
// worker) appends a small event to a capped Redis stream, the event log, and announces it on a
// pub/sub channel in the same script, so the announcements come in log order. Every api replica
// listens on the channel and hands each event to the open streams of the people it concerns; the
// log lets a stream that reconnects replay what it missed. A publisher that could not publish
// announces RESYNC once it can again: every open stream then refetches, and sees what was not
// announced.

/** An order's new state, published once the change committed. Ids only, no personal data. */
export const ZOrderEvent = z.object({
  orderId: z.string().min(1),
  state: z.string().min(1),
  /** The student who placed the order. */
  userId: z.string().nullable(),
  universityId: z.string().nullable(),
  campusId: z.string().nullable(),
});
export type OrderEvent = z.infer<typeof ZOrderEvent>;

/** An order event with its place in the log (a Redis stream id, '<ms>-<seq>'). */
export type LoggedOrderEvent = OrderEvent & { id: string };

/** The announcement that events were lost: every stream of every replica is told to resync. */
export const RESYNC_ANNOUNCEMENT = 'resync';

/**
 * The announcement that a person's access changed (signed out, another role, deleted): every
 * replica ends that person's open streams, which reconnect under the session's new rights.
 */
export const REVOKE_ANNOUNCEMENT_PREFIX = 'revoke ';

/** The announcement that ends the open streams of the person `userId` on every replica. */
export const revokeAnnouncement = (userId: string) => `${REVOKE_ANNOUNCEMENT_PREFIX}${userId}`;

/** About how many events the log keeps (MAXLEN ~): a stream further behind is told to resync. */
export const ORDER_EVENT_LOG_LENGTH = 5_000;

/** At most this many events are replayed to one stream; further behind, it is told to resync. */
const MAX_REPLAY = 1_000;

/** The Redis key of the event log and the channel of its announcements, under a prefix. */
export function orderEventKeys(prefix: string) {
  return { log: `${prefix}:events:orders`, channel: `${prefix}:events:orders:live` };
}

// KEYS[1] log; ARGV: max length, event JSON, channel. Appends and announces '<id> <json>'.
const APPEND = `
local id = redis.call('XADD', KEYS[1], 'MAXLEN', '~', ARGV[1], '*', 'event', ARGV[2])
redis.call('PUBLISH', ARGV[3], id .. ' ' .. ARGV[2])
return id`;

// KEYS[1] log; ARGV: the id to read after ('' for none), how many. Answers the last id given out,
// the first id kept ('' when empty), whether entries were ever removed (trimmed; unknown before
// Redis 7, so yes), and the entries after the id.
const READ_SINCE = `
if redis.call('EXISTS', KEYS[1]) == 0 then return {'0-0', '', 0, {}} end
local info = redis.call('XINFO', 'STREAM', KEYS[1])
local tip, first, length, added = '0-0', '', 0, -1
for i = 1, #info, 2 do
  local name, value = info[i], info[i + 1]
  if name == 'last-generated-id' then tip = value end
  if name == 'first-entry' and type(value) == 'table' then first = value[1] end
  if name == 'length' then length = value end
  if name == 'entries-added' then added = value end
end
local entries = {}
if ARGV[1] ~= '' then
  entries = redis.call('XRANGE', KEYS[1], '(' .. ARGV[1], '+', 'COUNT', ARGV[2])
end
return {tip, first, (added == -1 or added > length) and 1 or 0, entries}`;

export interface OrderEventPublisher {
  /**
   * Publishes an order's new state to the people it concerns, on every api replica. Call it after
   * the transaction that changed the order committed. Never throws: without Redis the event is
   * lost, logged, and the pages catch up when their stream reconnects or polls.
   */
  publishOrder(event: OrderEvent): Promise<void>;
}

/** A publisher over a producer's connection (it fails fast when Redis is away). */
export function createOrderEventPublisher(options: {
  redis: Redis;
  prefix: string;
  log: Logger;
  /** Events the log keeps; ORDER_EVENT_LOG_LENGTH unless a test wants a short one. */
  logLength?: number;
}): OrderEventPublisher {
  const { redis, log } = options;
  const { log: logKey, channel } = orderEventKeys(options.prefix);
  const length = options.logLength ?? ORDER_EVENT_LOG_LENGTH;
  // An event was lost: until RESYNC went out, pages showing that order are out of date.
  let lost = false;
  let waitingForRedis = false;
  const announceResync = async () => {
    try {
      await redis.publish(channel, RESYNC_ANNOUNCEMENT);
      lost = false;
      log.info('order events were lost while Redis was away: every open page told to refetch');
    } catch (error) {
      log.warn({ err: error }, 'resync not announced yet: tried again on the next publish');
    }
  };
  const onLost = () => {
    lost = true;
    if (waitingForRedis) return;
    waitingForRedis = true;
    redis.once('ready', () => {
      waitingForRedis = false;
      if (lost) void announceResync();
    });
  };
  return {
    async publishOrder(event) {
      try {
        const text = JSON.stringify(ZOrderEvent.parse(event));
        await redis.eval(APPEND, 1, logKey, length, text, channel);
      } catch (error) {
        onLost();
        log.error(
          { err: error, orderId: event.orderId, state: event.state },
          'order event not published: open pages are told to refetch once Redis is back',
        );
        return;
      }
      if (lost) await announceResync();
    },
  };
}

/**
 * An announcement from the channel: an event, RESYNC, whose streams to end (revokeAnnouncement),
 * or null when it is not one of ours.
 */
export function parseAnnouncement(
  message: string,
): LoggedOrderEvent | typeof RESYNC_ANNOUNCEMENT | { revoked: string } | null {
  if (message === RESYNC_ANNOUNCEMENT) return RESYNC_ANNOUNCEMENT;
  if (message.startsWith(REVOKE_ANNOUNCEMENT_PREFIX)) {
    const revoked = message.slice(REVOKE_ANNOUNCEMENT_PREFIX.length);
    return revoked ? { revoked } : null;
  }
  const space = message.indexOf(' ');
  const id = message.slice(0, space);
  if (space < 0 || !isLiveEventId(id)) return null;
  return parseEvent(id, message.slice(space + 1));
}

function parseEvent(id: string, text: string): LoggedOrderEvent | null {
  try {
    const event = ZOrderEvent.safeParse(JSON.parse(text));
    return event.success ? { ...event.data, id } : null;
  } catch {
    return null;
  }
}

/** Orders two log ids ('<ms>-<seq>'): negative when a comes first. */
export function compareEventIds(a: string, b: string): number {
  const [aMs = 0n, aSeq = 0n] = a.split('-').map(BigInt);
  const [bMs = 0n, bSeq = 0n] = b.split('-').map(BigInt);
  if (aMs !== bMs) return aMs < bMs ? -1 : 1;
  if (aSeq !== bSeq) return aSeq < bSeq ? -1 : 1;
  return 0;
}

/** What a stream that resumes gets: the events after its id, or 'resync' when some are gone. */
export type Replay =
  | { kind: 'events'; events: LoggedOrderEvent[]; tip: string }
  | { kind: 'resync'; tip: string };

/**
 * The events after `lastId` (all of them, for the caller to filter), or 'resync' when the log can
 * no longer say: the id is malformed, newer than the log (Redis lost it), trimmed away, or further
 * behind than a replay goes. Without `lastId`, no events: only the tip, where a new stream starts.
 */
export async function readOrderEventsSince(
  redis: Redis,
  prefix: string,
  lastId: string | undefined,
): Promise<Replay> {
  const valid = lastId !== undefined && isLiveEventId(lastId);
  const answer = (await redis.eval(
    READ_SINCE,
    1,
    orderEventKeys(prefix).log,
    valid ? lastId : '',
    MAX_REPLAY + 1,
  )) as [string, string, number, Array<[string, string[]]>];
  const [tip, first, trimmed, entries] = answer;
  if (lastId === undefined) return { kind: 'events', events: [], tip };
  if (!valid || compareEventIds(lastId, tip) > 0) return { kind: 'resync', tip };
  // Trimming takes the oldest entries: some after lastId may be gone when lastId is older than
  // the first entry kept (or than the tip, when none is kept).
  const gone = trimmed === 1 && compareEventIds(lastId, first === '' ? tip : first) < 0;
  if (gone || entries.length > MAX_REPLAY) return { kind: 'resync', tip };
  const events: LoggedOrderEvent[] = [];
  for (const [id, fields] of entries) {
    const text = fields[fields.indexOf('event') + 1];
    const event = text === undefined ? null : parseEvent(id, text);
    if (event) events.push(event);
  }
  return { kind: 'events', events, tip };
}
