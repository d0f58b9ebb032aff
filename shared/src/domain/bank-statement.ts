// The receiving account's statement, as the bank or wallet app exports it (decision 023): which
// columns hold what (chosen once per campus), each row read as a credit or skipped with a reason,
// and the rule that matches credits to orders: by payment reference, else by exact amount within
// the time window, one credit to at most one order.

import { z } from 'zod';
import { formatRs } from './money';
import { referencesIn } from './payment-reference';

/** What a statement's columns are read as; the first two are needed. */
export const STATEMENT_FIELDS = ['date', 'amount', 'description', 'transactionId'] as const;
export type TStatementField = (typeof STATEMENT_FIELDS)[number];

export const STATEMENT_FIELD_LABELS: Record<TStatementField, string> = {
  date: 'Date',
  amount: 'Credit amount',
  description: 'Description or note',
  transactionId: 'Transaction id',
};

/** Which header holds each field; '' for none. Kept per campus once an import used it. */
export const ZStatementMapping = z.object({
  date: z.string().max(100).min(1, 'Choose the column of the date.'),
  amount: z.string().max(100).min(1, 'Choose the column of the credit amount.'),
  description: z.string().max(100),
  transactionId: z.string().max(100),
});
export type TStatementMapping = z.infer<typeof ZStatementMapping>;

/** Header texts that usually hold each field, most telling first. */
const HEADER_HINTS: Record<TStatementField, RegExp[]> = {
  date: [/^(transaction |value |posting |booking )?date( ?(&|and) ?time)?$/i, /date|time/i],
  amount: [/^credit( amount)?$/i, /credit|deposit|\bcr\b/i, /^amount/i],
  description: [/description|narration|remarks|details|particulars|note|purpose/i],
  transactionId: [/transaction id|\btid\b|\brrn\b|txn|ref(erence)? ?(no|number|#)/i],
};

/** The columns a statement's header most likely holds, for a campus without a mapping yet. */
export function guessStatementMapping(header: readonly string[]): TStatementMapping {
  const taken = new Set<string>();
  const pick = (field: TStatementField) => {
    for (const hint of HEADER_HINTS[field]) {
      const found = header.find((cell) => cell !== '' && !taken.has(cell) && hint.test(cell));
      if (found) {
        taken.add(found);
        return found;
      }
    }
    return '';
  };
  // In this order: 'Txn Date' is the date, never the transaction id.
  const date = pick('date');
  const amount = pick('amount');
  const transactionId = pick('transactionId');
  return { date, amount, description: pick('description'), transactionId };
}

/** A credit of the statement: when (campus wall time; the time when the bank gives one), how much. */
export type StatementCredit = {
  on: string;
  at: string | null;
  amountPaisa: number;
  description: string;
  transactionId: string;
  /** The payment references the description names. */
  references: string[];
};

export const STATEMENT_SKIPS = {
  noDate: 'No date this app can read (like 2026-11-24, 24/11/2026 or 24 Nov 2026).',
  notCredit: 'Not a credit (no amount, zero, or money going out).',
  otherCurrency: 'An amount in another currency.',
  unreadableAmount: 'No amount this app can read.',
  formula: 'A cell is a formula; export the statement with values.',
} as const;
export type TStatementSkip = keyof typeof STATEMENT_SKIPS;

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const pad = (n: number) => String(n).padStart(2, '0');

function validDay(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day || year < 2000) return null;
  return `${year}-${pad(month)}-${pad(day)}`;
}

function timeOf(text: string): string | null {
  const match = /(\d{1,2}):(\d{2})(?::\d{2}(?:\.\d+)?)?\s*([ap]\.?m\.?)?/i.exec(text);
  if (!match) return null;
  let hours = Number(match[1]);
  const meridiem = match[3]?.[0]?.toLowerCase();
  if (meridiem === 'p' && hours < 12) hours += 12;
  if (meridiem === 'a' && hours === 12) hours = 0;
  return hours < 24 ? `${pad(hours)}:${match[2]}` : null;
}

/** Excel's day 0 (serial dates count days from it; the fraction is the time of day). */
const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);

/**
 * A statement's date cell as a day and, where it has one, a time: a workbook's date (a serial
 * number of days), or text, day first in slashed dates.
 */
