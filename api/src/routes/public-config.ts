import type { TPublicConfig } from '@campus/shared/domain/public-config';
import { Hono } from 'hono';
import type { AppEnv } from '../app-env';

/** GET /api/public-config: the few server settings the browser may see (the chat number). */
export function publicConfigRoutes(config: { whatsappNumber: string | null }) {
  const body: TPublicConfig = { ok: true, whatsappNumber: config.whatsappNumber };
  return new Hono<AppEnv>().get('/api/public-config', (c) => c.json(body));
}
