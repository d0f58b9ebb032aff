import type { Auth } from '../auth/auth';

/** Ends the session of `headers`' cookie; answers the cookies that clear it in the browser. */
export async function signOut(auth: Auth, headers: Headers): Promise<string[]> {
  const response = await auth.api.signOut({ headers, asResponse: true });
  return response.headers.getSetCookie();
}
