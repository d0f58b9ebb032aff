import { Hono } from 'hono';
import type { AppEnv } from '../app-env';

export interface HealthChecks {
  database(): Promise<void>;
  redis(): Promise<void>;
  /** Throws unless the database can write to its disk (Database.probeWrite). */
  databaseWrite(): Promise<void>;
}

// The write probe makes and drops a small table: often enough to notice a full disk between two
// orders, rarely enough not to churn the catalogue of an embedded database that never vacuums it.
const WRITE_PROBE_EVERY_MS = 30_000;

/**
 * Whether the database could write when last asked: a request that met a full disk says so at
 * once (diskFull), and /readyz probes again before it answers ready.
 */
export class WriteWatch {
  private checkedAt = 0;
  private failure: string | null = null;

  diskFull(message: string): void {
    this.failure = message;
    this.checkedAt = 0;
  }

  async check(probeWrite: () => Promise<void>): Promise<'ok' | string> {
    if (this.failure === null && Date.now() - this.checkedAt < WRITE_PROBE_EVERY_MS) return 'ok';
    const result = await probe(probeWrite);
    this.checkedAt = Date.now();
    this.failure = result === 'ok' ? null : `cannot write: ${result}`;
    return this.failure ?? 'ok';
  }
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
export function healthRoutes(checks: HealthChecks, writes: WriteWatch) {
  return new Hono<AppEnv>()
    .get('/healthz', (c) => c.json({ ok: true }))
    .get('/readyz', async (c) => {
      const [read, redis] = await Promise.all([probe(checks.database), probe(checks.redis)]);
      // A database that answers but cannot write (a full disk) is not ready to take orders.
      const database = read === 'ok' ? await writes.check(checks.databaseWrite) : read;
      const ready = database === 'ok' && redis === 'ok';
      if (!ready) c.get('log').warn({ database, redis }, 'not ready');
      return c.json({ ok: ready, checks: { database, redis } }, ready ? 200 : 503);
    });
}
