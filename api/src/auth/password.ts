import { verifyPassword as verifyOwnPassword } from 'better-auth/crypto';
import { isFirebasePasswordHash, verifyFirebasePassword } from './firebase-password';

// better-auth's own password hash (scrypt), for accounts made outside its endpoints (demo seed).
export { hashPassword } from 'better-auth/crypto';

/**
 * Checks a password against a stored hash: ours, or one brought over from Firebase (decision 016).
 */
export function verifyPassword({ hash, password }: { hash: string; password: string }) {
  return isFirebasePasswordHash(hash)
    ? verifyFirebasePassword(hash, password)
    : verifyOwnPassword({ hash, password });
}
