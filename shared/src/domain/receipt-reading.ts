// What a payment screenshot says, from the lines of text OCR read in it: one parser per field,
// tolerant of what receipts of Pakistani banks and wallets print (decision 022). Each field keeps
// the confidence (0-100) of the line it was read from; a field not found is null.

import { normalisePaymentReference, referencesIn } from './payment-reference';

/**
 * How a screenshot's reading ended: read (whatever it found), over the reader's time limit, a file
 * no decoder takes, or no picture to read (gone from the store).
 */
export const RECEIPT_OUTCOMES = ['read', 'timeout', 'not-an-image', 'no-picture'] as const;
export type TReceiptOutcome = (typeof RECEIPT_OUTCOMES)[number];

/** A line of text as OCR read it, with its confidence (0-100). */
export type ReadLine = { text: string; confidence: number };

/** A field read from the receipt, with the confidence of its line. */
export type ReadField<T> = { value: T; confidence: number };

export interface ReceiptReading {
  /** The amount transferred, in paisa. */
  amount: ReadField<number> | null;
  /** The bank's id of the transfer (TID, Transaction ID, Ref, RRN), upper case, no spaces. */
  transactionId: ReadField<string> | null;
  /** When the transfer was made, as the receipt prints it (wall time, no zone): 'YYYY-MM-DDTHH:MM'. */
  paidAt: ReadField<string> | null;
  /** The last four digits of the recipient's account or IBAN, where the receipt shows them. */
  recipientAccountEnding: ReadField<string> | null;
  /** Every payment reference (CB-XXXXX) the receipt holds, as stored. */
  references: string[];
  /**
   * Letters and digits read with confidence (on lines of RECEIPT_LINE_CONFIDENCE or more): too
   * few means the picture is no receipt, is unreadable, or is in a script the model does not read.
   */
  characters: number;
}

/** Fewer letters and digits than this: the picture is 'unread', whatever was found in it. */
export const RECEIPT_MIN_CHARACTERS = 40;
/**
 * A line read with less confidence (0-100) is counted as no text: what the English model makes of
 * Urdu, or of a photo, comes at 0-31 (measured). A receipt's lines come at 33-96, most above 85;
 * the few below 50 (a code read badly) do not count, and a receipt has hundreds of characters more.
 */
const RECEIPT_LINE_CONFIDENCE = 50;

const MONEY =
  /(?:\b(?:rs|pkr)\.?\s*:?\s*([0-9][0-9,]*(?:\.[0-9]{1,2})?)\b)|(?:\b([0-9][0-9,]*(?:\.[0-9]{1,2})?)\s*(?:rs|pkr)\b)/i;
/** Lines whose amount is not the one transferred. */
const NOT_THE_AMOUNT = /\b(fee|fees|charges?|balance|limit|tax|fed|wht|commission|cashback)\b/i;
const AMOUNT_LABEL = /\b(amount|total|sent|paid|transferred)\b/i;

/** Rupees as printed ('1,020', '1,020.5', '680.00') in paisa, or null when it is no amount. */
function paisaOf(printed: string): number | null {
  const digits = printed.replace(/,/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(digits)) return null;
  const [whole = '0', fraction = ''] = digits.split('.');
  const paisa = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return Number.isSafeInteger(paisa) && paisa > 0 ? paisa : null;
}

function readAmount(lines: readonly ReadLine[]): ReadField<number> | null {
  const candidates: Array<ReadField<number> & { labelled: boolean }> = [];
  lines.forEach((line, at) => {
    if (NOT_THE_AMOUNT.test(line.text)) return;
    const match = MONEY.exec(line.text);
    const value = match ? paisaOf(match[1] ?? match[2] ?? '') : null;
    if (value === null) return;
    // A label on the line, or alone on the line above ('Amount' over 'Rs 680.00').
    const above = lines[at - 1]?.text ?? '';
    const labelled =
      AMOUNT_LABEL.test(line.text) || (AMOUNT_LABEL.test(above) && !MONEY.test(above));
    candidates.push({ value, confidence: line.confidence, labelled });
  });
  const chosen = candidates.find((candidate) => candidate.labelled) ?? candidates[0];
  return chosen ? { value: chosen.value, confidence: chosen.confidence } : null;
}

const TRANSACTION_LABEL =
  /\b(?:t\.?\s?id|trx\.?\s?id|txn\.?\s?id|trans(?:action)?\.?\s*(?:id|no\.?|number|ref(?:erence)?)|ref(?:erence)?\.?\s*(?:no\.?|number|#|id)?|rrn|stan)(?![a-z0-9])[\s:#.-]*(.*)$/i;
/** A transaction id: letters and digits (6 or more, at least 4 digits), spaces and dashes between. */
const TRANSACTION_ID = /^([A-Z0-9][A-Z0-9 -]{4,}[A-Z0-9])\b/i;

/**
 * The text with the J's OCR reads as ')' or ']' given back (measured: 'CB-82JMU' read 'CB-82)MU',
 * 'FT28141JKH9358' read 'FT28141)KH9358'); neither is ever part of a reference or an id.
 */
const withJs = (text: string) => text.replace(/[)\]]/g, 'J');

function transactionIdOf(text: string): string | null {
  const match = TRANSACTION_ID.exec(withJs(text.trim()));
  if (!match?.[1]) return null;
  const id = match[1].replace(/[ -]/g, '').toUpperCase();
  if (id.length < 6 || (id.match(/\d/g)?.length ?? 0) < 4) return null;
  return id;
}

