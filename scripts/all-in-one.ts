// `npm start`: the api and the worker in one process over one embedded database, for one machine.
// This file is the composition root that may import both (DESIGN §4 keeps api and worker apart).
import { resolve } from 'node:path';
import { startApi } from '@campus/api/server';
import { loadConfigOrExit } from '@campus/shared/server/config';
import { openDatabase } from '@campus/shared/server/db/client';
import { DEMO_ACCOUNTS, seedDemoData } from '@campus/shared/server/db/seed';
import { createLogger } from '@campus/shared/server/logger';
import { createProducer } from '@campus/shared/server/queue';
import { closeRedis, DEFAULT_REDIS_URL, openCheckedRedis } from '@campus/shared/server/redis';
import {
  ensureRedisServerBinary,
  type LocalRedis,
  redisAnswers,
  startRedisServer,
} from '@campus/shared/server/redis-server';
import { closeOnSignal } from '@campus/shared/server/shutdown';
import { processors } from '@campus/worker/processors';
import { startWorkers } from '@campus/worker/start-worker';

const config = loadConfigOrExit();
const log = createLogger({ level: config.LOG_LEVEL, service: 'all-in-one' });
const say = (line: string) => process.stdout.write(`${line}\n`);
const closers: Array<() => Promise<unknown>> = [];
let localRedis: LocalRedis | undefined;

async function resolveRedisUrl(): Promise<string> {
  if (config.REDIS_URL) return config.REDIS_URL;
  if (await redisAnswers(DEFAULT_REDIS_URL)) return DEFAULT_REDIS_URL;
  const binary = ensureRedisServerBinary(say);
  localRedis = await startRedisServer({ dir: resolve(config.DATA_DIR, 'redis'), binary });
  say(`Started redis-server for this run (data in ${config.DATA_DIR}/redis).`);
  return localRedis.url;
}

// A start that fails half way must not leave the redis-server it launched behind.
process.on('exit', () => {
  localRedis?.stop();
});

try {
  const redisUrl = await resolveRedisUrl();
  const database = await openDatabase(
    config.DATABASE_URL
      ? { kind: 'postgres', url: config.DATABASE_URL }
      : { kind: 'pglite', dir: resolve(config.DATA_DIR, 'pg') },
  );
  const seed = config.SEED_DEMO_DATA ? await seedDemoData(database.db) : { seeded: false };

  const producerRedis = await openCheckedRedis(redisUrl, 'producer', log);
  const workerRedis = await openCheckedRedis(redisUrl, 'worker', log);
  const producer = createProducer(producerRedis, config.QUEUE_PREFIX, log);
  const workers = startWorkers({
    connection: workerRedis,
    prefix: config.QUEUE_PREFIX,
    registry: processors,
    deps: { database, log },
  });
  const api = await startApi({
    database,
    redis: producerRedis,
    producer,
    log,
    host: config.HOST,
    port: config.PORT,
    webDistDir: config.WEB_DIST_DIR,
  });
  closers.push(
    api.close,
    workers.close,
    producer.close,
    () => closeRedis(producerRedis),
    () => closeRedis(workerRedis),
    database.close,
    async () => localRedis?.stop(),
  );
  closeOnSignal(log, closers);

  say('');
  say(`CampusBucket is running at ${api.url}`);
  say(
    `Database: ${database.engine === 'pglite' ? `embedded, in ${config.DATA_DIR}/pg` : 'PostgreSQL'}` +
      (seed.seeded ? ' (demo data added)' : ''),
  );
  say('Demo accounts (e-mail / password):');
  for (const account of DEMO_ACCOUNTS) {
    say(`  ${account.role.padEnd(12)} ${account.email} / ${account.password}`);
  }
  say('Press Ctrl-C to stop.');
} catch (error) {
  log.fatal({ err: error }, error instanceof Error ? error.message : 'start failed');
  process.stderr.write(`\n${error instanceof Error ? error.message : String(error)}\n`);
  await localRedis?.stop();
  process.exit(1);
}
