import { randomBytes } from 'node:crypto';
import { type Database, openDatabase } from '@campus/shared/server/db/client';
import pg from 'pg';
import { inject } from 'vitest';
import { testLog } from './logger';

/** The engine this project runs on: set per Vitest project in vitest.config.ts. */
export const engine = process.env.TEST_DB_ENGINE === 'postgres' ? 'postgres' : 'pglite';

/**
 * A fresh, migrated database for one test file: PGlite in memory, or a new PostgreSQL database
 * named after the run (the global teardown drops them all).
 */
export async function openTestDatabase(): Promise<Database & { url?: string }> {
  if (engine === 'pglite') return openDatabase({ kind: 'pglite-memory' }, testLog);
  const name = `${inject('postgresRunId')}_${randomBytes(4).toString('hex')}`;
  const adminUrl = process.env.TEST_POSTGRES_ADMIN_URL as string;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase(
    { kind: 'postgres', url: url.toString(), poolSize: 4 },
    testLog,
  );
  return { ...database, url: url.toString() };
}
