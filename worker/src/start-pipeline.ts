import { startOutboxRelay } from '@campus/shared/server/outbox';
import type { Producer } from '@campus/shared/server/queue';
import type { Redis } from 'ioredis';
import type { WorkerDeps } from './processor';
import { processors } from './processors';
import { startWorkers } from './start-worker';

/**
 * Everything a worker process runs: the job processors and the outbox relay that enqueues what
 * the api could not (Redis away at checkout).
 */
export function startPipeline(options: {
  connection: Redis;
  producer: Producer;
  prefix: string;
  deps: WorkerDeps;
}): { close(): Promise<void> } {
  const workers = startWorkers({
    connection: options.connection,
    prefix: options.prefix,
    registry: processors,
    deps: options.deps,
  });
  const relay = startOutboxRelay({
    db: options.deps.database.db,
    producer: options.producer,
    log: options.deps.log,
  });
  return {
    async close() {
      await relay.close();
      await workers.close();
    },
  };
}
