import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { Logger } from 'pino';
import { openDurablePglite } from './durable-pglite';
import { claimDatabaseDir } from './exclusive-open';
import * as schema from './schema';

/** The one database type business code sees, whichever engine is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  engine: 'pglite' | 'postgres';
  /** Throws unless the database answers a query. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('../../../drizzle', import.meta.url));
// Any constant works; it only has to be the same in every process that migrates.
const MIGRATION_LOCK_KEY = 727_001;

export type DatabaseLocation =
  | { kind: 'postgres'; url: string; poolSize?: number }
  /** `durable: false` is PGlite's own setting (fsync off), kept for the bench's comparison only. */
  | { kind: 'pglite'; dir: string; durable?: boolean }
  | { kind: 'pglite-memory' };

/** Opens the database and brings its schema up to date before anyone uses it. */
export async function openDatabase(location: DatabaseLocation, log: Logger): Promise<Database> {
  if (location.kind === 'postgres') return openPostgres(location.url, location.poolSize ?? 10, log);
  if (location.kind === 'pglite') return openPglite(location.dir, location.durable ?? true);
  return openPglite(undefined, false);
}

async function openPostgres(url: string, poolSize: number, log: Logger): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client whose server went away (restart, failover) is dropped from the pool; the next
  // query opens a new one. Without this listener the error would crash the process.
  pool.on('error', (error) => log.warn({ err: error }, 'idle PostgreSQL client failed'));
  const db = drizzlePg({ client: pool, schema });
  // Replicas start together: one migrates while the others wait on the advisory lock.
  const lockClient = await pool.connect();
  try {
    await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePg(db, { migrationsFolder });
  } finally {
    await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    lockClient.release();
  }
  return {
    db,
    engine: 'postgres',
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => pool.end(),
  };
}

async function openPglite(dir: string | undefined, durable: boolean): Promise<Database> {
  if (dir) mkdirSync(dir, { recursive: true });
  // A second process on the same folder is refused here, whatever the data folder lock said.
  const unclaim = dir ? await claimDatabaseDir(dir) : async () => {};
  try {
    // On disk, durable at commit (durable-pglite.ts); in memory (tests), nothing to make durable.
    const client = !dir ? new PGlite() : durable ? openDurablePglite(dir).client : new PGlite(dir);
    const db = drizzlePglite({ client, schema });
    await migratePglite(db, { migrationsFolder });
    return {
      db,
      engine: 'pglite',
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      close: async () => {
        try {
          await client.close();
        } finally {
          await unclaim();
        }
      },
    };
  } catch (error) {
    await unclaim();
    throw error;
  }
}
