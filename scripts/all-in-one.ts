// `npm start`: the api and the worker in one process over one embedded database, for one machine.
// This file is the composition root that may import both (docs/architecture.md §4 keeps api and
// worker apart).
import { join, resolve } from 'node:path';
import { apiAdaptersFromConfig } from '@campus/api/adapters';
import { hashPassword } from '@campus/api/auth/password';
import { startApi } from '@campus/api/server';
import { demoPhotoSaver } from '@campus/api/uploads/demo-photo';
import {
  ensureRedisServerBinary,
  type LocalRedis,
  redisAnswers,
  startRedisServer,
} from '@campus/shared/dev/redis-server';
import { loadOrCreateAuthSecret } from '@campus/shared/server/auth-secret';
import { loadConfigOrExit, publicUrl } from '@campus/shared/server/config';
import { lockDataDir } from '@campus/shared/server/data-dir-lock';
import { openDatabase } from '@campus/shared/server/db/client';
import { newDemoAccounts, seedDemoData } from '@campus/shared/server/db/seed';
import {
  DEMO_ACCOUNTS_FILE,
  readDemoAccounts,
  writeDemoAccounts,
} from '@campus/shared/server/demo-accounts-file';
import { createOrderEventPublisher } from '@campus/shared/server/events/order-events';
import { Lifecycle } from '@campus/shared/server/lifecycle';
import { createLogger } from '@campus/shared/server/logger';
import { mailerFromConfig } from '@campus/shared/server/mail/mailer';
import { countMails } from '@campus/shared/server/metrics/mailer-metrics';
import { createMetrics } from '@campus/shared/server/metrics/metrics';
import { countSheetWrites } from '@campus/shared/server/metrics/sheet-store-metrics';
import { createProducer } from '@campus/shared/server/queue';
import { closeRedis, DEFAULT_REDIS_URL, openCheckedRedis } from '@campus/shared/server/redis';
import { guardSheetStore } from '@campus/shared/server/sheets/guarded-sheet-store';
import { receiptsFromConfig } from '@campus/worker/receipts/receipts-from-config';
import { startPipeline } from '@campus/worker/start-pipeline';

const config = loadConfigOrExit();
const log = createLogger({ level: config.LOG_LEVEL, service: 'all-in-one' });
const lifecycle = new Lifecycle(log);
lifecycle.exitOnSignals();
const say = (line: string) => process.stdout.write(`${line}\n`);
const seedDemo = config.SEED_DEMO_DATA ?? true;
let localRedis: LocalRedis | undefined;

// Last resort for a forced exit: never leave behind the redis-server this run started.
process.on('exit', () => {
  void localRedis?.stop();
});

async function resolveRedisUrl(): Promise<string> {
  if (config.REDIS_URL) return config.REDIS_URL;
  if (await redisAnswers(DEFAULT_REDIS_URL)) return DEFAULT_REDIS_URL;
  const binary = ensureRedisServerBinary(say);
  localRedis = await startRedisServer({ dir: resolve(config.DATA_DIR, 'redis'), binary });
  lifecycle.add('redis-server', (localRedis as LocalRedis).stop);
  say(`Started redis-server for this run (data in ${config.DATA_DIR}/redis).`);
  return localRedis.url;
}

