import { mkdirSync, statfsSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { Logger } from 'pino';
import { openDurablePglite, syncClusterOnce } from './durable-pglite';
import { isDiskFull } from './errors';
import { claimDatabaseDir } from './exclusive-open';
import { migrationsFolder } from './migrations-folder';
import * as schema from './schema';

/** The one database type business code sees, whichever engine is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  engine: 'pglite' | 'postgres';
  /** Throws unless the database answers a query. */
  ping(): Promise<void>;
  /** Throws unless the database can write (a page of a temporary table, rolled away at commit). */
  probeWrite(): Promise<void>;
  close(): Promise<void>;
}

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

// New pages in a file on the database's disk (a relation is extended on disk at once, even a
// temporary one), as an order's insert needs them: a full disk refuses it.
async function probeWrite(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`create temporary table campus_write_probe (filler text) on commit drop`);
    await tx.execute(
      sql`insert into campus_write_probe select md5(g::text) from generate_series(1, 300) g`,
    );
  });
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
    probeWrite: () => probeWrite(db),
    close: () => pool.end(),
  };
}

async function openPglite(dir: string | undefined, durable: boolean): Promise<Database> {
  if (dir) mkdirSync(dir, { recursive: true });
  // A second process on the same folder is refused here, whatever the data folder lock said.
  const unclaim = dir ? await claimDatabaseDir(dir) : async () => {};
  let client: PGlite | undefined;
  try {
    // On disk, durable at commit (durable-pglite.ts); in memory (tests), nothing to make durable.
    client = !dir ? new PGlite() : durable ? openDurablePglite(dir).client : new PGlite(dir);
    if (dir && durable) {
      await client.waitReady;
      syncClusterOnce(dir);
    }
    const opened = client;
    const db = drizzlePglite({ client, schema });
    await migratePglite(db, { migrationsFolder });
    return {
      db,
      engine: 'pglite',
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      probeWrite: () => probeWrite(db),
      close: async () => {
        try {
          await opened.close();
        } finally {
          await unclaim();
        }
      },
    };
  } catch (error) {
    // A half-started PGlite still holds its files open.
    await client?.close().catch(() => {});
    await unclaim();
    throw (dir && diskTooFullToStart(dir, error)) || error;
  }
}

// PGlite needs room for its WAL segment and catalogue at start; with less it fails with only
// 'PGlite failed to initialize properly'.
const MIN_FREE_TO_START_BYTES = 64 * 1024 * 1024;

/** The error to show when the database could not start for lack of disk space, else null. */
function diskTooFullToStart(dir: string, cause: unknown): Error | null {
  const stats = statfsSync(dir);
  const free = stats.bavail * stats.bsize;
  if (free >= MIN_FREE_TO_START_BYTES && !isDiskFull(cause)) return null;
  const mb = (bytes: number) => `${Math.floor(bytes / (1024 * 1024))} MB`;
  return new Error(
    `The disk holding ${dir} is full: ${mb(free)} free, and the embedded database needs at ` +
      `least ${mb(MIN_FREE_TO_START_BYTES)} free to start. Free some space (or set DATA_DIR to ` +
      'a folder on another disk) and start again.',
    { cause },
  );
}
