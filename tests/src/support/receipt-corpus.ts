import { seededRandom } from '@campus/api/uploads/seeded-random';
import { newPaymentReference } from '@campus/shared/domain/payment-reference';
import sharp from 'sharp';
import { bankReceiptSvg } from './bank-receipts';

/**
 * The receipt corpus the bench reads (decision 022): transfer receipts in the style of four kinds
 * of Pakistani bank and wallet apps, light and dark, as they reach us (saved, JPEG-recompressed,
 * halved, cropped), each with what it truly says beside it. Drawn from a seed, never stored: the
 * same seed gives the same corpus on every machine.
 */

export const RECEIPT_LAYOUTS = ['crescent-bank', 'paisapay-wallet', 'amana-bank', 'noor-slip'];
type ReceiptLayout = (typeof RECEIPT_LAYOUTS)[number];
const RECEIPT_COPIES = ['as saved', 'JPEG', 'halved', 'cropped 5 %'] as const;
type ReceiptCopy = (typeof RECEIPT_COPIES)[number];

/** What a corpus receipt truly says, as the reader should give it. */
export interface ReceiptTruth {
  amountPaisa: number;
  transactionId: string;
  /** The transfer's wall time as printed: 'YYYY-MM-DDTHH:MM'. */
  paidAt: string;
  /** The payment reference in the transfer's note; null when the payer left it out. */
  reference: string | null;
  /** The last four digits of the receiving account. */
  recipientEnding: string;
}

export interface CorpusReceipt {
  layout: ReceiptLayout;
  dark: boolean;
  copy: ReceiptCopy;
  /** The JPEG quality of a JPEG copy. */
  quality?: number;
  truth: ReceiptTruth;
  /** What the receipt prints besides its truth. */
  details: { at: Date; payer: { name: string; account: string }; retrievalNumber: string };
}

interface Palette {
  page: string;
  card: string;
  text: string;
  muted: string;
  line: string;
}
const LIGHT: Palette = {
  page: '#f3f4f6',
  card: '#ffffff',
  text: '#111827',
  muted: '#6b7280',
  line: '#e5e7eb',
};
const DARK: Palette = {
  page: '#0b0f14',
  card: '#1c232c',
  text: '#f3f4f6',
  muted: '#9ca3af',
  line: '#374151',
};

/** One receipt's details, as every layout draws them in its own way. */
type Transfer = ReceiptTruth & CorpusReceipt['details'];

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };
const escapeXml = (text: string) => text.replace(/[&<>]/g, (char) => XML_ESCAPES[char] ?? char);
const two = (n: number) => String(n).padStart(2, '0');
const grouped = (paisa: number) => Math.floor(paisa / 100).toLocaleString('en-US');
const withPaisa = (paisa: number) => `${grouped(paisa)}.${two(paisa % 100)}`;
const PAYEE_NAME = 'CampusBucket Foods';

function text(
  x: number,
  y: number,
  size: number,
  fill: string,
  content: string,
  extra = '',
): string {
  return `<text x="${x}" y="${y}" font-size="${size}" fill="${fill}" ${extra}>${escapeXml(content)}</text>`;
}

function svg(width: number, height: number, body: string, font = 'DejaVu Sans, sans-serif') {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 720 ${Math.round((height * 720) / width)}" font-family="${font}">${body}</svg>`;
}

