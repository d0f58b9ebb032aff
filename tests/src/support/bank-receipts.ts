import { seededRandom } from '@campus/api/uploads/seeded-random';
import sharp from 'sharp';

/**
 * Phone screenshots of one bank app's "transfer successful" receipt, drawn with sharp from SVG, for
 * measuring duplicate detection on the hard case: every receipt of a bank shares one layout and
 * differs only in its amount, time, reference and names. Nothing is written to disk.
 */

export const RECEIPT_WIDTH = 720;
export const RECEIPT_HEIGHT = 1480;

export interface BankReceipt {
  /** Amount in paisa; shown as 'Rs 1,234.00'. */
  amountPaisa: number;
  /** When the transfer happened; the phone's status bar shows a minute or two later. */
  at: Date;
  reference: string;
  /** The transfer's note, as the payer typed it; a receipt without one shows its Purpose. */
  note?: string;
  from: { name: string; account: string };
  to: { name: string; account: string };
  feePaisa: number;
  /** Battery percentage in the status bar. */
  battery: number;
}

const GREEN = '#0b6e4f';
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };
const escapeXml = (text: string) => text.replace(/[&<>]/g, (char) => XML_ESCAPES[char] ?? char);
const two = (n: number) => String(n).padStart(2, '0');

function rupees(paisa: number): string {
  const whole = Math.floor(paisa / 100).toLocaleString('en-US');
  return `Rs ${whole}.${two(paisa % 100)}`;
}

function clock(at: Date): string {
  const hours = at.getUTCHours();
  return `${two(hours % 12 || 12)}:${two(at.getUTCMinutes())} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** A label on the left and its value on the right, as bank apps list a transfer's details. */
function detailRow(y: number, label: string, value: string, second?: string): string {
  const valueText = `<text x="672" y="${y}" font-size="26" fill="#1f2937" text-anchor="end" font-weight="700">${escapeXml(value)}</text>`;
  const secondText = second
    ? `<text x="672" y="${y + 36}" font-size="22" fill="#6b7280" text-anchor="end">${escapeXml(second)}</text>`
    : '';
  return `<text x="48" y="${y}" font-size="24" fill="#6b7280">${escapeXml(label)}</text>${valueText}${secondText}`;
}

/** The SVG of one receipt as the phone shows it, status bar included. */
export function bankReceiptSvg(receipt: BankReceipt): string {
  const { at } = receipt;
  const shot = new Date(at.getTime() + 60_000 + (at.getTime() % 60_000));
  const date = `${two(at.getUTCDate())} ${MONTHS[at.getUTCMonth()]} ${at.getUTCFullYear()}`;
  const battery = Math.round(receipt.battery * 0.3);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${RECEIPT_WIDTH}" height="${RECEIPT_HEIGHT}" font-family="DejaVu Sans, sans-serif">
  <rect width="720" height="1480" fill="#f3f4f6"/>
  <rect width="720" height="150" fill="${GREEN}"/>
  <text x="32" y="34" font-size="24" fill="#ffffff">${shot.getUTCHours()}:${two(shot.getUTCMinutes())}</text>
  <rect x="560" y="16" width="6" height="18" fill="#ffffff"/><rect x="570" y="12" width="6" height="22" fill="#ffffff"/>
  <rect x="580" y="8" width="6" height="26" fill="#ffffff"/>
  <text x="640" y="34" font-size="20" fill="#ffffff" text-anchor="end">${receipt.battery}%</text>
  <rect x="648" y="12" width="40" height="22" rx="4" fill="none" stroke="#ffffff" stroke-width="2"/>
  <rect x="652" y="16" width="${battery}" height="14" fill="#ffffff"/>
  <path d="M40 106 l20 -20 M40 106 l20 20 M40 106 h36" stroke="#ffffff" stroke-width="4" fill="none"/>
  <text x="100" y="116" font-size="32" fill="#ffffff" font-weight="700">Crescent Bank</text>
  <rect x="24" y="180" width="672" height="1080" rx="24" fill="#ffffff"/>
  <circle cx="360" cy="280" r="64" fill="#16a34a"/>
  <path d="M326 282 l24 24 l44 -50" stroke="#ffffff" stroke-width="12" fill="none" stroke-linecap="round" stroke-linejoin="round"/>
  <text x="360" y="398" font-size="34" fill="#111827" text-anchor="middle" font-weight="700">Transfer successful</text>
  <text x="360" y="486" font-size="60" fill="#111827" text-anchor="middle" font-weight="700">${rupees(receipt.amountPaisa)}</text>
  <text x="360" y="536" font-size="24" fill="#6b7280" text-anchor="middle">${date}, ${clock(at)}</text>
  <line x1="48" y1="580" x2="672" y2="580" stroke="#e5e7eb" stroke-width="2"/>
  ${detailRow(636, 'From', receipt.from.name, receipt.from.account)}
  ${detailRow(746, 'To', receipt.to.name, receipt.to.account)}
  ${detailRow(856, 'Reference no.', receipt.reference)}
  ${detailRow(926, 'Transaction fee', rupees(receipt.feePaisa))}
  ${detailRow(996, 'Channel', 'Mobile app (IBFT)')}
  ${detailRow(1066, receipt.note ? 'Note' : 'Purpose', receipt.note ?? 'Payment of goods')}
  <line x1="48" y1="1120" x2="672" y2="1120" stroke="#e5e7eb" stroke-width="2"/>
  <text x="360" y="1176" font-size="20" fill="#9ca3af" text-anchor="middle">This is a computer generated receipt.</text>
  <text x="360" y="1208" font-size="20" fill="#9ca3af" text-anchor="middle">Helpline 111-000-111</text>
  <rect x="48" y="1300" width="300" height="88" rx="44" fill="none" stroke="${GREEN}" stroke-width="3"/>
  <text x="198" y="1356" font-size="28" fill="${GREEN}" text-anchor="middle" font-weight="700">Share</text>
  <rect x="372" y="1300" width="300" height="88" rx="44" fill="${GREEN}"/>
  <text x="522" y="1356" font-size="28" fill="#ffffff" text-anchor="middle" font-weight="700">Done</text>
  <rect x="260" y="1450" width="200" height="8" rx="4" fill="#9ca3af"/>
</svg>`;
}

