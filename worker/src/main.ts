// The worker as its own process (scaled mode): any number of replicas on PostgreSQL and Redis.
import { loadConfigOrExit, requireDatabaseUrl } from '@campus/shared/server/config';
import { openDatabase } from '@campus/shared/server/db/client';
import { Lifecycle } from '@campus/shared/server/lifecycle';
import { createLogger } from '@campus/shared/server/logger';
import { closeRedis, DEFAULT_REDIS_URL, openCheckedRedis } from '@campus/shared/server/redis';
import { processors } from './processors';
import { startWorkers } from './start-worker';

const config = loadConfigOrExit();
const log = createLogger({ level: config.LOG_LEVEL, service: 'worker' });
const lifecycle = new Lifecycle(log);
lifecycle.exitOnSignals();

try {
  const database = await openDatabase(
    { kind: 'postgres', url: requireDatabaseUrl(config, 'worker') },
    log,
  );
  lifecycle.add('database', database.close);
  const redis = await openCheckedRedis(config.REDIS_URL ?? DEFAULT_REDIS_URL, 'worker', log);
  lifecycle.add('redis', () => closeRedis(redis));
  const running = startWorkers({
    connection: redis,
    prefix: config.QUEUE_PREFIX,
    registry: processors,
    deps: { database, log },
  });
  lifecycle.add('workers', running.close);
  log.info('worker started');
} catch (error) {
  log.fatal({ err: error }, error instanceof Error ? error.message : 'worker failed to start');
  await lifecycle.exit(1);
}