/** A wallet app: 'Amount transferred' over 'PKR 1,234', a TID, a 24-hour time, an IBAN. */
function walletSvg(transfer: Transfer, colours: Palette): string {
  const { at } = transfer;
  const accent = '#0f9d58';
  const iban = `PK36 CRES ${CORPUS_PAY_TO_ACCOUNT.replace(/(\d{4})(?=\d)/g, '$1 ')}`;
  const date = `${two(at.getUTCDate())}/${two(at.getUTCMonth() + 1)}/${at.getUTCFullYear()}`;
  // A label over its value; the recipient's name with the account's IBAN under it.
  const rows: string[][] = [
    ['TID', transfer.transactionId],
    ['Date & Time', `${date} ${two(at.getUTCHours())}:${two(at.getUTCMinutes())}`],
    ['Sent to', PAYEE_NAME, iban],
    ['Fee', 'PKR 0'],
  ];
  if (transfer.reference) rows.push(['Message', transfer.reference]);
  let y = 700;
  const details = rows
    .map(([label = '', ...values]) => {
      const drawn = `${text(56, y, 24, colours.muted, label)}${values
        .map((value, i) => text(56, y + 36 * (i + 1), 28, colours.text, value, 'font-weight="700"'))
        .join('')}`;
      y += 60 + 36 * values.length;
      return drawn;
    })
    .join('');
  return svg(
    1080,
    2340,
    `<rect width="720" height="1560" fill="${colours.page}"/>
  <rect width="720" height="200" fill="${accent}"/>
  ${text(40, 120, 40, '#ffffff', 'PaisaPay', 'font-weight="700"')}
  <rect x="24" y="230" width="672" height="1250" rx="20" fill="${colours.card}"/>
  <circle cx="360" cy="330" r="56" fill="${accent}"/>
  <path d="M332 332 l20 20 l36 -42" stroke="#ffffff" stroke-width="10" fill="none"/>
  ${text(360, 440, 32, colours.text, 'Transaction Successful', 'text-anchor="middle" font-weight="700"')}
  ${text(360, 520, 26, colours.muted, 'Amount transferred', 'text-anchor="middle"')}
  ${text(360, 590, 56, colours.text, `PKR ${grouped(transfer.amountPaisa)}`, 'text-anchor="middle" font-weight="700"')}
  <line x1="56" y1="640" x2="664" y2="640" stroke="${colours.line}" stroke-width="2"/>
  ${details}
  ${text(360, 1440, 20, colours.muted, 'Powered by PaisaPay. Keep this TID for any query.', 'text-anchor="middle"')}`,
  );
}

/** A bank app: 'Rs.' with paisa, a Transaction ID and an RRN, 'Jan 5, 2025 3:04 PM', an IBAN in full. */
function amanaSvg(transfer: Transfer, colours: Palette): string {
  const { at } = transfer;
  const accent = '#7c3aed';
  const hours = at.getUTCHours();
  const when = `${MONTHS[at.getUTCMonth()]} ${at.getUTCDate()}, ${at.getUTCFullYear()} ${hours % 12 || 12}:${two(at.getUTCMinutes())} ${hours < 12 ? 'AM' : 'PM'}`;
  const rows: Array<[string, string]> = [
    ['Transaction ID', transfer.transactionId],
    ['RRN', transfer.retrievalNumber],
    ['Date', when],
    ['Beneficiary', PAYEE_NAME],
    ['IBAN', `PK36AMNA${CORPUS_PAY_TO_ACCOUNT}`],
    ['From', transfer.payer.name],
  ];
  if (transfer.reference) rows.push(['Remarks', transfer.reference]);
  const details = rows
    .map(([label, value], i) => {
      const y = 640 + i * 76;
      return `${text(48, y, 24, colours.muted, label)}${text(672, y, 24, colours.text, value, 'text-anchor="end" font-weight="700"')}`;
    })
    .join('');
  return svg(
    720,
    1520,
    `<rect width="720" height="1520" fill="${colours.page}"/>
  ${text(360, 90, 30, colours.text, 'Funds Transfer', 'text-anchor="middle" font-weight="700"')}
  <rect x="24" y="140" width="672" height="1200" rx="28" fill="${colours.card}"/>
  <rect x="24" y="140" width="672" height="12" fill="${accent}"/>
  ${text(360, 260, 28, colours.muted, 'Your transfer has been sent', 'text-anchor="middle"')}
  ${text(360, 380, 24, colours.muted, 'Amount', 'text-anchor="middle"')}
  ${text(360, 460, 58, accent, `Rs. ${withPaisa(transfer.amountPaisa)}`, 'text-anchor="middle" font-weight="700"')}
  <line x1="48" y1="560" x2="672" y2="560" stroke="${colours.line}" stroke-width="2"/>
  ${details}
  <rect x="48" y="1400" width="624" height="80" rx="40" fill="${accent}"/>
  ${text(360, 1452, 28, '#ffffff', 'Back to Home', 'text-anchor="middle" font-weight="700"')}`,
  );
}

