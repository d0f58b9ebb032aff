import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Database } from '@campus/shared/server/db/client';
import { newId } from '@campus/shared/server/db/ids';
import { menuItems } from '@campus/shared/server/db/schema';
import { openCheckedRedis } from '@campus/shared/server/redis';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../support/app';
import { buildCampusTree } from '../../support/builders';
import { engine, openTestDatabase } from '../../support/database';
import { testLog } from '../../support/logger';
import { createPerson } from '../../support/people';
import { repoRoot } from '../../support/process';
import { testRedisUrl } from '../../support/redis';
import { signInCookie } from '../../support/session';

// The storefront's pages as the api answers them with the real web build (web/dist and its
// server build web/dist-ssr, which `npm test` builds first): the page in the HTML, from this
// app's own answers, with the visitor's selection and session.
const webDist = join(repoRoot, 'web', 'dist');
// The cards a list shows at first (web/src/components/ui/list-state.tsx).
const LIST_PAGE = 60;

let database: Database;
let redis: Redis;
let app: ReturnType<typeof createTestApp>['app'];
let tree: Awaited<ReturnType<typeof buildCampusTree>>;
/** A campus whose one restaurant has a menu of 2,000 items. */
let big: typeof tree;
let selection: string;

beforeAll(async () => {
  if (!existsSync(join(webDist, '..', 'dist-ssr', 'entry-server.js'))) {
    throw new Error('The web app is not built: run "npm run build:web" (npm test does it).');
  }
  database = await openTestDatabase();
  redis = await openCheckedRedis(testRedisUrl(), 'producer', testLog);
  app = createTestApp({ database, redis, webDistDir: webDist }).app;
  // A '$' pattern and markup in a name: both must reach the page as text.
  tree = await buildCampusTree(database.db, {
    restaurant: { name: "Rs $& <b>Bhai's</b> Dhaba" },
    menuItem: { name: 'Karak Chai' },
  });
  selection = `campusSelection=${tree.university.id}/${tree.campus.id}`;
  // Made before any page asks: the catalogue's answers are kept until an admin changes them.
  big = await buildCampusTree(database.db, { menuItem: { name: 'Item 0000' } });
  await database.db.insert(menuItems).values(
    Array.from({ length: 1999 }, (_, index) => ({
      id: newId(),
      restaurantId: big.restaurant.id,
      name: `Item ${String(index + 1).padStart(4, '0')}`,
      pricePaisa: 10_000,
      description: 'A long enough description of the dish, as a menu would have it.',
    })),
  );
});
afterAll(async () => {
  redis.disconnect();
  await database.close();
});

async function page(path: string, cookie?: string) {
  const response = await app.request(path, cookie ? { headers: { cookie } } : {});
  expect(response.status, path).toBe(200);
  return response.text();
}

/** The [query key, data] pairs of the page's #page-data element. */
function pageData(html: string): [unknown[], unknown][] {
  const json = /<script type="application\/json" id="page-data">([^<]*)<\/script>/.exec(html)?.[1];
  if (json === undefined) throw new Error('the page carries no data');
  return JSON.parse(json);
}

describe(`pages rendered on the server (${engine})`, () => {
  it("answers the restaurants page with the selected campus's restaurants in it", async () => {
    const html = await page('/restaurants', selection);
    expect(html).toContain('<title>Restaurants · CampusBucket</title>');
    expect(html).toContain(`${tree.university.name} - ${tree.campus.name}`);
    expect(html).toContain('>Rs $&amp; &lt;b&gt;Bhai&#x27;s&lt;/b&gt; Dhaba</h2>');
    const restaurants = pageData(html).find(([key]) => key[1] === 'restaurants');
    expect(restaurants?.[1]).toMatchObject({ restaurants: [{ name: tree.restaurant.name }] });
    // The page's data replaces the script that would ask for it again.
    expect(html).not.toContain('id="early-requests"');
    // In a wrapper of its own, which the page's loader keeps inert until the app replaces it.
    expect(html).toMatch(/<div id="root"><div style="display:contents"><div class=/);
  });

  it('answers a menu page with its items, and shows the signed-in person as the app does', async () => {
    const person = await createPerson(database.db, 'user', tree.campus);
    const session = await signInCookie(app, person.email, person.password);
    const html = await page(`/menu/${tree.restaurant.id}`, `${session}; ${selection}`);
    expect(html).toContain('<title>Menu · CampusBucket</title>');
    expect(html).toContain('Karak Chai');
    expect(html).toContain(person.email);
    expect(html).not.toContain('>Sign In<');
  });

  it('renders a menu of 2,000 items a page of cards at a time', async () => {
    const html = await page(
      `/menu/${big.restaurant.id}`,
      `campusSelection=${big.university.id}/${big.campus.id}`,
    );
    const cards = html.match(/>Item \d{4}<\/h2>/g) ?? [];
    expect(cards).toHaveLength(LIST_PAGE);
    expect(html).toContain('Show 60 more (60 of 2,000 shown)');
    expect(html.length).toBeLessThan(1024 * 1024);
  });

  it("renders a page asked for with a trailing slash, and answers a HEAD (a monitor's probe)", async () => {
    expect(await page('/restaurants/', selection)).toContain('Bhai&#x27;s');
    const head = await app.request('/restaurants', {
      method: 'HEAD',
      headers: { cookie: selection },
    });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toContain('text/html');
  });

  it('asks a visitor without a selection to choose one', async () => {
    const html = await page('/restaurants');
    expect(html).toContain('Please select a university and campus to view restaurants');
  });

  it('answers the pages it does not render with the page that loads the app', async () => {
    for (const path of ['/login', '/checkout', '/admin']) {
      const html = await page(path, selection);
      expect(html, path).toContain('<div id="root"><!--page-markup--></div>');
      expect(html, path).toContain('id="early-requests"');
      expect(html, path).not.toContain('id="page-data"');
    }
  });

  it('a rendered page is kept by no shared cache and compressed for a browser that accepts it', async () => {
    const response = await app.request('/restaurants', {
      headers: { cookie: selection, 'accept-encoding': 'gzip' },
    });
    expect(response.headers.get('cache-control')).toBe('private, no-cache');
    expect(response.headers.get('vary')).toMatch(/Accept-Encoding.*Cookie|Cookie.*Accept-Encoding/);
    expect(response.headers.get('content-encoding')).toBe('gzip');
  });
});
