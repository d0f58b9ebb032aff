// The api as its own process (scaled mode): any number of replicas on PostgreSQL and Redis.
import { join } from 'node:path';
import { requireAuthSecret } from '@campus/shared/server/auth-secret';
import { loadConfigOrExit, publicUrl, requireDatabaseUrl } from '@campus/shared/server/config';
import { openDatabase } from '@campus/shared/server/db/client';
import { newDemoAccounts, seedDemoData } from '@campus/shared/server/db/seed';
import { DEMO_ACCOUNTS_FILE, writeDemoAccounts } from '@campus/shared/server/demo-accounts-file';
import { Lifecycle } from '@campus/shared/server/lifecycle';
import { createLogger } from '@campus/shared/server/logger';
import { mailerFromConfig } from '@campus/shared/server/mail/mailer';
import { createProducer } from '@campus/shared/server/queue';
import { closeRedis, DEFAULT_REDIS_URL, openCheckedRedis } from '@campus/shared/server/redis';
import { apiAdaptersFromConfig } from './adapters';
import { hashPassword } from './auth/password';
import { startApi } from './server';
import { demoPhotoSaver } from './uploads/demo-photo';

const config = loadConfigOrExit();
const log = createLogger({ level: config.LOG_LEVEL, service: 'api' });
const lifecycle = new Lifecycle(log);
lifecycle.exitOnSignals();

try {
  const databaseUrl = requireDatabaseUrl(config, 'api');
  const authSecret = requireAuthSecret(config.AUTH_SECRET);
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl }, log);
  lifecycle.add('database', database.close);
  const adapters = apiAdaptersFromConfig(config, database.db);
  // Only on request: a deployment gets no demo accounts unless SEED_DEMO_DATA=true says so.
  if (config.SEED_DEMO_DATA === true) {
    const demoAccounts = newDemoAccounts();
    const seed = await seedDemoData(database.db, hashPassword, {
      demoAccounts,
      savePhoto: demoPhotoSaver(adapters.images),
    });
    if (seed.seeded) {
      writeDemoAccounts(config.DATA_DIR, demoAccounts);
      const listed = demoAccounts.map((a) => `${a.role} ${a.email} / ${a.password}`).join(', ');
      const file = join(config.DATA_DIR, DEMO_ACCOUNTS_FILE);
      log.warn(`demo data added; its accounts, logged this once and kept in ${file}: ${listed}`);
    }
  }
  const redis = await openCheckedRedis(config.REDIS_URL ?? DEFAULT_REDIS_URL, 'producer', log);
  lifecycle.add('redis', () => closeRedis(redis));
  const producer = createProducer(redis, config.QUEUE_PREFIX, log);
  lifecycle.add('queue producer', producer.close);
  const mailer = mailerFromConfig(config, log);
  lifecycle.add('mailer', async () => mailer.close());
  const api = await startApi({
    database,
    redis,
    producer,
    log,
    host: config.HOST,
    port: config.PORT,
    webDistDir: config.WEB_DIST_DIR,
    queuePrefix: config.QUEUE_PREFIX,
    mailer,
    authSecret,
    publicUrl: publicUrl(config),
    trustProxy: config.TRUST_PROXY,
    captchaCounterMax: config.CAPTCHA_COUNTER_MAX,
    sheetWritesPerMinute: config.SHEETS_WRITES_PER_MINUTE,
    eventsHeartbeatMs: config.EVENTS_HEARTBEAT_SECONDS * 1000,
    whatsappNumber: config.WHATSAPP_NUMBER,
    metricsToken: config.METRICS_TOKEN,
    adapters,
  });
  lifecycle.add('http server', api.close);
  log.info({ url: api.url }, 'api listening');
} catch (error) {
  log.fatal({ err: error }, error instanceof Error ? error.message : 'api failed to start');
  await lifecycle.exit(1);
}