/** A printed e-receipt: 'Total Amount: PKR 1,234.00', 'Ref #', an ISO date with the time below. */
function slipSvg(transfer: Transfer, colours: Palette): string {
  const { at } = transfer;
  const rows: Array<[string, string]> = [
    ['Total Amount:', `PKR ${withPaisa(transfer.amountPaisa)}`],
    ['Ref #:', transfer.transactionId],
    ['Date:', `${at.getUTCFullYear()}-${two(at.getUTCMonth() + 1)}-${two(at.getUTCDate())}`],
    ['Time:', `${two(at.getUTCHours())}:${two(at.getUTCMinutes())}:${two(at.getUTCSeconds())}`],
    ['Beneficiary:', PAYEE_NAME],
    ['Account No:', `${CORPUS_PAY_TO_ACCOUNT}`],
    ['Sender:', transfer.payer.name],
    ['Narration:', transfer.reference ?? 'Others'],
  ];
  const details = rows
    .map(([label, value], i) => {
      const y = 330 + i * 64;
      return `${text(56, y, 24, colours.muted, label)}${text(300, y, 24, colours.text, value)}`;
    })
    .join('');
  return svg(
    720,
    1200,
    `<rect width="720" height="1200" fill="${colours.page}"/>
  <rect x="32" y="32" width="656" height="1100" fill="${colours.card}" stroke="${colours.line}" stroke-width="2"/>
  ${text(360, 120, 34, colours.text, 'NOOR BANK', 'text-anchor="middle" font-weight="700"')}
  ${text(360, 170, 24, colours.muted, 'Payment Receipt', 'text-anchor="middle"')}
  <line x1="56" y1="230" x2="664" y2="230" stroke="${colours.line}" stroke-width="2" stroke-dasharray="8 6"/>
  ${details}
  <line x1="56" y1="880" x2="664" y2="880" stroke="${colours.line}" stroke-width="2" stroke-dasharray="8 6"/>
  ${text(360, 940, 20, colours.muted, 'Status: SUCCESSFUL', 'text-anchor="middle"')}`,
    'Liberation Mono, DejaVu Sans Mono, monospace',
  );
}

function layoutSvg(layout: ReceiptLayout, transfer: Transfer, dark: boolean): string {
  const colours = dark ? DARK : LIGHT;
  switch (layout) {
    case 'paisapay-wallet':
      return walletSvg(transfer, colours);
    case 'amana-bank':
      return amanaSvg(transfer, colours);
    case 'noor-slip':
      return slipSvg(transfer, colours);
    default:
      return bankReceiptSvg({
        amountPaisa: transfer.amountPaisa,
        at: transfer.at,
        reference: transfer.transactionId,
        note: transfer.reference ?? undefined,
        from: transfer.payer,
        to: { name: PAYEE_NAME, account: `PK** CRES **** ${transfer.recipientEnding}` },
        feePaisa: 0,
        battery: 64,
      });
  }
}

