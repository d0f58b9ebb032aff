import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import type { AppEnv } from '../app-env';

/**
 * Serves the built single-page app: hashed assets cached for a year, every other GET path answered
 * with index.html so the browser router decides (unknown paths included).
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
  // The page itself is revalidated every time, so a new deploy is picked up at once.
  app.use('*', async (c, next) => {
    await next();
    if (c.res.headers.get('Content-Type')?.startsWith('text/html')) {
      c.res.headers.set('Cache-Control', 'no-cache');
    }
  });
  // Assets are served in the build's .br or .gz copy when the browser accepts it.
  app.use('*', serveStatic({ root: distDir, precompressed: true }));
  app.get('*', (c) => c.html(indexHtml));
  return app;
}
