import { type Challenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';

type Requester = { request(path: string, init?: RequestInit): Response | Promise<Response> };

/** Solves the api's ALTCHA challenge as the widget does and returns the form field's payload. */
export async function solvedCaptcha(app: Requester): Promise<string> {
  const challenge = (await (await app.request('/api/account/captcha')).json()) as Challenge;
  return solvedPayload(challenge);
}

/** The form field's payload of a solved challenge, as the widget sends it. */
export async function solvedPayload(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('the captcha challenge could not be solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}