export function parseStatementDate(
  cell: string | number,
): { on: string; at: string | null } | null {
  if (typeof cell === 'number') {
    if (cell < 36_526 || cell > 73_051) return null;
    const instant = new Date(EXCEL_EPOCH_MS + Math.round(cell * 1_440) * 60_000);
    const [on = '', time = ''] = instant.toISOString().split('T');
    const at = time.slice(0, 5);
    return { on, at: Number.isInteger(cell) ? null : at };
  }
  const value = cell.trim();
  let on: string | null = null;
  let match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (match) on = validDay(Number(match[1]), Number(match[2]), Number(match[3]));
  match ??= /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})/.exec(value);
  if (!on && match && match[0].length < 11) {
    on = validDay(Number(match[3]), Number(match[2]), Number(match[1]));
  }
  const named = /^(\d{1,2})[\s-]([a-z]{3})[a-z]*[\s-,]+(\d{4})/i.exec(value);
  if (!on && named) {
    const month = MONTHS.indexOf((named[2] ?? '').toLowerCase()) + 1;
    if (month > 0) on = validDay(Number(named[3]), month, Number(named[1]));
  }
  const american = /^([a-z]{3})[a-z]*\.?\s+(\d{1,2}),?\s+(\d{4})/i.exec(value);
  if (!on && american) {
    const month = MONTHS.indexOf((american[1] ?? '').toLowerCase()) + 1;
    if (month > 0) on = validDay(Number(american[3]), month, Number(american[2]));
  }
  if (!on) return null;
  return { on, at: timeOf(value.slice(10)) };
}

const OTHER_CURRENCY = /\b(USD|EUR|GBP|AED|SAR|INR|CNY)\b|[$€£₹]/i;

/** A credit cell as paisa: 'Rs 1,020.00', 'PKR 1020', '1,020.00 CR', 1020; money out is none. */
export function parseStatementAmount(
  cell: string | number,
): { paisa: number } | { skip: TStatementSkip } {
  if (typeof cell === 'number') {
    return cell > 0 ? { paisa: Math.round(cell * 100) } : { skip: 'notCredit' };
  }
  const text = cell.trim();
  if (text === '' || text === '-') return { skip: 'notCredit' };
  if (OTHER_CURRENCY.test(text)) return { skip: 'otherCurrency' };
  const debit = /^-|^\(.*\)$|\bDR\.?$/i.test(text);
  const digits = text.replace(/\b(PKR|Rs\.?|CR\.?|DR\.?)/gi, '').replace(/[\s,()+-]/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(digits)) return { skip: 'unreadableAmount' };
  const paisa = Math.round(Number(digits) * 100);
  return debit || paisa === 0 ? { skip: 'notCredit' } : { paisa };
}

/** One row of the statement read by the mapping: a credit, or skipped with the reason. */
export function readStatementRow(
  cells: Readonly<Record<string, string | number | { formula: true }>>,
  mapping: TStatementMapping,
): StatementCredit | { skip: TStatementSkip } {
  const cell = (header: string) => (header === '' ? '' : (cells[header] ?? ''));
  const used = [mapping.date, mapping.amount, mapping.description, mapping.transactionId];
  if (used.some((header) => typeof cell(header) === 'object')) return { skip: 'formula' };
  const text = (header: string) => String(cell(header)).trim();
  const date = cell(mapping.date);
  const when = parseStatementDate(typeof date === 'number' ? date : text(mapping.date));
  if (!when) return { skip: 'noDate' };
  const amount = parseStatementAmount(cell(mapping.amount) as string | number);
  if ('skip' in amount) return amount;
  const description = text(mapping.description).slice(0, 500);
  return {
    ...when,
    amountPaisa: amount.paisa,
    description,
    transactionId: text(mapping.transactionId).slice(0, 100),
    references: referencesIn(description),
  };
}

/**
 * How far from the order's placing a credit of the same amount, without its reference, is taken
 * for it: a transfer made up to a day before, or a statement that books it a day after.
 */
export const STATEMENT_WINDOW_DAYS = 1;

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / 86_400_000;

/** What an order is matched by: its reference, total and placing day (campus time). */
export type MatchableOrder = {
  id: string;
  paymentReference: string;
  grandTotalPaisa: number;
  placedOn: string;
};
export type MatchableCredit = {
  id: string;
  on: string;
  amountPaisa: number;
  references: readonly string[];
};
export type CreditMatch = { creditId: string; orderId: string; by: 'reference' | 'amount' };

/**
 * The matches of credits to orders: a credit naming an order's reference goes to that order; the
 * rest by exact amount within STATEMENT_WINDOW_DAYS of the placing day, only where exactly one
 * order and one credit fit each other (two orders of Rs 290 on one day are a person's call). One
 * credit to at most one order, and one order to at most one credit.
 */