/** The receipt's picture, as the copy that reached us. */
export async function drawCorpusReceipt(receipt: CorpusReceipt): Promise<Buffer> {
  const transfer = { ...receipt.truth, ...receipt.details };
  let picture = sharp(Buffer.from(layoutSvg(receipt.layout, transfer, receipt.dark)));
  // The bank receipt's own layout has no dark palette: its dark mode is the picture inverted.
  if (receipt.dark && receipt.layout === 'crescent-bank') {
    picture = sharp(await picture.png().toBuffer()).negate({ alpha: false });
  }
  const png = await picture.png().toBuffer();
  const { width = 0, height = 0 } = await sharp(png).metadata();
  switch (receipt.copy) {
    case 'JPEG':
      return sharp(png).jpeg({ quality: receipt.quality }).toBuffer();
    case 'halved':
      return sharp(png)
        .resize({ width: Math.round(width / 2) })
        .png()
        .toBuffer();
    case 'cropped 5 %': {
      const left = Math.round(width * 0.025);
      const top = Math.round(height * 0.025);
      return sharp(png)
        .extract({ left, top, width: width - 2 * left, height: height - 2 * top })
        .png()
        .toBuffer();
    }
    default:
      return png;
  }
}

const PAYERS = [
  { name: 'Ayesha Siddiqui', account: 'PK** CRES **** 4821' },
  { name: 'Hamza Iqbal', account: 'PK** MEZN **** 1907' },
  { name: 'Zainab Raza', account: 'PK** HABB **** 3364' },
  { name: 'Usman Tariq', account: 'PK** UNIL **** 7750' },
];
/** The campus's receiving account: the recipient every corpus receipt should name. */
export const CORPUS_PAY_TO_ACCOUNT = '0000001234560042';
const ID_LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ';

/** A bank's or wallet's own transaction id, in the style of the layout. */
function transactionIdFor(layout: ReceiptLayout, pick: (n: number) => number): string {
  const digits = (count: number) =>
    Array.from({ length: count }, (_, i) => String(i === 0 ? 1 + pick(9) : pick(10))).join('');
  if (layout === 'amana-bank') {
    const letters = Array.from({ length: 3 }, () => ID_LETTERS[pick(ID_LETTERS.length)]).join('');
    return `FT${digits(5)}${letters}${digits(4)}`;
  }
  return digits(layout === 'paisapay-wallet' ? 11 : 12);
}

/**
 * `count` receipts spread evenly over the layouts, half of them dark, each copied one way; one in
 * seven leaves the reference out of the note. The same seed gives the same corpus.
 */
export function buildReceiptCorpus(count: number, seed = 22): CorpusReceipt[] {
  const random = seededRandom(seed);
  const pick = (n: number) => Math.floor(random() * n);
  const start = Date.UTC(2026, 0, 1);
  return Array.from({ length: count }, (_, index) => {
    const layout = RECEIPT_LAYOUTS[index % RECEIPT_LAYOUTS.length] as ReceiptLayout;
    const at = new Date(start + pick(300 * 24 * 60) * 60_000 + pick(60) * 1_000);
    const truth: ReceiptTruth = {
      amountPaisa: (150 + pick(4_850)) * 100 + (layout === 'paisapay-wallet' ? 0 : pick(3) * 50),
      transactionId: transactionIdFor(layout, pick),
      paidAt: `${at.getUTCFullYear()}-${two(at.getUTCMonth() + 1)}-${two(at.getUTCDate())}T${two(at.getUTCHours())}:${two(at.getUTCMinutes())}`,
      reference: pick(7) === 0 ? null : newPaymentReference(pick),
      recipientEnding: CORPUS_PAY_TO_ACCOUNT.slice(-4),
    };
    const details = {
      at,
      payer: PAYERS[pick(PAYERS.length)] ?? (PAYERS[0] as Transfer['payer']),
      retrievalNumber: transactionIdFor('noor-slip', pick),
    };
    const copy = RECEIPT_COPIES[pick(RECEIPT_COPIES.length)] as ReceiptCopy;
    return {
      layout,
      dark: pick(2) === 1,
      copy,
      ...(copy === 'JPEG' ? { quality: 40 + pick(51) } : {}),
      truth,
      details,
    };
  });
}
