import { type Command, Redis } from 'ioredis';
import type { Logger } from 'pino';

/** How long a producer's command may wait for a connected Redis before it fails. */
const PRODUCER_COMMAND_TIMEOUT_MS = 2_000;
/** How long a producer's connection skips Redis after a command timed out. */
export const DEFAULT_REDIS_PAUSE_MS = 10_000;
export const REDIS_PAUSED_MESSAGE = 'Redis skipped: a command timed out a moment ago';
const CONNECTION_OPTIONS = { connectTimeout: 5_000, lazyConnect: false } as const;

/**
 * A producer's connection that stops asking a hung Redis: after one command times out, every
 * command for the next pauseMs fails at once (the callers already treat a failure as 'Redis is
 * away': checkout leaves its jobs to the outbox relay), so a frozen Redis costs one request one
 * timeout rather than each request several. The first command after the pause tries again.
 */
class ProducerRedis extends Redis {
  private pausedUntil = 0;

  constructor(
    url: string,
    private readonly pauseMs: number,
  ) {
    super(url, {
      ...CONNECTION_OPTIONS,
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
      // A connected but hung Redis must not hold a checkout either: the outbox takes over.
      commandTimeout: PRODUCER_COMMAND_TIMEOUT_MS,
    });
  }

  override sendCommand(command: Command, stream?: Parameters<Redis['sendCommand']>[1]): unknown {
    if (performance.now() < this.pausedUntil) {
      command.reject(new Error(REDIS_PAUSED_MESSAGE));
      return command.promise;
    }
    const sent = super.sendCommand(command, stream);
    command.promise.catch((error: unknown) => {
      if (error instanceof Error && error.message === 'Command timed out') {
        this.pausedUntil = performance.now() + this.pauseMs;
        this.emit('paused', this.pauseMs);
      }
    });
    return sent;
  }
}

/**
 * A worker's connection waits for Redis to come back (BullMQ requires maxRetriesPerRequest null);
 * a producer's fails at once so a request never hangs on an absent or hung Redis.
 */
export function connectRedis(
  url: string,
  purpose: 'worker' | 'producer',
  options: { pauseMs?: number } = {},
): Redis {
  if (purpose === 'producer')
    return new ProducerRedis(url, options.pauseMs ?? DEFAULT_REDIS_PAUSE_MS);
  return new Redis(url, {
    ...CONNECTION_OPTIONS,
    maxRetriesPerRequest: null,
    enableOfflineQueue: true,
  });
}

class RedisPolicyError extends Error {
  constructor(url: string, policy: string) {
    super(
      `Redis at ${redactUrl(url)} reports maxmemory-policy ${policy}. ` +
        'Queued jobs are data: under an eviction policy Redis may delete them and orders would ' +
        'never reach the sheet. Set "maxmemory-policy noeviction" in redis.conf (or run ' +
        '"redis-cli config set maxmemory-policy noeviction") and start again.',
    );
    this.name = 'RedisPolicyError';
  }
}

/** Throws RedisPolicyError unless Redis is set never to evict keys (BullMQ's requirement). */
async function assertNoEviction(redis: Redis, url: string): Promise<void> {
  // INFO works where CONFIG is disabled, as on most managed Redis services.
  const info = await redis.info('memory');
  const policy = /^maxmemory_policy:(.+)$/m.exec(info)?.[1]?.trim() ?? 'unknown';
  if (policy !== 'noeviction') throw new RedisPolicyError(url, policy);
}

/** Waits until the connection is ready and answers PING, or throws after timeoutMs. */
async function waitForRedis(redis: Redis, timeoutMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`Redis did not answer within ${timeoutMs} ms`)),
      timeoutMs,
    );
  });
  const ready =
    redis.status === 'ready'
      ? Promise.resolve()
      : new Promise<void>((resolve) => redis.once('ready', () => resolve()));
  try {
    await Promise.race([ready.then(() => redis.ping()), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** The URL without its password, for logs and messages. */
function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparsable URL)';
  }
}

/** Where the queue lives when REDIS_URL is not given. */
export const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';

/** Connects, waits for Redis to answer and refuses an evicting Redis; closes on any failure. */
export async function openCheckedRedis(
  url: string,
  purpose: 'worker' | 'producer',
  log: Logger,
  options: { pauseMs?: number } = {},
): Promise<Redis> {
  const redis = connectRedis(url, purpose, options);
  // ioredis reconnects by itself; the log shows why while Redis is away.
  redis.on('error', (error) => log.warn({ err: error, redis: redactUrl(url) }, 'redis error'));
  redis.on('paused', (pauseMs: number) =>
    log.error({ redis: redactUrl(url), pauseMs }, 'Redis timed out; requests skip it for a while'),
  );
  try {
    await waitForRedis(redis, 5_000);
    await assertNoEviction(redis, url);
    return redis;
  } catch (error) {
    redis.disconnect();
    if (error instanceof RedisPolicyError) throw error;
    throw new Error(
      `Cannot reach Redis at ${redactUrl(url)}: ${error instanceof Error ? error.message : error}`,
    );
  }
}

/** Closes a connection politely when Redis is there, and at once when it is not. */
export async function closeRedis(redis: Redis): Promise<void> {
  if (redis.status === 'ready') {
    await redis.quit();
    return;
  }
  redis.disconnect();
}