/** A receipt as the phone saves its screenshot: a PNG. */
export function drawBankReceipt(receipt: BankReceipt): Promise<Buffer> {
  return sharp(Buffer.from(bankReceiptSvg(receipt)))
    .png()
    .toBuffer();
}

/** Few payers, one payee: most pairs of receipts name the same two people, as on one campus. */
const PAYERS = [
  { name: 'Ayesha Siddiqui', account: 'PK** CRES **** 4821' },
  { name: 'Hamza Iqbal', account: 'PK** CRES **** 1907' },
  { name: 'Zainab Raza', account: 'PK** MEZN **** 3364' },
  { name: 'Usman Tariq', account: 'PK** HABB **** 7750' },
];
const PAYEE = { name: 'CampusBucket Foods', account: 'PK** CRES **** 0042' };

/**
 * `count` receipts that all differ in amount (a few of them by a single digit), time and
 * reference, from a handful of payers to one payee; the same seed gives the same receipts.
 */
export function buildBankReceipts(count: number, seed = 16): BankReceipt[] {
  const random = seededRandom(seed);
  const pick = (n: number) => Math.floor(random() * n);
  const amounts = new Set<number>();
  const receipts: BankReceipt[] = [];
  const start = Date.UTC(2025, 0, 1);
  while (receipts.length < count) {
    const previous = receipts.at(-1);
    // Every fifth amount is the previous one with its tens of rupees changed: the closest call.
    let amountPaisa = (150 + pick(4_850)) * 100 + (pick(4) === 0 ? pick(100) : 0);
    if (previous && receipts.length % 5 === 0) {
      const tens = Math.floor(previous.amountPaisa / 1_000) % 10;
      amountPaisa = previous.amountPaisa + (((tens + 1 + pick(9)) % 10) - tens) * 1_000;
    }
    while (amounts.has(amountPaisa)) amountPaisa += 100;
    amounts.add(amountPaisa);
    receipts.push({
      amountPaisa,
      at: new Date(start + pick(90 * 24 * 60) * 60_000),
      reference: String(100_000_000_000 + pick(899_999_999_999)),
      from: PAYERS[pick(PAYERS.length)] ?? PAYERS[0],
      to: PAYEE,
      feePaisa: pick(3) === 0 ? 0 : 1_500,
      battery: 15 + pick(85),
    } as BankReceipt);
  }
  return receipts;
}
