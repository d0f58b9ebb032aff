/** A phone number has at most this many digits. */
export const PHONE_MAX_DIGITS = 11;

/** 03, two digits, a hyphen, seven digits: '0300-0000000'. */
export const PHONE_PATTERN = /^03\d{2}-\d{7}$/;

/**
 * Normalises phone input as the user types: keeps digits only, at most 11, and puts a hyphen
 * after the fourth digit once a fifth is typed (so deleting back past the hyphen still works).
 */
export function normalisePhoneInput(raw: string): string {
  // The international form of a mobile number (+92 300 …, 0092 300 …) is the local 0300 ….
  const digits = raw
    .replace(/\D/g, '')
    .replace(/^(0092|92)(?=3)/, '0')
    .slice(0, PHONE_MAX_DIGITS);
  return digits.length > 4 ? `${digits.slice(0, 4)}-${digits.slice(4)}` : digits;
}

/** Whether a phone number is in Pakistani format 03XX-XXXXXXX. */
export function isValidPakistaniPhone(phone: string): boolean {
  return PHONE_PATTERN.test(phone.trim());
}
