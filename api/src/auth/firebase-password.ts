import { FirebaseScrypt } from 'firebase-scrypt';
import { z } from 'zod';

// A password hash brought over from Firebase Authentication (decision 016): Firebase's own variant
// of scrypt, checked with its project's parameters, which travel inside the stored text. The first
// sign-in that passes it stores a hash of ours instead (sign-in.ts).

const PREFIX = 'firebase-scrypt';
const BASE64 = /^[A-Za-z0-9+/_-]+={0,2}$/;

/** The project's hash parameters, as the Firebase console shows them (base64 texts). */
export const ZFirebaseHashParameters = z.object({
  rounds: z.number().int().min(1).max(64),
  memCost: z.number().int().min(1).max(16),
  saltSeparator: z.string().regex(BASE64, 'must be base64'),
  signerKey: z.string().regex(BASE64, 'must be base64'),
});
export type TFirebaseHashParameters = z.infer<typeof ZFirebaseHashParameters>;

/** The stored text of a Firebase password hash with its salt and the project's parameters. */
export function firebasePasswordHash(
  parameters: TFirebaseHashParameters,
  salt: string,
  hash: string,
): string {
  const { rounds, memCost, saltSeparator, signerKey } = parameters;
  return [PREFIX, rounds, memCost, saltSeparator, signerKey, salt, hash].join('$');
}

/** Whether a stored password hash is one brought over from Firebase. */
export function isFirebasePasswordHash(stored: string): boolean {
  return stored.startsWith(`${PREFIX}$`);
}

/** Checks a password against a stored Firebase hash; false for a text of any other form. */
export async function verifyFirebasePassword(stored: string, password: string): Promise<boolean> {
  const [prefix, rounds, memCost, saltSeparator, signerKey, salt, hash, ...rest] =
    stored.split('$');
  const parameters = ZFirebaseHashParameters.safeParse({
    rounds: Number(rounds),
    memCost: Number(memCost),
    saltSeparator,
    signerKey,
  });
  if (prefix !== PREFIX || rest.length > 0 || !parameters.success || !salt || !hash) return false;
  if (password === '') return false;
  return new FirebaseScrypt(parameters.data).verify(password, salt, hash);
}
