import { createHmac, randomUUID } from 'node:crypto';
import type { Db } from '@campus/shared/server/db/client';
import { type InsertRow, preparedInsert } from '@campus/shared/server/db/prepared';
import { usedCaptchas } from '@campus/shared/server/db/schema';
import { createChallenge, randomInt } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { verify } from 'altcha-lib/frameworks/shared';
import { eq } from 'drizzle-orm';

// PBKDF2 with 1,000 iterations and a counter of 1,000–2,000 (by default): about 0.3 s on a laptop core in
// Node, about 1–2 s on a phone's Web Crypto; verifying costs one derivation (under 1 ms).
const ALGORITHM = 'PBKDF2/SHA-256';
const COST = 1_000;
/** The default upper bound of the counter a solver must find (CAPTCHA_COUNTER_MAX). */
export const DEFAULT_CAPTCHA_COUNTER_MAX = 2_000;
const CAPTCHA_LIFETIME_MS = 10 * 60_000;

export interface Captcha {
  /** A new signed challenge for the ALTCHA widget. */
  challenge(): Promise<unknown>;
  /** True once for a solved, unexpired challenge; a second use of the same payload is false. */
  verify(payload: string): Promise<boolean>;
  /**
   * Like verify, but a second use by the same submission (a double click sending one form twice)
   * answers 'same-submission' instead of 'invalid'.
   */
  verifyFor(payload: string, submission: string): Promise<CaptchaOutcome>;
}

export type CaptchaOutcome = 'verified' | 'invalid' | 'same-submission';

// Every checkout and sign-in records its challenge.
const useOnce = preparedInsert(
  'use_captcha_once',
  ['nonce', 'submission', 'expiresAt'],
  (db, rows: InsertRow<typeof usedCaptchas, 'nonce' | 'submission' | 'expiresAt'>[], returning) =>
    db
      .insert(usedCaptchas)
      .values(rows)
      .onConflictDoNothing({ target: usedCaptchas.nonce })
      .returning(returning),
  { nonce: usedCaptchas.nonce },
);

/** Self-hosted ALTCHA proof of work; used challenges are kept in the database until they expire. */
export function createCaptcha(options: { secret: string; db: Db; counterMax?: number }): Captcha {
  const counterMax = options.counterMax ?? DEFAULT_CAPTCHA_COUNTER_MAX;
  // Keys of their own, derived from the one auth secret.
  const derive = (label: string) =>
    createHmac('sha256', options.secret).update(`altcha:${label}`).digest('hex');
  const hmacSignatureSecret = derive('signature');
  const hmacKeySignatureSecret = derive('key-signature');
  const verifyFor = async (payload: string, submission: string): Promise<CaptchaOutcome> => {
    if (!payload) return 'invalid';
    const result = await verify(payload, deriveKey, hmacSignatureSecret, hmacKeySignatureSecret);
    if (result.error !== null || result.verification?.verified !== true) return 'invalid';
    // Only our own challenges (never a third-party server payload) carry a nonce we issued.
    const solved = result.payload;
    if (!solved || !('challenge' in solved)) return 'invalid';
    // Atomic across replicas: the first use of a challenge wins, any replay loses. A database
    // failure throws rather than letting a payload through unrecorded.
    const nonce = solved.challenge.parameters.nonce;
    const expiresAt = new Date(Date.now() + CAPTCHA_LIFETIME_MS);
    const taken = await useOnce(options.db, [{ nonce, submission, expiresAt }]);
    // Expired records are deleted by the worker's upkeep (pruneUsedCaptchas).
    if (taken.length > 0) return 'verified';
    const [used] = await options.db
      .select({ submission: usedCaptchas.submission })
      .from(usedCaptchas)
      .where(eq(usedCaptchas.nonce, nonce));
    return used?.submission === submission ? 'same-submission' : 'invalid';
  };
  return {
    challenge: () =>
      createChallenge({
        algorithm: ALGORITHM,
        cost: COST,
        counter: randomInt(Math.floor(counterMax / 2), counterMax),
        deriveKey,
        expiresAt: new Date(Date.now() + CAPTCHA_LIFETIME_MS),
        hmacSignatureSecret,
        hmacKeySignatureSecret,
      }),
    verify: async (payload) => (await verifyFor(payload, randomUUID())) === 'verified',
    verifyFor,
  };
}
