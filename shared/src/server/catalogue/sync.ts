import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { z } from 'zod';
import { closeRedis } from '../redis';
import { type CatalogueCache, ZCatalogueScope } from './cache';

/** The Redis channel on which api replicas announce catalogue invalidations. */
export function catalogueChannel(queuePrefix: string): string {
  return `${queuePrefix}:catalogue-invalidate`;
}

const ZInvalidationMessage = z.object({ origin: z.string(), scope: ZCatalogueScope });

/**
 * Tells every api replica's cache that `scope` is stale; `origin` names the sender (its own
 * messages are skipped by its listener). A worker that changed stock sends it too.
 */
export async function publishCatalogueInvalidation(
  redis: Redis,
  queuePrefix: string,
  message: z.infer<typeof ZInvalidationMessage>,
): Promise<void> {
  await redis.publish(catalogueChannel(queuePrefix), JSON.stringify(message));
}

export interface CatalogueSync {
  /** Stops listening and publishing, and turns the cache off (reads go to the database). */
  close(): Promise<void>;
}

const SUBSCRIBE_TIMEOUT_MS = 5_000;

/**
 * Connects a cache to the other replicas: its invalidations are published on the channel, and
 * theirs clear it. A subscriber needs a connection of its own (a subscribed connection can do
 * nothing else); it is a duplicate of `redis`, so it reaches the same server the same way.
 *
 * Pub/sub delivers only to whoever listens at that moment, so while the subscriber is not
 * connected the cache is turned off (reads go to the database), and it is cleared before it is
 * turned on again after every (re)subscription. Resolves once subscribed; rejects after 5 s.
 */
export async function startCatalogueSync(options: {
  cache: CatalogueCache;
  redis: Redis;
  queuePrefix: string;
  log: Logger;
}): Promise<CatalogueSync> {
  const { cache, log } = options;
  const channel = catalogueChannel(options.queuePrefix);
  // Our own messages come back to us too; the local clear has already happened.
  const origin = randomUUID();
  const subscriber = options.redis.duplicate({
    // Waits for Redis to come back instead of failing, like a worker connection.
    maxRetriesPerRequest: null,
    enableOfflineQueue: true,
    commandTimeout: undefined,
    // Re-subscribed by hand below, so that the cache is cleared only once listening again.
    autoResubscribe: false,
    connectionName: `${options.queuePrefix}-catalogue-${origin.slice(0, 8)}`,
    lazyConnect: true,
  });
  let closing = false;
  let subscribed: (() => void) | undefined;
  const firstSubscription = new Promise<void>((resolve) => {
    subscribed = resolve;
  });

  cache.setEnabled(false);
  subscriber.on('error', (error) => log.warn({ err: error }, 'catalogue subscriber: redis error'));
  const deaf = () => {
    if (!cache.isEnabled()) return;
    cache.setEnabled(false);
    if (!closing) log.warn('catalogue subscriber disconnected: cache off until it reconnects');
  };
  subscriber.on('close', deaf);
  subscriber.on('end', deaf);
  subscriber.on('ready', () => {
    subscriber.subscribe(channel).then(
      () => {
        if (closing) return;
        cache.clearLocal({ kind: 'all' });
        cache.setEnabled(true);
        subscribed?.();
      },
      (error: unknown) => {
        if (!closing) log.warn({ err: error }, 'catalogue subscriber: subscribe failed');
      },
    );
  });
  subscriber.on('message', (from: string, text: string) => {
    if (from !== channel) return;
    let message: z.infer<typeof ZInvalidationMessage>;
    try {
      message = ZInvalidationMessage.parse(JSON.parse(text));
    } catch (error) {
      // Someone else's message on our channel: clearing everything is the safe answer.
      log.warn({ err: error, channel }, 'unreadable catalogue invalidation; clearing the cache');
      cache.clearLocal({ kind: 'all' });
      return;
    }
    if (message.origin !== origin) cache.clearLocal(message.scope);
  });

  cache.setBroadcast(async (scope) => {
    try {
      await publishCatalogueInvalidation(options.redis, options.queuePrefix, { origin, scope });
    } catch (error) {
      // The write is committed; failing the admin's request would not unmake it. Replicas that
      // lost Redis too clear everything when they reconnect.
      log.error(
        { err: error, scope },
        'catalogue invalidation not published: other replicas may serve stale data',
      );
    }
  });

  const close = async () => {
    closing = true;
    cache.setBroadcast(undefined);
    cache.setEnabled(false);
    await closeRedis(subscriber);
  };

  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      subscriber.connect().then(() => firstSubscription),
      new Promise((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`no catalogue subscription within ${SUBSCRIBE_TIMEOUT_MS} ms`)),
          SUBSCRIBE_TIMEOUT_MS,
        );
      }),
    ]);
  } catch (error) {
    await close();
    throw error;
  } finally {
    clearTimeout(timer);
  }
  return { close };
}