try {
  const releaseDataDir = await lockDataDir(config.DATA_DIR, (error) => {
    // Only after this process stalled for longer than the stale time; the database's own claim
    // (held while this process lives) still keeps a second process out.
    log.warn({ err: error }, 'the data folder lock was taken over while this process was busy');
  });
  lifecycle.add('data folder lock', releaseDataDir);
  // The database before the private redis-server: its claim on the folder is the second guard.
  const database = await openDatabase(
    config.DATABASE_URL
      ? { kind: 'postgres', url: config.DATABASE_URL }
      : { kind: 'pglite', dir: resolve(config.DATA_DIR, 'pg') },
    log,
  );
  lifecycle.add('database', database.close);
  const redisUrl = await resolveRedisUrl();
  const adapters = apiAdaptersFromConfig(config, database.db);
  const demoAccounts = newDemoAccounts();
  const seed = seedDemo
    ? await seedDemoData(database.db, hashPassword, {
        demoAccounts,
        savePhoto: demoPhotoSaver(adapters.images),
      })
    : { seeded: false };
  if (seed.seeded) writeDemoAccounts(config.DATA_DIR, demoAccounts);

  const producerRedis = await openCheckedRedis(redisUrl, 'producer', log);
  lifecycle.add('redis producer connection', () => closeRedis(producerRedis));
  const workerRedis = await openCheckedRedis(redisUrl, 'worker', log);
  lifecycle.add('redis worker connection', () => closeRedis(workerRedis));
  const producer = createProducer(producerRedis, config.QUEUE_PREFIX, log);
  lifecycle.add('queue producer', producer.close);
  const mailer = mailerFromConfig(config, log);
  lifecycle.add('mailer', async () => mailer.close());
  // One registry for both halves: the api's GET /metrics shows the worker's figures too.
  const metrics = createMetrics({ processMetrics: true });
  const receipts = receiptsFromConfig(config, metrics);
  lifecycle.add('receipt reader', receipts.close);
  const workers = startPipeline({
    connection: workerRedis,
    producer,
    prefix: config.QUEUE_PREFIX,
    metrics,
    deps: {
      database,
      log,
      sheets: guardSheetStore(countSheetWrites(adapters.sheets, metrics), {
        redis: workerRedis,
        prefix: config.QUEUE_PREFIX,
        writesPerMinute: config.SHEETS_WRITES_PER_MINUTE,
      }),
      mailer: countMails(mailer, metrics),
      publicUrl: publicUrl(config),
      events: createOrderEventPublisher({ redis: producerRedis, prefix: config.QUEUE_PREFIX, log }),
      receipts,
    },
  });
  lifecycle.add('workers', workers.close);
  const api = await startApi({
    database,
    redis: producerRedis,
    producer,
    log,
    host: config.HOST,
    port: config.PORT,
    webDistDir: config.WEB_DIST_DIR,
    queuePrefix: config.QUEUE_PREFIX,
    mailer,
    authSecret: config.AUTH_SECRET ?? loadOrCreateAuthSecret(config.DATA_DIR),
    publicUrl: publicUrl(config),
    trustProxy: config.TRUST_PROXY,
    captchaCounterMax: config.CAPTCHA_COUNTER_MAX,
    sheetWritesPerMinute: config.SHEETS_WRITES_PER_MINUTE,
    eventsHeartbeatMs: config.EVENTS_HEARTBEAT_SECONDS * 1000,
    whatsappNumber: config.WHATSAPP_NUMBER,
    metrics,
    metricsToken: config.METRICS_TOKEN,
    adapters,
  });
  lifecycle.add('http server', api.close);

  say('');
  say(`CampusBucket is running at ${api.url}`);
  say(
    `Database: ${database.engine === 'pglite' ? `embedded, in ${config.DATA_DIR}/pg` : 'PostgreSQL'}` +
      (seed.seeded ? ' (demo data added)' : ''),
  );
  const demoFile = join(config.DATA_DIR, DEMO_ACCOUNTS_FILE);
  if (seed.seeded) {
    say(`Demo accounts (e-mail / password), shown this once and kept in ${demoFile}:`);
    for (const account of demoAccounts) {
      say(`  ${account.role.padEnd(12)} ${account.email} / ${account.password}`);
    }
  } else if (seedDemo && readDemoAccounts(config.DATA_DIR).length > 0) {
    say(`Demo accounts: their e-mails and passwords are in ${demoFile}.`);
  }
  if (mailer.kind === 'outbox') {
    say(
      `E-mails (sign-up verification, password reset) go to ${config.DATA_DIR}/outbox; ` +
        `the super admin reads them at ${publicUrl(config)}/super-admin/mail.`,
    );
  }
  say('Press Ctrl-C to stop.');
} catch (error) {
  log.fatal({ err: error }, error instanceof Error ? error.message : 'start failed');
  process.stderr.write(`\n${error instanceof Error ? error.message : String(error)}\n`);
  await lifecycle.exit(1);
}