function readTransactionId(lines: readonly ReadLine[]): ReadField<string> | null {
  for (const [at, line] of lines.entries()) {
    const label = TRANSACTION_LABEL.exec(line.text);
    if (!label) continue;
    // The value beside its label, or alone on the next line (not the next label's line).
    const next = lines[at + 1]?.text ?? '';
    const sources = [label[1] ?? '', TRANSACTION_LABEL.test(next) ? '' : next];
    for (const [offset, source] of sources.entries()) {
      // The payment reference is the student's note, not the bank's id.
      if (normalisePaymentReference(source) !== null) continue;
      const id = transactionIdOf(source);
      if (id) return { value: id, confidence: (lines[at + offset] ?? line).confidence };
    }
  }
  return null;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const MONTH = '(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\\.?';
/** Day-first (as Pakistani banks print), month names, and ISO dates. */
const DATE_FORMS: Array<{
  pattern: RegExp;
  parts: (m: RegExpExecArray) => [string, string, string];
}> = [
  {
    pattern: /\b(\d{4})-(\d{1,2})-(\d{1,2})\b/,
    parts: (m) => [m[1] ?? '', m[2] ?? '', m[3] ?? ''],
  },
  {
    pattern: /\b(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})\b/,
    parts: (m) => [m[3] ?? '', m[2] ?? '', m[1] ?? ''],
  },
  {
    pattern: new RegExp(`\\b(\\d{1,2})[ -]${MONTH}[ ,-]*(\\d{4})\\b`, 'i'),
    parts: (m) => [m[3] ?? '', String(MONTHS.indexOf((m[2] ?? '').toLowerCase()) + 1), m[1] ?? ''],
  },
  {
    pattern: new RegExp(`\\b${MONTH} (\\d{1,2}),? (\\d{4})\\b`, 'i'),
    parts: (m) => [m[3] ?? '', String(MONTHS.indexOf((m[1] ?? '').toLowerCase()) + 1), m[2] ?? ''],
  },
];
const TIME = /\b(\d{1,2}):(\d{2})(?::\d{2})?\s*([ap]\.?m\.?)?/i;

const two = (n: number) => String(n).padStart(2, '0');

/** The first valid date in the text, and where it ends. */
function dateOf(text: string): { date: string; end: number } | null {
  for (const form of DATE_FORMS) {
    const match = form.pattern.exec(text);
    if (!match) continue;
    const [year, month, day] = form.parts(match).map(Number) as [number, number, number];
    const date = new Date(Date.UTC(year, month - 1, day));
    if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) continue;
    return { date: `${year}-${two(month)}-${two(day)}`, end: match.index + match[0].length };
  }
  return null;
}

function timeOf(text: string): string | null {
  const match = TIME.exec(text);
  if (!match) return null;
  let hours = Number(match[1]);
  const minutes = Number(match[2]);
  const half = match[3]?.toLowerCase().startsWith('p') ? 'pm' : match[3] ? 'am' : null;
  if (minutes > 59 || hours > 23 || (half && (hours < 1 || hours > 12))) return null;
  if (half === 'pm' && hours < 12) hours += 12;
  if (half === 'am' && hours === 12) hours = 0;
  return `${two(hours)}:${two(minutes)}`;
}

/** The first date on the receipt, with the time on its line (or the next): the transfer's. */
function readPaidAt(lines: readonly ReadLine[]): ReadField<string> | null {
  for (const [at, line] of lines.entries()) {
    const found = dateOf(line.text);
    if (!found) continue;
    // The time after the date on its line, or on the next line alone.
    const time = timeOf(line.text.slice(found.end)) ?? timeOf(lines[at + 1]?.text ?? '');
    return { value: `${found.date}T${time ?? '00:00'}`, confidence: line.confidence };
  }
  return null;
}

const RECIPIENT_LABEL = /^\s*(to|recipient|beneficiary|receiver|paid to|sent to|to account)\b/i;

/**
 * The last four digits of an account: shown in full (digits, an IBAN) or masked, where four digits
 * close the line after a run of masking symbols ('**** 0042', which OCR reads as '*++k 0042' too).
 */
function accountEndingOf(text: string): string | null {
  const line = text.trim();
  const masked = /(?:^|\s)(\d{4})$/.exec(line);
  if (masked && /^PK|[^\sA-Za-z0-9]{2,}/i.test(line)) return masked[1] ?? null;
  const full = /(?:PK\d{2}[A-Z]{4})?(\d[\d -]{6,}\d)$/i.exec(line);
  const digits = full?.[1]?.replace(/\D/g, '') ?? '';
  return digits.length >= 8 ? digits.slice(-4) : null;
}

function readRecipientAccountEnding(lines: readonly ReadLine[]): ReadField<string> | null {
  for (const [at, line] of lines.entries()) {
    if (!RECIPIENT_LABEL.test(line.text)) continue;
    for (const near of lines.slice(at, at + 3)) {
      // The next detail's own number (a transaction id) is no account.
      if (near !== line && TRANSACTION_LABEL.test(near.text)) break;
      const ending = accountEndingOf(near.text);
      if (ending) return { value: ending, confidence: near.confidence };
    }
  }
  return null;
}

/** The references of the receipt's lines, each once. */
function readReferences(lines: readonly ReadLine[]): string[] {
  return [...new Set(lines.flatMap((line) => referencesIn(withJs(line.text))))];
}

/** Everything the receipt says, from OCR's lines in reading order. */
export function readReceipt(lines: readonly ReadLine[]): ReceiptReading {
  const kept = lines.filter((line) => line.text.trim() !== '');
  return {
    amount: readAmount(kept),
    transactionId: readTransactionId(kept),
    paidAt: readPaidAt(kept),
    recipientAccountEnding: readRecipientAccountEnding(kept),
    references: readReferences(kept),
    characters: kept
      .filter((line) => line.confidence >= RECEIPT_LINE_CONFIDENCE)
      .reduce((sum, line) => sum + (line.text.match(/[a-z0-9]/gi)?.length ?? 0), 0),
  };
}
