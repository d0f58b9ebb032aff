// The JavaScript a first visit downloads, measured in a real browser: Debian's Chromium with an
// empty cache per route, every .js response until the network is idle and the page's inline
// scripts, each gzipped at level 9.
import { gzipSync } from 'node:zlib';
import type { Lifecycle } from '@campus/shared/server/lifecycle';
import { type Browser, type BrowserContext, chromium, type Response } from '@playwright/test';
import { CHROMIUM_LAUNCH_OPTIONS } from '../support/chromium';
import { type Storefront, selectionScript } from './storefront-server';

export interface InitialJsRow {
  route: string;
  /** Where the browser ended up (a redirect would show here). */
  landedOn: string;
  /** .js files; the page's inline scripts are counted apart, their bytes in the sums. */
  files: number;
  inlineScripts: number;
  rawBytes: number;
  gzipBytes: number;
}

/**
 * The JavaScript a first visit of `url` downloads in `context` (a fresh one: an empty HTTP cache):
 * every .js response until the network is idle and the page's inline scripts, each gzipped at
 * level 9.
 */
export async function firstVisitScripts(
  context: BrowserContext,
  url: string,
): Promise<Omit<InitialJsRow, 'route'>> {
  const page = await context.newPage();
  const scripts: Response[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.endsWith('.js')) scripts.push(response);
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  // A page rendered on the server carries its data in a JSON script element: data, not code.
  const inline = await page.$$eval('script:not([src]):not([type="application/json"])', (elements) =>
    elements.map((element) => element.textContent ?? ''),
  );
  const bodies = [
    ...(await Promise.all(scripts.map((script) => script.body()))),
    ...inline.map((text) => Buffer.from(text)),
  ];
  let rawBytes = 0;
  let gzipBytes = 0;
  for (const body of bodies) {
    rawBytes += body.byteLength;
    gzipBytes += gzipSync(body, { level: 9 }).byteLength;
  }
  return {
    landedOn: new URL(page.url()).pathname,
    files: scripts.length,
    inlineScripts: inline.length,
    rawBytes,
    gzipBytes,
  };
}

async function measureRoute(
  browser: Browser,
  storefront: Storefront,
  route: string,
): Promise<InitialJsRow> {
  const context = await browser.newContext();
  try {
    // Sets the selection as the web app stores it, before any script of the page runs.
    await context.addInitScript({ content: selectionScript(storefront.selection) });
    return { route, ...(await firstVisitScripts(context, `${storefront.base}${route}`)) };
  } finally {
    await context.close();
  }
}

/** Measures every route of the storefront, one fresh browser context each. */
export async function measureInitialJs(
  storefront: Storefront,
  lifecycle: Lifecycle,
): Promise<InitialJsRow[]> {
  const browser = await chromium.launch({
    ...CHROMIUM_LAUNCH_OPTIONS,
    executablePath: storefront.chromiumPath,
  });
  lifecycle.add('chromium', () => browser.close());
  try {
    const rows: InitialJsRow[] = [];
    for (const route of storefront.routes)
      rows.push(await measureRoute(browser, storefront, route));
    return rows;
  } finally {
    await browser.close();
  }
}
