import { randomBytes } from 'node:crypto';
import { openDatabase } from '@campus/shared/server/db/client';
import pg from 'pg';
import type { Logger } from 'pino';

// How long a drop waits for the closed pool's connections to go, and how often it looks.
const CLOSE_WAIT_MS = 5_000;
const CLOSE_POLL_MS = 20;

/** A fresh, migrated PostgreSQL database named `<prefix>_<time>_<random>`, and how to drop it. */
export async function scratchDatabase(
  adminUrl: string,
  prefix: string,
  log: Logger,
  poolSize?: number,
) {
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize }, log);
  return {
    database,
    url: url.toString(),
    async drop() {
      await database.close();
      const again = new pg.Client({ connectionString: adminUrl });
      await again.connect();
      try {
        // The pool's end does not wait for its connections to close: a forced drop before they
        // have would end them with an error, which the pool logs as a failed client.
        for (let waited = 0; waited < CLOSE_WAIT_MS; waited += CLOSE_POLL_MS) {
          const { rows } = await again.query(
            'select count(*)::int as open from pg_stat_activity where datname = $1',
            [name],
          );
          if (rows[0]?.open === 0) break;
          await new Promise((resolve) => setTimeout(resolve, CLOSE_POLL_MS));
        }
        await again.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await again.end();
      }
    },
  };
}
