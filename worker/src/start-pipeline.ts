import { databaseNow } from '@campus/shared/server/db/database-now';
import type { Metrics } from '@campus/shared/server/metrics/metrics';
import { pruneOutbox, startOutboxRelay } from '@campus/shared/server/outbox';
import { startPeriodic } from '@campus/shared/server/periodic';
import type { Producer } from '@campus/shared/server/queue';
import { pruneUsedCaptchas } from '@campus/shared/server/used-captchas';
import type { Redis } from 'ioredis';
import type { WorkerDeps } from './job-context';
import { processors } from './processors';
import { releaseHeldQuotes } from './release-expired-quotes';
import { reviveBatchCloses } from './revive-batch-closes';
import { reviveStaleOrderJobs, STALE_ORDER_MS } from './revive-order-jobs';
import { startWorkers } from './start-worker';
import { VACUUM_EVERY_MS, vacuumEmbedded } from './vacuum-embedded';

/** How often the upkeep runs, and how long an order may wait for its row, mails or screenshot check before it revives their jobs. */
export const DEFAULT_UPKEEP = { everyMs: 60_000, staleOrderMs: STALE_ORDER_MS } as const;

/**
 * Everything a worker process runs: the job processors, the outbox relay that enqueues what the
 * api could not (Redis away at checkout), and the upkeep that revives the jobs of orders still
 * waiting for their row, mails or screenshot check, keeps the batches' close schedulers in step with the campuses'
 * slots and closes batches whose cut-off passed while no close ran (at start, then each run),
 * gives back the stock of quotes held past their time, and prunes the outbox and the records of
 * expired captchas.
 */
export function startPipeline(options: {
  connection: Redis;
  producer: Producer;
  prefix: string;
  deps: WorkerDeps;
  upkeep?: { everyMs: number; staleOrderMs: number };
  /** Where the jobs' durations are counted (the process's metrics); none: not measured. */
  metrics?: Metrics;
}): { close(): Promise<void> } {
  const upkeepTimes = options.upkeep ?? DEFAULT_UPKEEP;
  const workers = startWorkers({
    connection: options.connection,
    prefix: options.prefix,
    registry: processors,
    deps: options.deps,
    metrics: options.metrics,
  });
  const relay = startOutboxRelay({
    db: options.deps.database.db,
    producer: options.producer,
    log: options.deps.log,
  });
  const { db } = options.deps.database;
  // Never in the way of the rest of the upkeep: a failure is logged and the next run retries.
  const closeLateBatches = async () =>
    reviveBatchCloses(options.deps, options.producer, await databaseNow(db)).catch(
      (error: unknown) =>
        options.deps.log.warn({ err: error }, 'closing late batches failed; the upkeep retries'),
    );
  // At start, not a minute later: a worker that was down over a cut-off closes it now.
  const starting = closeLateBatches();
  let vacuumedAt = 0;
  const upkeep = startPeriodic(
    'pipeline upkeep',
    upkeepTimes.everyMs,
    async () => {
      await closeLateBatches();
      // Before anything that needs Redis: giving held stock back needs the database only.
      await releaseHeldQuotes(options.deps, options.connection, options.prefix).catch(
        (error: unknown) =>
          options.deps.log.warn(
            { err: error },
            'releasing expired quotes failed; the upkeep retries',
          ),
      );
      await reviveStaleOrderJobs(
        options.deps,
        options.producer,
        await databaseNow(options.deps.database.db),
        upkeepTimes.staleOrderMs,
      );
      await pruneOutbox(options.deps.database.db);
      await pruneUsedCaptchas(options.deps.database.db);
      await options.deps.mailer.prune();
      if (Date.now() - vacuumedAt >= VACUUM_EVERY_MS) {
        vacuumedAt = Date.now();
        await vacuumEmbedded(options.deps.database);
      }
    },
    options.deps.log,
  );
  return {
    async close() {
      await starting;
      await upkeep.close();
      await relay.close();
      await workers.close();
    },
  };
}
