import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@campus/shared/dev/free-port';
import type {
  TCampusesResponse,
  TCatalogueMartItemsResponse,
  TRestaurantsResponse,
  TUniversitiesResponse,
} from '@campus/shared/domain/catalogue-api';
import {
  CATALOGUE_FILE_HEADER,
  catalogueFilePaths,
  type TImportPreviewResponse,
} from '@campus/shared/domain/catalogue-import-api';
import { readDemoAccounts } from '@campus/shared/server/demo-accounts-file';
import { createProducer } from '@campus/shared/server/queue';
import { connectRedis, openCheckedRedis } from '@campus/shared/server/redis';
import { QueueEvents } from 'bullmq';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_AUTH_SECRET } from '../../support/app';
import { engine } from '../../support/database';
import { testLog } from '../../support/logger';
import { postgresAnswers } from '../../support/postgres-admin';
import { repoRoot, type Spawned, spawnNode } from '../../support/process';
import { testQueuePrefix, testRedisUrl } from '../../support/redis';
import { signInCookie } from '../../support/session';

// What the Dockerfile's runtime stage holds, made without Docker: `npm run build:server`, then
// `npm ci --omit=dev` in its folder. The bundles must run from there with nothing else installed.
const adminUrl = process.env.TEST_POSTGRES_ADMIN_URL as string;
const withPostgres = engine === 'pglite' && (await postgresAnswers(adminUrl));

