import { randomBytes } from 'node:crypto';
import { openDatabase } from '@campus/shared/server/db/client';
import pg from 'pg';
import type { Logger } from 'pino';

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
      await again.query(`drop database if exists "${name}" with (force)`);
      await again.end();
    },
  };
}
