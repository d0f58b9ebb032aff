// The JavaScript a first visit downloads, measured in a real browser: the all-in-one server as
// `npm start` runs it, Debian's Chromium with an empty cache per route, every .js response until
// the network is idle, each body gzipped at level 9.
import { gzipSync } from 'node:zlib';
import type { TCampus, TRestaurant, TUniversity } from '@campus/shared/domain/entities';
import { freePort } from '@campus/shared/server/free-port';
import type { Lifecycle } from '@campus/shared/server/lifecycle';
import { ensureSystemCommand } from '@campus/shared/server/system-package';
import { type Browser, chromium, type Response } from '@playwright/test';
import { CHROMIUM_LAUNCH_OPTIONS } from '../support/chromium';
import { type Spawned, spawnEntry } from '../support/process';

// The web app's keys for the remembered selection (web/src/lib/campus-selection.tsx); the web
// cannot be imported from here.
const SELECTED_UNIVERSITY_KEY = 'selectedUniversity';
const SELECTED_CAMPUS_KEY = 'selectedCampus';

const STOP_TIMEOUT_MS = 20_000;

export interface InitialJsRow {
  route: string;
  /** Where the browser ended up (a redirect would show here). */
  landedOn: string;
  files: number;
  rawBytes: number;
  gzipBytes: number;
}

export interface InitialJsReport {
  selection: string;
  rows: InitialJsRow[];
}

/** Stops the server politely (it closes its database and Redis), then by force. */
function stopper(server: Spawned): () => Promise<void> {
  let stopping: Promise<void> | undefined;
  return () => {
    stopping ??= (async () => {
      if (server.child.exitCode !== null || server.child.signalCode !== null) return;
      server.child.kill('SIGTERM');
      let timer: NodeJS.Timeout | undefined;
      const stopped = await Promise.race([
        server.exited.then(() => true),
        new Promise<false>((resolve) => {
          timer = setTimeout(() => resolve(false), STOP_TIMEOUT_MS);
        }),
      ]);
      clearTimeout(timer);
      if (!stopped) {
        server.child.kill('SIGKILL');
        await server.exited;
      }
    })();
    return stopping;
  };
}

async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  return (await response.json()) as T;
}

/** A university, campus and restaurant of the demo data, taken from the catalogue api. */
async function pickSelection(base: string) {
  const { universities } = await getJson<{ universities: TUniversity[] }>(
    `${base}/api/catalogue/universities`,
  );
  for (const university of universities) {
    const { campuses } = await getJson<{ campuses: TCampus[] }>(
      `${base}/api/catalogue/universities/${university.id}/campuses`,
    );
    for (const campus of campuses) {
      const { restaurants } = await getJson<{ restaurants: TRestaurant[] }>(
        `${base}/api/catalogue/campuses/${campus.id}/restaurants`,
      );
      const restaurant = restaurants[0];
      if (restaurant) return { university, campus, restaurant };
    }
  }
  throw new Error('The catalogue has no restaurant: was the demo data seeded?');
}

async function measureRoute(
  browser: Browser,
  base: string,
  route: string,
  selection: { university: TUniversity; campus: TCampus },
): Promise<InitialJsRow> {
  // A fresh context per route: an empty HTTP cache, as on a first visit.
  const context = await browser.newContext();
  try {
    // Sets the selection as the web app stores it, before any script of the page runs.
    await context.addInitScript({
      content: [
        [SELECTED_UNIVERSITY_KEY, selection.university],
        [SELECTED_CAMPUS_KEY, selection.campus],
      ]
        .map(
          ([key, value]) =>
            `localStorage.setItem(${JSON.stringify(key)}, ${JSON.stringify(JSON.stringify(value))});`,
        )
        .join('\n'),
    });
    const page = await context.newPage();
    const scripts: Response[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.endsWith('.js')) scripts.push(response);
    });
    await page.goto(`${base}${route}`, { waitUntil: 'networkidle' });
    let rawBytes = 0;
    let gzipBytes = 0;
    for (const script of scripts) {
      const body = await script.body();
      rawBytes += body.byteLength;
      gzipBytes += gzipSync(body, { level: 9 }).byteLength;
    }
    return {
      route,
      landedOn: new URL(page.url()).pathname,
      files: scripts.length,
      rawBytes,
      gzipBytes,
    };
  } finally {
    await context.close();
  }
}

/** Starts the all-in-one server, measures /, /restaurants and /menu/:id, stops the server. */
export async function measureInitialJs(options: {
  redisUrl: string;
  queuePrefix: string;
  /** Relative to the repository root; the caller removes it. */
  dataDir: string;
  lifecycle: Lifecycle;
  say: (line: string) => void;
}): Promise<InitialJsReport> {
  const chromiumPath = ensureSystemCommand({
    command: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    debianPackage: 'chromium',
    otherSystems: 'install Chromium at /usr/bin/chromium (or set CHROMIUM_PATH)',
    why: 'The initial-JS measurement needs Chromium.',
    log: options.say,
  });
  const port = await freePort();
  const server = spawnEntry('scripts/all-in-one.ts', {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: options.dataDir,
    QUEUE_PREFIX: options.queuePrefix,
    REDIS_URL: options.redisUrl,
    LOG_LEVEL: 'warn',
  });
  const stopServer = stopper(server);
  options.lifecycle.add('all-in-one server', stopServer);
  let browser: Browser | undefined;
  try {
    await server.waitFor(/CampusBucket is running at/, 120_000);
    const base = `http://127.0.0.1:${port}`;
    const selection = await pickSelection(base);
    browser = await chromium.launch({ ...CHROMIUM_LAUNCH_OPTIONS, executablePath: chromiumPath });
    const openBrowser = browser;
    options.lifecycle.add('chromium', () => openBrowser.close());
    const rows: InitialJsRow[] = [];
    for (const route of ['/', '/restaurants', `/menu/${selection.restaurant.id}`]) {
      rows.push(await measureRoute(browser, base, route, selection));
    }
    return {
      selection: `${selection.university.name} - ${selection.campus.name}, menu of ${selection.restaurant.name}`,
      rows,
    };
  } finally {
    await browser?.close();
    await stopServer();
  }
}
