import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ERROR_CATEGORIES } from '@campus/shared/domain/error-catalogue';
import { serveStatic } from '@hono/node-server/serve-static';
import { type Context, Hono } from 'hono';
import { compress } from 'hono/compress';
import type { AppEnv } from '../app-env';
import { contentSecurityPolicy } from '../middleware/answer-headers';

// A path whose last segment ends in a file extension ('/nope.js', '/robots.txt') asks for a file;
// the app's own paths never do (a sheet tab such as 'St. Mary's - Main' has no extension).
const FILE_PATH = /\.[a-z][a-z0-9]{0,7}$/i;
// A script element without a src: its text runs as it is.
const INLINE_SCRIPT = /<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g;

// index.html's inline script that asks for a page's data before the app's script has arrived.
const EARLY_REQUESTS = /<script id="early-requests">[\s\S]*?<\/script>/;

/** The policy's source for each inline script of the page (its hash), which lets it run. */
function inlineScriptHashes(html: string): string[] {
  const hash = (text: string) => createHash('sha256').update(text).digest('base64');
  return [...html.matchAll(INLINE_SCRIPT)].map(([, text]) => `sha256-${hash(text ?? '')}`);
}

/** The api's answer to a GET, asked for in this process with the visitor's cookies. */
export type ApiGet = (
  path: string,
  visitor: { cookie: string | undefined; requestId: string },
) => Promise<{ status: number; body: unknown }>;

// A page waits this long at most for its data and render; then it goes as the plain page.
const RENDER_TIMEOUT_MS = 1_000;

/** What the web's server build (web/src/entry-server.tsx) exports. */
interface PageRenderer {
  renderPage(
    url: string,
    cookie: string | undefined,
    get: (path: string) => Promise<{ status: number; body: unknown }>,
  ): Promise<{ title: string; markup: string; data: string } | null>;
}

/** The web's server build beside its dist folder (web/dist-ssr), or null when it was not built. */
async function loadRenderer(distDir: string): Promise<PageRenderer | null> {
  const entry = join(distDir, '..', 'dist-ssr', 'entry-server.js');
  if (!existsSync(entry)) return null;
  const loaded = (await import(pathToFileURL(entry).href)) as Partial<PageRenderer>;
  if (typeof loaded.renderPage !== 'function') throw new Error(`${entry} has no renderPage`);
  return loaded as PageRenderer;
}

/**
 * index.html with a storefront page rendered into it (its title, markup and data), or as it is
 * for every other page and whenever rendering fails: the app then does it all in the browser.
 */
async function pageHtml(
  c: Context<AppEnv>,
  indexHtml: string,
  renderer: PageRenderer | null,
  apiGet: ApiGet,
): Promise<string> {
  // A HEAD (a monitor's probe) gets the plain page: nothing is asked of the api for it.
  if (!renderer || c.req.method === 'HEAD') return indexHtml;
  const visitor = { cookie: c.req.header('cookie'), requestId: c.get('requestId') };
  let timer: NodeJS.Timeout | undefined;
  try {
    const page = await Promise.race([
      renderer.renderPage(c.req.url, visitor.cookie, (path) => apiGet(path, visitor)),
      new Promise<null>((resolve) => {
        timer = setTimeout(() => {
          c.get('log').warn(
            { ms: RENDER_TIMEOUT_MS },
            'a storefront page went unrendered: too slow',
          );
          resolve(null);
        }, RENDER_TIMEOUT_MS);
      }),
    ]);
    if (!page) return indexHtml;
    // The page's data takes the place of the script that asks for it early; the markup, in a
    // wrapper of its own, stays until the app, started after the first paint, replaces it with the
    // same page, live (index.html's loader keeps the wrapper inert until then).
    // (Replaced by functions: a '$' in the data is text, never a replacement pattern.)
    const data = `<script type="application/json" id="page-data">${page.data}</script>`;
    return indexHtml
      .replace('<title>CampusBucket</title>', () => `<title>${page.title}</title>`)
      .replace(EARLY_REQUESTS, () => data)
      .replace('<!--page-markup-->', () => `<div style="display:contents">${page.markup}</div>`);
  } catch (error) {
    c.get('log').error({ err: error }, 'a storefront page could not be rendered on the server');
    return indexHtml;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Serves the built single-page app: hashed assets cached for a year, files of the build (robots.txt,
 * the icons, the manifest) as they are, a file that is not there 404, the storefront's pages
 * rendered (web/src/entry-server.tsx), and every other GET path index.html so the browser router
 * decides (unknown paths included).
 */
export function webRoutes(distDir: string, apiGet: ApiGet) {
  const app = new Hono<AppEnv>();
  const indexPath = join(distDir, 'index.html');
  if (!existsSync(indexPath)) {
    return app.get('*', (c) =>
      c.text('The web app is not built. Run "npm run build:web" (npm start does it for you).', 503),
    );
  }
  const indexHtml = readFileSync(indexPath, 'utf8');
  // Vite names assets by content hash, so a cached copy can never be stale.
  app.use('/assets/*', async (c, next) => {
    await next();
    if (c.res.status === 200)
      c.res.headers.set('Cache-Control', 'public, max-age=31536000, immutable');
  });
  const pagePolicy = contentSecurityPolicy(inlineScriptHashes(indexHtml));
  // The page itself is revalidated every time, so a new deploy is picked up at once, kept by no
  // shared cache (a rendered page shows who is signed in), and its own inline scripts may run.
  app.use('*', async (c, next) => {
    await next();
    if (c.res.headers.get('Content-Type')?.startsWith('text/html')) {
      c.res.headers.set('Cache-Control', 'private, no-cache');
      c.res.headers.append('Vary', 'Cookie');
      c.res.headers.set('Content-Security-Policy', pagePolicy);
    }
  });
  // Assets are served in the build's .br or .gz copy when the browser accepts it.
  // Not for '/': that is the app's page, rendered below, not the build's index.html as it is.
  const files = serveStatic({ root: distDir, precompressed: true });
  app.use('*', (c, next) => (c.req.path === '/' ? next() : files(c, next)));
  // Loaded at start, so that the first visitor does not wait for it; a build that cannot be
  // loaded is reported with each page, which the app then renders in the browser alone.
  const renderer = loadRenderer(distDir);
  renderer.catch(() => undefined);
  // A missing file is a 404, not the app's page: crawlers and browsers must not take HTML for it.
  // A page is compressed here: a rendered one is tens of kilobytes.
  app.get('*', compress(), async (c) => {
    if (FILE_PATH.test(c.req.path)) return c.text(ERROR_CATEGORIES.NOT_FOUND.message, 404);
    const loaded = await renderer.catch((error: unknown) => {
      c.get('log').error({ err: error }, "the web app's server build could not be loaded");
      return null;
    });
    return c.html(await pageHtml(c, indexHtml, loaded, apiGet));
  });
  return app;
}
