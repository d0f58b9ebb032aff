import { hammingDistance, perceptualBits } from '@campus/api/uploads/screenshot-fingerprint';
import type { Database } from '@campus/shared/server/db/client';
import {
  LOOKS_SAME_MAX_DISTANCE,
  PERCEPTUAL_BITS,
  perceptualDistanceSql,
} from '@campus/shared/server/screenshots/screenshot-match';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engine, openTestDatabase } from '../../support/database';

// The duplicate-screenshot lookup may compare perceptual hashes in SQL: stored in a bit(n) column,
// their Hamming distance is bit_count(a # b). Both engines must give hammingDistance's number.

let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
});

afterAll(async () => {
  await database.close();
});

/** A hash of the right length from a seed (a linear congruential walk; any hex will do). */
function someHash(seed: number): string {
  let state = seed >>> 0;
  let hex = '';
  for (let i = 0; i < PERCEPTUAL_BITS / 4; i++) {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    hex += (state >>> 28).toString(16);
  }
  return hex;
}

/** `hash` with its first `count` bits flipped. */
function flipped(hash: string, count: number): string {
  const bits = [...perceptualBits(hash)].map((bit, i) =>
    i < count ? (bit === '1' ? '0' : '1') : bit,
  );
  let hex = '';
  for (let i = 0; i < bits.length; i += 4)
    hex += Number.parseInt(bits.slice(i, i + 4).join(''), 2).toString(16);
  return hex;
}

describe(`perceptual hashes compared in SQL on ${engine}`, () => {
  it('gives the Hamming distance hammingDistance gives, and finds the hashes within the threshold', async () => {
    const { db } = database;
    const probe = someHash(1);
    const stored = {
      same: probe,
      near: flipped(probe, LOOKS_SAME_MAX_DISTANCE),
      beyond: flipped(probe, LOOKS_SAME_MAX_DISTANCE + 1),
      other: someHash(2),
    };
    await db.execute(
      sql.raw(
        `create table screenshot_hash_probe (id text primary key, perceptual bit(${PERCEPTUAL_BITS}) not null)`,
      ),
    );
    try {
      for (const [id, hash] of Object.entries(stored)) {
        await db.execute(
          sql`insert into screenshot_hash_probe values (${id}, ${perceptualBits(hash)}::bit(${sql.raw(String(PERCEPTUAL_BITS))}))`,
        );
      }
      const distance = perceptualDistanceSql(sql.identifier('perceptual'), perceptualBits(probe));
      const all = (await db.execute(
        sql`select id, ${distance} as distance from screenshot_hash_probe order by id`,
      )) as unknown as { rows: { id: string; distance: number | string }[] };
      expect(all.rows.map((row) => [row.id, Number(row.distance)])).toEqual(
        Object.entries(stored)
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([id, hash]) => [id, hammingDistance(hash, probe)]),
      );

      const alike = (await db.execute(
        sql`select id from screenshot_hash_probe where ${distance} <= ${LOOKS_SAME_MAX_DISTANCE} order by id`,
      )) as unknown as { rows: { id: string }[] };
      expect(alike.rows.map((row) => row.id)).toEqual(['near', 'same']);
    } finally {
      await db.execute(sql`drop table screenshot_hash_probe`);
    }
  });
});
