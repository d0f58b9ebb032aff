// Lighthouse's mobile audit (performance, accessibility, SEO, LCP) of the storefront's pages in
// Debian's Chromium with Lighthouse's default mobile settings (simulated slow 4G, 4x CPU slowdown),
// as the storefront's speed targets are set (decision 019): each page audited three times, each
// time in a fresh browser profile (a first visit), and the median kept.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@campus/shared/dev/free-port';
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import { CHROMIUM_LAUNCH_OPTIONS } from '../support/chromium';
import { type Storefront, selectionScript } from './storefront-server';

export const LIGHTHOUSE_RUNS = 3;
const DEVTOOLS_WAIT_MS = 30_000;

export interface LighthouseRow {
  route: string;
  /** Where the audited page ended up (a redirect would show here). */
  landedOn: string;
  /** Medians of the runs: scores 0-100; the metrics the performance score weighs, times in ms. */
  performance: number;
  accessibility: number;
  seo: number;
  lcpMs: number;
  fcpMs: number;
  speedIndexMs: number;
  totalBlockingMs: number;
  layoutShift: number;
}

/** The metrics of the performance score, by their Lighthouse audit. */
const METRIC_AUDITS = {
  lcpMs: 'largest-contentful-paint',
  fcpMs: 'first-contentful-paint',
  speedIndexMs: 'speed-index',
  totalBlockingMs: 'total-blocking-time',
  layoutShift: 'cumulative-layout-shift',
} as const;
type Metric = keyof typeof METRIC_AUDITS;

/** The speed targets on every page (docs/product.md §10). */
export const LIGHTHOUSE_TARGETS = { performance: 99, seo: 100, lcpMs: 1_500 };

interface DebuggableChromium {
  port: number;
  close(): Promise<void>;
}

/** Debian's Chromium with a fresh profile and its DevTools port open, for Lighthouse to drive. */
async function startChromium(storefront: Storefront): Promise<DebuggableChromium> {
  const port = await freePort();
  const profile = mkdtempSync(join(tmpdir(), 'campus-lighthouse-'));
  const child: ChildProcess = spawn(
    storefront.chromiumPath,
    [
      ...CHROMIUM_LAUNCH_OPTIONS.args,
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    // Its own process group: closing it kills the renderers and helpers too.
    { stdio: 'ignore', detached: true },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null && child.pid) {
      process.kill(-child.pid, 'SIGKILL');
      await exited;
    }
    rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  };
  try {
    const deadline = Date.now() + DEVTOOLS_WAIT_MS;
    for (;;) {
      const ready = await fetch(`http://127.0.0.1:${port}/json/version`).then(
        (response) => response.ok,
        () => false,
      );
      if (ready) break;
      if (child.exitCode !== null || Date.now() > deadline) {
        throw new Error(`Chromium did not open its DevTools port (${storefront.chromiumPath})`);
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    return { port, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** Stores the campus selection on the storefront's origin without loading the app itself. */
async function rememberSelection(port: number, storefront: Storefront): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0];
    if (!context) throw new Error('Chromium has no default context');
    const page = await context.newPage();
    await page.goto(`${storefront.base}/healthz`);
    await page.evaluate(selectionScript(storefront.selection));
    await page.close();
  } finally {
    await browser.close();
  }
}

async function auditOnce(storefront: Storefront, route: string) {
  const browser = await startChromium(storefront);
  try {
    await rememberSelection(browser.port, storefront);
    const result = await lighthouse(`${storefront.base}${route}`, {
      port: browser.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'seo'],
      // The selection stored above must survive; the profile is new, so the cache is empty.
      disableStorageReset: true,
    });
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`Lighthouse returned nothing for ${route}`);
    // Chromium sometimes leaves the navigation's start out of the trace; Lighthouse asks for
    // another run then.
    if (lhr.runtimeError?.code === 'NO_NAVSTART') return null;
    if (lhr.runtimeError) {
      throw new Error(`Lighthouse failed on ${route}: ${lhr.runtimeError.message}`);
    }
    const score = (category: string) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
    return {
      landedOn: new URL(lhr.finalDisplayedUrl).pathname,
      performance: score('performance'),
      accessibility: score('accessibility'),
      seo: score('seo'),
      ...(Object.fromEntries(
        Object.entries(METRIC_AUDITS).map(([metric, audit]) => [
          metric,
          lhr.audits[audit]?.numericValue ?? Number.NaN,
        ]),
      ) as Record<Metric, number>),
    };
  } finally {
    await browser.close();
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/** Audits every route of the storefront LIGHTHOUSE_RUNS times and keeps each figure's median. */
export async function measureLighthouse(storefront: Storefront): Promise<LighthouseRow[]> {
  const rows: LighthouseRow[] = [];
  for (const route of storefront.routes) {
    const runs: Omit<LighthouseRow, 'route'>[] = [];
    for (let attempt = 0; runs.length < LIGHTHOUSE_RUNS; attempt++) {
      if (attempt === LIGHTHOUSE_RUNS * 2) {
        throw new Error(`Lighthouse could not trace ${route} in ${attempt} attempts (NO_NAVSTART)`);
      }
      const run = await auditOnce(storefront, route);
      if (run) runs.push(run);
    }
    rows.push({
      route,
      landedOn: runs[0]?.landedOn ?? route,
      performance: median(runs.map((run) => run.performance)),
      accessibility: median(runs.map((run) => run.accessibility)),
      seo: median(runs.map((run) => run.seo)),
      ...(Object.fromEntries(
        Object.keys(METRIC_AUDITS).map((metric) => [
          metric,
          median(runs.map((run) => run[metric as Metric])),
        ]),
      ) as Record<Metric, number>),
    });
  }
  return rows;
}
