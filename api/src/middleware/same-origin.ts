import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../app-env';
import { forbidden } from '../http/errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses a state-changing request that a browser sent from another site. The session cookie is
 * SameSite=Lax already; this also covers browsers and proxies that lose that attribute.
 */
export function sameOrigin(publicUrl: string) {
  const trusted = new URL(publicUrl).origin;
  return createMiddleware<AppEnv>(async (c, next) => {
    const origin = c.req.header('origin');
    if (!SAFE_METHODS.has(c.req.method) && origin) {
      if (origin !== new URL(c.req.url).origin && origin !== trusted) {
        throw forbidden(undefined, { logMessage: `cross-origin ${c.req.method} from ${origin}` });
      }
    }
    await next();
  });
}
