// The storefront as `npm start` serves it (the all-in-one server on the demo data), for the
// browser measurements of the bench, and a campus selection in it to open the campus pages with.

import { freePort } from '@campus/shared/dev/free-port';
import { ensureSystemCommand } from '@campus/shared/dev/system-package';
import type { TCampus, TRestaurant, TUniversity } from '@campus/shared/domain/entities';
import type { Lifecycle } from '@campus/shared/server/lifecycle';
import { type Spawned, spawnEntry } from '../support/process';

// The web app's keys for the remembered selection, and the cookie that tells the server
// (web/src/lib/first-paint-requests.ts); the web cannot be imported from here.
const SELECTED_UNIVERSITY_KEY = 'selectedUniversity';
const SELECTED_CAMPUS_KEY = 'selectedCampus';
const SELECTION_COOKIE = 'campusSelection';

const STOP_TIMEOUT_MS = 20_000;

export interface Selection {
  university: TUniversity;
  campus: TCampus;
  restaurant: TRestaurant;
}

export interface Storefront {
  base: string;
  selection: Selection;
  /** The pages measured: Home, Restaurants and one restaurant's Menu. */
  routes: string[];
  chromiumPath: string;
  stop(): Promise<void>;
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
export async function pickSelection(base: string): Promise<Selection> {
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

/** The pages whose first visit is measured: Home, Restaurants and one restaurant's Menu. */
export function storefrontRoutes(selection: Selection): string[] {
  return ['/', '/restaurants', `/menu/${selection.restaurant.id}`];
}

export function describeSelection(selection: Selection): string {
  return `${selection.university.name} - ${selection.campus.name}, menu of ${selection.restaurant.name}`;
}

/** The value of the cookie the web app writes for the selection: the two ids. */
function selectionCookieValue(selection: Selection): string {
  return [selection.university.id, selection.campus.id].map(encodeURIComponent).join('/');
}

/** The selection's cookie, as the web app writes it, ready for a browser context's addCookies. */
export function selectionCookie(selection: Selection, url: string) {
  return { name: SELECTION_COOKIE, value: selectionCookieValue(selection), url };
}

/**
 * A script that stores the selection as the web app does (browser storage and the cookie), on the
 * storefront's origin; a page without an origin of its own (the about:blank a new page opens on)
 * is left alone.
 */
export function selectionScript(selection: Selection): string {
  const writes = [
    [SELECTED_UNIVERSITY_KEY, selection.university],
    [SELECTED_CAMPUS_KEY, selection.campus],
  ].map(
    ([key, value]) =>
      `localStorage.setItem(${JSON.stringify(key)}, ${JSON.stringify(JSON.stringify(value))});`,
  );
  const cookie = `${SELECTION_COOKIE}=${selectionCookieValue(selection)}; Path=/`;
  writes.push(`document.cookie = ${JSON.stringify(cookie)};`);
  return `if (location.protocol.startsWith('http')) {\n${writes.join('\n')}\n}`;
}

/** Starts the all-in-one server with its demo data; the lifecycle stops it on an interrupt. */
export async function startStorefront(options: {
  redisUrl: string;
  queuePrefix: string;
  /** Relative to the repository root; the caller removes it. */
  dataDir: string;
  lifecycle: Lifecycle;
  say: (line: string) => void;
}): Promise<Storefront> {
  const chromiumPath = ensureSystemCommand({
    command: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    debianPackage: 'chromium',
    otherSystems: 'install Chromium at /usr/bin/chromium (or set CHROMIUM_PATH)',
    why: 'The browser measurements of the bench need Chromium.',
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
  const stop = stopper(server);
  options.lifecycle.add('all-in-one server', stop);
  try {
    await server.waitFor(/CampusBucket is running at/, 120_000);
    const base = `http://127.0.0.1:${port}`;
    const selection = await pickSelection(base);
    return {
      base,
      selection,
      routes: storefrontRoutes(selection),
      chromiumPath,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
