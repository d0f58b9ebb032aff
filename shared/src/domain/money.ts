import { AppError } from './app-error';

/** Paisa in one rupee; amounts are integer paisa on the server and in the database. */
export const PAISA_PER_RUPEE = 100;

/** Delivery charge per person: Rs 130. The one place to change it. */
export const DELIVERY_CHARGE_PER_PERSON_PAISA = 13_000;

/** The highest price an item may have: Rs 100,000. */
export const MAX_PRICE_PAISA = 10_000_000;

const RUPEES_PATTERN = /^(\d+)(?:\.(\d{1,2}))?$/;

/**
 * Parses a rupee amount typed by an admin ('12.5', '130', 99.99) into integer paisa, or null when
 * it is negative, not a plain decimal, or has more than 2 decimals.
 */
export function parseRupees(input: string | number): number | null {
  if (typeof input === 'number' && !Number.isFinite(input)) return null;
  const text = typeof input === 'number' ? String(input) : input.trim();
  const match = RUPEES_PATTERN.exec(text);
  if (!match) return null;
  // Integer arithmetic on the digits avoids 0.29 * 100 = 28.999999999999996.
  const paisa = Number(match[1]) * PAISA_PER_RUPEE + Number((match[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(paisa) ? paisa : null;
}

/** Converts a rupee number already validated (a cart line price) to integer paisa. */
export function rupeesToPaisa(rupees: number): number {
  if (!Number.isFinite(rupees) || rupees < 0) {
    throw new AppError({
      code: 'invalid-amount',
      status: 400,
      userMessage: MONEY_MESSAGES.invalidPrice,
      logMessage: `invalid rupee amount ${rupees}`,
    });
  }
  return Math.round(rupees * PAISA_PER_RUPEE);
}

/** Converts integer paisa to a rupee number (13000 → 130). */
export function paisaToRupees(paisa: number): number {
  return paisa / PAISA_PER_RUPEE;
}

const groupDigits = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

function formatAmount(paisa: number): string {
  const whole = Math.round(paisa);
  const sign = whole < 0 ? '-' : '';
  const abs = Math.abs(whole);
  const rupees = Math.floor(abs / PAISA_PER_RUPEE);
  const rest = abs % PAISA_PER_RUPEE;
  return `${sign}${groupDigits.format(rupees)}.${String(rest).padStart(2, '0')}`;
}

/** Shows paisa as on the cart, mart cards and checkout: 123400 → 'Rs 1,234.00'. */
export function formatRs(paisa: number): string {
  return `Rs ${formatAmount(paisa)}`;
}

/** Messages of the money rules. */
export const MONEY_MESSAGES = {
  invalidPrice: 'Price must be an amount in rupees with at most 2 decimals, like 12.50.',
  priceTooHigh: `Price must be at most ${formatRs(MAX_PRICE_PAISA)}.`,
} as const;

/** Shows paisa as in admin lists, with the Pakistani rupee sign: 123400 → '₨ 1,234.00'. */
export function formatRupeeSign(paisa: number): string {
  return `\u20A8 ${formatAmount(paisa)}`;
}