function run(command: string, args: string[], cwd: string) {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} failed:\n${result.stdout}\n${result.stderr}`);
  }
}

function readJson(path: string) {
  return JSON.parse(readFileSync(path, 'utf8'));
}

/** The name of every package in a node_modules folder, nested ones included. */
function installedPackages(nodeModules: string): string[] {
  const names: string[] = [];
  for (const entry of readdirSync(nodeModules, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name.startsWith('.')) continue;
    const folders = entry.name.startsWith('@')
      ? readdirSync(join(nodeModules, entry.name)).map((scoped) => `${entry.name}/${scoped}`)
      : [entry.name];
    for (const name of folders) {
      names.push(name);
      const nested = join(nodeModules, name, 'node_modules');
      if (readdirSync(join(nodeModules, name)).includes('node_modules')) {
        names.push(...installedPackages(nested));
      }
    }
  }
  return names;
}

/**
 * Packages only development needs: every workspace's devDependencies that no workspace depends on
 * at run time, and every package the root lockfile installs only for them.
 */
function devOnlyPackages(): Set<string> {
  const root = readJson(join(repoRoot, 'package.json'));
  const manifests = [
    root,
    ...root.workspaces.map((ws: string) => readJson(join(repoRoot, ws, 'package.json'))),
  ];
  const runtime = new Set(manifests.flatMap((m) => Object.keys(m.dependencies ?? {})));
  const dev = new Set<string>(
    manifests.flatMap((m) => Object.keys(m.devDependencies ?? {})).filter((n) => !runtime.has(n)),
  );
  const lockEntries = Object.entries(
    readJson(join(repoRoot, 'package-lock.json')).packages as Record<
      string,
      { dev?: boolean; devOptional?: boolean }
    >,
  );
  const nameOf = (path: string) => path.slice(path.lastIndexOf('node_modules/') + 13);
  const notDev = new Set(
    lockEntries.filter(([, e]) => !e.dev && !e.devOptional).map(([path]) => nameOf(path)),
  );
  for (const [path, entry] of lockEntries) {
    if ((entry.dev || entry.devOptional) && path.includes('node_modules/')) {
      if (!notDev.has(nameOf(path))) dev.add(nameOf(path));
    }
  }
  return dev;
}

/** A menu workbook of one new item, as an admin would upload it. */
async function menuWorkbook(): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Menu');
  sheet.addRow([...CATALOGUE_FILE_HEADER.menu]);
  sheet.addRow(['Bundled Tea', 120, 'From the bundle']);
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

async function stop(spawned: Spawned) {
  spawned.child.kill('SIGTERM');
  return spawned.exited;
}

// Built once per run: the production processes are the same whatever engine a project tests.
describe.runIf(engine === 'pglite')('the production build (the image, without Docker)', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'campus-production-'));
    run(process.execPath, ['--import', 'tsx', 'scripts/build-server.ts', dir], repoRoot);
    run('npm', ['ci', '--omit=dev', '--prefer-offline', '--no-audit', '--no-fund'], dir);
  }, 180_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('installs no dev dependency', () => {
    const devOnly = devOnlyPackages();
    const tools = ['typescript', 'tsx', 'vite', 'vitest', '@playwright/test', 'lighthouse'];
    for (const tool of [...tools, '@biomejs/biome', 'drizzle-kit', 'esbuild', 'knip']) {
      expect(devOnly).toContain(tool);
    }
    const installed = installedPackages(join(dir, 'node_modules'));
    expect(installed).toContain('sharp');
    expect(installed.filter((name) => devOnly.has(name))).toEqual([]);
  });

  it('serves the storefront, pictures and job dashboard from the all-in-one bundle on PGlite', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const http = { request: (path: string, init?: RequestInit) => fetch(`${url}${path}`, init) };
    const get = async <T>(path: string) => (await (await http.request(path)).json()) as T;
    const app = spawnNode(
      ['all-in-one.mjs'],
      {
        DATA_DIR: join(dir, 'data'),
        PORT: String(port),
        HOST: '127.0.0.1',
        REDIS_URL: testRedisUrl(),
        QUEUE_PREFIX: testQueuePrefix(),
        CAPTCHA_COUNTER_MAX: '10',
        LOG_LEVEL: 'warn',
      },
      dir,
    );
    let exitCode: number | null = null;
    try {
      await app.waitFor(/Press Ctrl-C to stop/, 90_000);
      expect((await http.request('/healthz')).status).toBe(200);
      expect((await http.request('/readyz')).status).toBe(200);
      // The built web app, found beside the bundle.
      expect(await (await http.request('/restaurants')).text()).toContain('<div id="root">');

      const { universities } = await get<TUniversitiesResponse>('/api/catalogue/universities');
      const { campuses } = await get<TCampusesResponse>(
        `/api/catalogue/universities/${universities[0]?.id}/campuses`,
      );
      const { martItems } = await get<TCatalogueMartItemsResponse>(
        `/api/catalogue/campuses/${campuses[0]?.id}/mart-items`,
      );
      // A storefront page rendered by the web's server build, found beside the bundle.
      const { restaurants } = await get<TRestaurantsResponse>(
        `/api/catalogue/campuses/${campuses[0]?.id}/restaurants`,
      );
      const selection = `campusSelection=${universities[0]?.id}/${campuses[0]?.id}`;
      const page = await http.request('/restaurants', { headers: { cookie: selection } });
      expect(await page.text()).toContain(`>${restaurants[0]?.name}</h2>`);
      // Drawn by sharp when the demo data was added, and served from the data folder.
      const photo = await fetch(new URL(martItems[0]?.photoURL as string, url));
      expect(photo.headers.get('content-type')).toBe('image/jpeg');

      // bull-board's pages and assets, read from its installed package.
      const superAdmin = readDemoAccounts(join(dir, 'data')).find((a) => a.role === 'superAdmin');
      const cookie = await signInCookie(http, `${superAdmin?.email}`, `${superAdmin?.password}`);
      const dashboard = await (await http.request('/ops/queues', { headers: { cookie } })).text();
      const script = /src="(static\/js\/main[^"]+\.js)"/.exec(dashboard)?.[1];
      const asset = await http.request(`/ops/queues/${script}`, { headers: { cookie } });
      expect(asset.status).toBe(200);
      // A workbook is read by the xlsx worker, bundled beside the bundle.
      const form = new FormData();
      form.set('file', new Blob([await menuWorkbook()]), 'menu.xlsx');
      const preview = await http.request(
        `${catalogueFilePaths('menu').preview}?restaurantId=${restaurants[0]?.id}`,
        { method: 'POST', headers: { cookie }, body: form },
      );
      expect(preview.status, await preview.clone().text()).toBe(200);
      expect(((await preview.json()) as TImportPreviewResponse).counts.new).toBe(1);
    } finally {
      // Stopped whatever happened; a failure above stays the one reported.
      exitCode = await stop(app);
    }
    expect(exitCode).toBe(0);
  }, 120_000);

  it.runIf(withPostgres)(
    'runs the api and the worker on PostgreSQL as the image does',
    async () => {
      const name = `campus_production_${Date.now().toString(36)}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`create database "${name}"`);
      const databaseUrl = new URL(adminUrl);
      databaseUrl.pathname = `/${name}`;
      const prefix = testQueuePrefix();
      const port = await freePort();
      const common = {
        DATABASE_URL: databaseUrl.toString(),
        REDIS_URL: testRedisUrl(),
        QUEUE_PREFIX: prefix,
        DATA_DIR: join(dir, 'scaled-data'),
        LOG_LEVEL: 'info',
      };
      const api = spawnNode(
        ['main-api.mjs'],
        { ...common, PORT: String(port), HOST: '127.0.0.1', AUTH_SECRET: TEST_AUTH_SECRET },
        dir,
      );
      const worker = spawnNode(['main-worker.mjs'], common, dir);
      const redis = await openCheckedRedis(testRedisUrl(), 'producer', testLog);
      const producer = createProducer(redis, prefix, testLog);
      const events = new QueueEvents('system', {
        connection: connectRedis(testRedisUrl(), 'worker'),
        prefix,
      });
      let exitCodes: Array<number | null> = [];
      try {
        // The api migrates the empty database from the migrations beside the bundle.
        await api.waitFor(/"msg":"api listening"/, 60_000);
        await worker.waitFor(/"msg":"worker started"/, 60_000);
        expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200);
        const catalogue = await fetch(`http://127.0.0.1:${port}/api/catalogue/universities`);
        expect(await catalogue.json()).toEqual({ ok: true, universities: [] });

        await events.waitUntilReady();
        const requestedAt = new Date().toISOString();
        const { id } = await producer.enqueue('ping', { requestedAt });
        const job = await producer.queue('system').getJob(id);
        expect(await job?.waitUntilFinished(events, 15_000)).toMatchObject({ pong: true });
      } finally {
        await events.close();
        await producer.close();
        redis.disconnect();
        exitCodes = await Promise.all([stop(api), stop(worker)]);
        await admin.query(`drop database if exists "${name}" with (force)`);
        await admin.end();
      }
      expect(exitCodes).toEqual([0, 0]);
    },
    120_000,
  );

  it.skipIf(withPostgres)(
    'loads the api and worker bundles, which need PostgreSQL',
    async () => {
      for (const bundle of ['main-api.mjs', 'main-worker.mjs']) {
        const started = spawnNode([bundle], { LOG_LEVEL: 'info' }, dir);
        expect(await started.exited).toBe(1);
        expect(started.output()).toContain('needs DATABASE_URL');
      }
    },
    30_000,
  );
});
