// The api as its own process (scaled mode): any number of replicas on PostgreSQL and Redis.
import { loadConfigOrExit, requireDatabaseUrl } from '@campus/shared/server/config';
import { openDatabase } from '@campus/shared/server/db/client';
import { createLogger } from '@campus/shared/server/logger';
import { createProducer } from '@campus/shared/server/queue';
import { closeRedis, DEFAULT_REDIS_URL, openCheckedRedis } from '@campus/shared/server/redis';
import { closeOnSignal } from '@campus/shared/server/shutdown';
import { startApi } from './server';

const config = loadConfigOrExit();
const log = createLogger({ level: config.LOG_LEVEL, service: 'api' });

try {
  const database = await openDatabase({
    kind: 'postgres',
    url: requireDatabaseUrl(config, 'api'),
  });
  const redis = await openCheckedRedis(config.REDIS_URL ?? DEFAULT_REDIS_URL, 'producer', log);
  const producer = createProducer(redis, config.QUEUE_PREFIX, log);
  const api = await startApi({
    database,
    redis,
    producer,
    log,
    host: config.HOST,
    port: config.PORT,
    webDistDir: config.WEB_DIST_DIR,
  });
  log.info({ url: api.url }, 'api listening');
  closeOnSignal(log, [api.close, producer.close, () => closeRedis(redis), database.close]);
} catch (error) {
  log.fatal({ err: error }, error instanceof Error ? error.message : 'api failed to start');
  process.exit(1);
}
