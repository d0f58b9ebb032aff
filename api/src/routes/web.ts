import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ERROR_CATEGORIES } from '@campus/shared/domain/error-catalogue';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { contentSecurityPolicy } from '../middleware/answer-headers';

// A path whose last segment ends in a file extension ('/nope.js', '/robots.txt') asks for a file;
// the app's own paths never do (a sheet tab such as 'St. Mary's - Main' has no extension).
const FILE_PATH = /\.[a-z][a-z0-9]{0,7}$/i;
// A script element without a src: its text runs as it is.
const INLINE_SCRIPT = /<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g;

/** The policy's source for each inline script of the page (its hash), which lets it run. */
function inlineScriptHashes(html: string): string[] {
  const hash = (text: string) => createHash('sha256').update(text).digest('base64');
  return [...html.matchAll(INLINE_SCRIPT)].map(([, text]) => `sha256-${hash(text ?? '')}`);
}

/**
 * Serves the built single-page app: hashed assets cached for a year, files of the build (robots.txt,
 * the icons, the manifest) as they are, a file that is not there 404, and every other GET path
 * index.html so the browser router decides (unknown paths included).
 */
export function webRoutes(distDir: string) {
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
  // The page itself is revalidated every time, so a new deploy is picked up at once, and its own
  // inline script may run.
  app.use('*', async (c, next) => {
    await next();
    if (c.res.headers.get('Content-Type')?.startsWith('text/html')) {
      c.res.headers.set('Cache-Control', 'no-cache');
      c.res.headers.set('Content-Security-Policy', pagePolicy);
    }
  });
  // Assets are served in the build's .br or .gz copy when the browser accepts it.
  app.use('*', serveStatic({ root: distDir, precompressed: true }));
  // A missing file is a 404, not the app's page: crawlers and browsers must not take HTML for it.
  app.get('*', (c) =>
    FILE_PATH.test(c.req.path)
      ? c.text(ERROR_CATEGORIES.NOT_FOUND.message, 404)
      : c.html(indexHtml),
  );
  return app;
}
