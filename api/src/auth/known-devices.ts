import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** The cookie a browser keeps after a person signed in on it. */
export const KNOWN_DEVICE_COOKIE = 'campus_known_device';
/** How long a sign-in makes its browser known. */
export const KNOWN_DEVICE_DAYS = 30;

/**
 * A browser where a person signed in recently, so that failed sign-ins by others (five wrong
 * passwords are enough to lock an e-mail) do not keep that person out (docs/product.md §10,
 * Security hardening). The cookie is `<device id>.<MAC of the e-mail and the id>`: it names the one
 * address it was given for, and no one without the server's secret can make one.
 */
export interface KnownDevices {
  /** A new cookie value for a browser where `email` has just signed in. */
  issue(email: string): string;
  /** The device id of the cookie `value` when it was given to this browser for `email`. */
  deviceOf(value: string | undefined, email: string): string | null;
}

export function createKnownDevices(secret: string): KnownDevices {
  const mac = (email: string, id: string) =>
    createHmac('sha256', secret).update(`known-device\n${email}\n${id}`).digest('base64url');
  return {
    issue(email) {
      const id = randomBytes(16).toString('base64url');
      return `${id}.${mac(email, id)}`;
    },
    deviceOf(value, email) {
      const [id, given, ...rest] = (value ?? '').split('.');
      if (!id || !given || rest.length > 0) return null;
      const expected = Buffer.from(mac(email, id));
      const actual = Buffer.from(given);
      return actual.length === expected.length && timingSafeEqual(actual, expected) ? id : null;
    },
  };
}
