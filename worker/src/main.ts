// The worker as its own process (scaled mode): any number of replicas on PostgreSQL and Redis.
import { loadConfigOrExit, requireDatabaseUrl } from '@campus/shared/server/config';
import { openDatabase } from '@campus/shared/server/db/client';
import { createLogger } from '@campus/shared/server/logger';
import { closeRedis, DEFAULT_REDIS_URL, openCheckedRedis } from '@campus/shared/server/redis';
import { closeOnSignal } from '@campus/shared/server/shutdown';
import { processors } from './processors';
import { startWorkers } from './start-worker';

const config = loadConfigOrExit();
const log = createLogger({ level: config.LOG_LEVEL, service: 'worker' });

try {
  const database = await openDatabase({
    kind: 'postgres',
    url: requireDatabaseUrl(config, 'worker'),
  });
  const redis = await openCheckedRedis(config.REDIS_URL ?? DEFAULT_REDIS_URL, 'worker', log);
  const running = startWorkers({
    connection: redis,
    prefix: config.QUEUE_PREFIX,
    registry: processors,
    deps: { database, log },
  });
  log.info('worker started');
  closeOnSignal(log, [running.close, () => closeRedis(redis), database.close]);
} catch (error) {
  log.fatal({ err: error }, error instanceof Error ? error.message : 'worker failed to start');
  process.exit(1);
}
