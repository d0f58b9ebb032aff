import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { DURABLE_SETTINGS, openDurablePglite } from './durable-pglite';

const SETTINGS = Object.keys(DURABLE_SETTINGS) as (keyof typeof DURABLE_SETTINGS)[];

async function settingsOf(query: (text: string) => Promise<string>) {
  const found: Record<string, string> = {};
  for (const name of SETTINGS) found[name] = await query(`show ${name}`);
  return found;
}

describe('the embedded database on disk', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'campus-durable-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('runs with fsync on, synchronous commit and the WAL synced by fsync (PGlite alone runs with fsync off)', async () => {
    const database = await openDatabase(
      { kind: 'pglite', dir: join(dir, 'pg') },
      pino({ level: 'silent' }),
    );
    try {
      const settings = await settingsOf(async (text) => {
        const result = (await database.db.execute(sql.raw(text))) as { rows: object[] };
        return String(Object.values(result.rows[0] ?? {})[0]);
      });
      expect(settings).toEqual(DURABLE_SETTINGS);
    } finally {
      await database.close();
    }

    const plain = new PGlite(join(dir, 'plain'));
    try {
      expect((await plain.query<{ fsync: string }>('show fsync')).rows[0]?.fsync).toBe('off');
    } finally {
      await plain.close();
    }
  }, 60_000);

  it('calls the real fsync when a transaction commits', async () => {
    const { client, fs } = openDurablePglite(join(dir, 'pg'));
    try {
      await client.exec('create table orders (id text primary key)');
      const before = fs.syncs;
      await client.query("insert into orders values ('order-1')");
      expect(fs.syncs).toBeGreaterThan(before);
      const reading = fs.syncs;
      await client.query('select * from orders');
      // A read commits nothing, so it syncs nothing.
      expect(fs.syncs).toBe(reading);
    } finally {
      await client.close();
    }
  }, 60_000);
});
