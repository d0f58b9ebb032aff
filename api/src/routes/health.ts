import { Hono } from 'hono';
import type { AppEnv } from '../app-env';

export interface HealthChecks {
  database(): Promise<void>;
  redis(): Promise<void>;
}

const CHECK_TIMEOUT_MS = 2_000;

async function probe(check: () => Promise<void>): Promise<'ok' | string> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      check(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('no answer within 2 s')), CHECK_TIMEOUT_MS);
      }),
    ]);
    return 'ok';
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    clearTimeout(timer);
  }
}

/** /healthz: the process is up. /readyz: it can reach what it needs to serve requests. */
export function healthRoutes(checks: HealthChecks) {
  return new Hono<AppEnv>()
    .get('/healthz', (c) => c.json({ ok: true }))
    .get('/readyz', async (c) => {
      const [database, redis] = await Promise.all([probe(checks.database), probe(checks.redis)]);
      const ready = database === 'ok' && redis === 'ok';
      if (!ready) c.get('log').warn({ database, redis }, 'not ready');
      return c.json({ ok: ready, checks: { database, redis } }, ready ? 200 : 503);
    });
}
