// The api as its own process (scaled mode): any number of replicas on PostgreSQL and Redis.
import { loadConfigOrExit, requireDatabaseUrl } from '@campus/shared/server/config';
import { openDatabase } from '@campus/shared/server/db/client';
import { seedDemoData } from '@campus/shared/server/db/seed';
import { Lifecycle } from '@campus/shared/server/lifecycle';
import { createLogger } from '@campus/shared/server/logger';
import { createProducer } from '@campus/shared/server/queue';
import { closeRedis, DEFAULT_REDIS_URL, openCheckedRedis } from '@campus/shared/server/redis';
import { startApi } from './server';

const config = loadConfigOrExit();
const log = createLogger({ level: config.LOG_LEVEL, service: 'api' });
const lifecycle = new Lifecycle(log);
lifecycle.exitOnSignals();

try {
  const database = await openDatabase(
    { kind: 'postgres', url: requireDatabaseUrl(config, 'api') },
    log,
  );
  lifecycle.add('database', database.close);
  // Only on request: a deployment gets no demo accounts unless SEED_DEMO_DATA=true says so.
  if (config.SEED_DEMO_DATA === true) await seedDemoData(database.db);
  const redis = await openCheckedRedis(config.REDIS_URL ?? DEFAULT_REDIS_URL, 'producer', log);
  lifecycle.add('redis', () => closeRedis(redis));
  const producer = createProducer(redis, config.QUEUE_PREFIX, log);
  lifecycle.add('queue producer', producer.close);
  const api = await startApi({
    database,
    redis,
    producer,
    log,
    host: config.HOST,
    port: config.PORT,
    webDistDir: config.WEB_DIST_DIR,
  });
  lifecycle.add('http server', api.close);
  log.info({ url: api.url }, 'api listening');
} catch (error) {
  log.fatal({ err: error }, error instanceof Error ? error.message : 'api failed to start');
  await lifecycle.exit(1);
}
