import { solvedCaptcha } from './captcha';

type Requester = { request(path: string, init?: RequestInit): Response | Promise<Response> };

/** The session cookie pair of a sign-in answer, ready to send back. */
export function cookieOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

/** Signs a person in through the api (captcha solved) and returns their session cookie. */
export async function signInCookie(app: Requester, email: string, password: string) {
  const response = await app.request('/api/account/sign-in', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, captcha: await solvedCaptcha(app) }),
  });
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status}`);
  return cookieOf(response);
}
