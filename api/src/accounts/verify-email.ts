import type { Auth } from '../auth/auth';

/** Marks the address of a verification link's account verified; false for a link that is not. */
export async function verifyEmail(auth: Auth, token: string): Promise<boolean> {
  try {
    await auth.api.verifyEmail({ query: { token } });
    return true;
  } catch {
    return false;
  }
}