export function matchCredits(
  credits: readonly MatchableCredit[],
  orders: readonly MatchableOrder[],
): CreditMatch[] {
  const matches: CreditMatch[] = [];
  const takenOrders = new Set<string>();
  const takenCredits = new Set<string>();
  const byReference = new Map(orders.map((order) => [order.paymentReference, order]));
  for (const credit of credits) {
    const order = credit.references.map((reference) => byReference.get(reference)).find(Boolean);
    if (!order || takenOrders.has(order.id)) continue;
    matches.push({ creditId: credit.id, orderId: order.id, by: 'reference' });
    takenOrders.add(order.id);
    takenCredits.add(credit.id);
  }
  const fits = (credit: MatchableCredit, order: MatchableOrder) =>
    credit.amountPaisa === order.grandTotalPaisa &&
    Math.abs(dayNumber(credit.on) - dayNumber(order.placedOn)) <= STATEMENT_WINDOW_DAYS;
  const openCredits = credits.filter((credit) => !takenCredits.has(credit.id));
  const openOrders = orders.filter((order) => !takenOrders.has(order.id));
  for (const credit of openCredits) {
    const candidates = openOrders.filter((order) => fits(credit, order));
    const [order] = candidates;
    if (candidates.length !== 1 || !order) continue;
    if (openCredits.filter((other) => fits(other, order)).length !== 1) continue;
    matches.push({ creditId: credit.id, orderId: order.id, by: 'amount' });
  }
  return matches;
}

/** What the Payments card says of the statement. */
export const ZStatementCheck = z.discriminatedUnion('state', [
  z.object({
    state: z.literal('found'),
    on: z.string(),
    at: z.string().nullable(),
    amountPaisa: z.number().int(),
    description: z.string(),
    by: z.enum(['reference', 'amount']),
  }),
  z.object({ state: z.literal('not_found') }),
  z.object({ state: z.literal('no_statement') }),
]);
export type TStatementCheck = z.infer<typeof ZStatementCheck>;

/** The card's line of a statement check. */
export function statementCheckText(check: TStatementCheck): string {
  if (check.state === 'no_statement') return 'No statement imported covers this order yet.';
  if (check.state === 'not_found') return 'No credit found in the statement.';
  const when = check.at ? `${check.on} ${check.at}` : check.on;
  const note = check.description ? `, "${check.description}"` : '';
  return `Credit found in the statement: ${when}, ${formatRs(check.amountPaisa)}${note}.`;
}

const count = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;

/** The most rows of a statement file: a busy campus's month, with room to spare. */
export const STATEMENT_FILE_MAX_ROWS = 5_000;

export const STATEMENT_MESSAGES = {
  fileRequired: 'Choose the statement (.xlsx or .csv) exported by the bank or wallet app.',
  notSpreadsheet: 'The statement must be an Excel workbook (.xlsx) or a CSV file (.csv).',
  unreadable: 'The statement could not be read as a spreadsheet. Export it again as .xlsx or .csv.',
  tooLarge: 'The statement is over 2 MB. Export a shorter period.',
  unpacksTooLarge:
    'The workbook unpacks to far more than a statement needs. Export it again as .csv, or without pictures.',
  tooManyRows: `The statement has more than ${STATEMENT_FILE_MAX_ROWS.toLocaleString('en-US')} rows. Export a shorter period.`,
  noRows: 'The statement has no rows below its header row.',
  unknownColumn: (column: string) => `The statement has no column '${column}'. Choose another.`,
  mappingRequired: 'Choose the columns of the date and the credit amount.',
  previewed: (read: { credits: number; skipped: number }) =>
    `${count(read.credits, 'credit')}, ${count(read.skipped, 'row')} skipped.`,
  imported: (done: { added: number; alreadyImported: number; skipped: number; matched: number }) =>
    `Imported ${count(done.added, 'credit')} (${done.alreadyImported} already imported, ${count(done.skipped, 'row')} skipped); ${done.matched} matched to orders.`,
  noCredits:
    'No row of the statement was read as a credit. Check the columns chosen for the date and the credit amount.',
};

/** A row of the preview: its number in the file, and what it was read as. */
export const ZStatementPreviewRow = z.object({
  row: z.number().int(),
  credit: z
    .object({
      on: z.string(),
      at: z.string().nullable(),
      amountPaisa: z.number().int(),
      description: z.string(),
      references: z.array(z.string()),
    })
    .nullable(),
  skipped: z.string().nullable(),
});

export const ZStatementPreviewResponse = z.object({
  ok: z.literal(true),
  header: z.array(z.string()),
  mapping: ZStatementMapping,
  rows: z.array(ZStatementPreviewRow),
  credits: z.number().int(),
  skipped: z.number().int(),
});
export type TStatementPreviewResponse = z.infer<typeof ZStatementPreviewResponse>;

export const ZStatementImportResponse = z.object({
  ok: z.literal(true),
  credits: z.number().int(),
  added: z.number().int(),
  alreadyImported: z.number().int(),
  skipped: z.number().int(),
  matched: z.number().int(),
});
export type TStatementImportResponse = z.infer<typeof ZStatementImportResponse>;

/** The statement routes; the campus goes in ?universityId&campusId, the file and mapping in a form. */
export const STATEMENT_PATHS = {
  preview: '/api/admin/statement/preview',
  import: '/api/admin/statement/import',
} as const;

/** The rows a preview shows. */
export const STATEMENT_PREVIEW_ROWS = 50;
