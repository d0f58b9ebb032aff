import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileDurably } from './durable-file';

/**
 * The all-in-one's auth secret when AUTH_SECRET is not set: made once and kept in the data
 * folder (readable by its owner only), so sessions survive a restart, and written durably: a
 * power cut right after the first start must not leave it empty.
 */
export function loadOrCreateAuthSecret(dataDir: string): string {
  const file = join(dataDir, 'auth-secret');
  try {
    const existing = readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch {
    // Not made yet.
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileDurably(file, `${secret}\n`);
  return secret;
}

/** The secret a scaled-mode api needs: every replica must sign with the same one. */
export function requireAuthSecret(secret: string | undefined): string {
  if (secret) return secret;
  throw new Error(
    'The api process on its own needs AUTH_SECRET (at least 32 characters, the same for every ' +
      'replica), for example from "openssl rand -hex 32". For a single machine, run "npm start".',
  );
}
