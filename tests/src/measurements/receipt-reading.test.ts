import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { receiptDifferences } from '@campus/shared/domain/receipt-check';
import { type ReceiptReading, readReceipt } from '@campus/shared/domain/receipt-reading';
import { createReceiptReader, type ReceiptReader } from '@campus/worker/receipts/receipt-reader';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BankReceipt, buildBankReceipts, drawBankReceipt } from '../support/bank-receipts';
import {
  buildReceiptCorpus,
  CORPUS_PAY_TO_ACCOUNT,
  drawCorpusReceipt,
  RECEIPT_LAYOUTS,
} from '../support/receipt-corpus';

// The worker's receipt reader (tesseract.js, the model from its npm package) on receipts drawn in
// one bank app's layout, as phones save them and as they reach us after being passed around:
// dark mode, JPEG-recompressed, halved, cropped. Every field must be read right on every one.

const two = (n: number) => String(n).padStart(2, '0');
/** The receipt's time as it prints it (its `at` in UTC fields), as the reading gives it. */
const printedAt = (at: Date) =>
  `${at.getUTCFullYear()}-${two(at.getUTCMonth() + 1)}-${two(at.getUTCDate())}T${two(at.getUTCHours())}:${two(at.getUTCMinutes())}`;

const VARIANTS: Record<string, (png: Buffer) => Promise<Buffer>> = {
  'as saved': async (png) => png,
  'dark mode': (png) => sharp(png).negate({ alpha: false }).png().toBuffer(),
  'JPEG q40': (png) => sharp(png).jpeg({ quality: 40 }).toBuffer(),
  halved: (png) => sharp(png).resize({ width: 360 }).png().toBuffer(),
  'cropped 5 %': (png) =>
    sharp(png).extract({ left: 18, top: 37, width: 684, height: 1406 }).png().toBuffer(),
};

const receipts: BankReceipt[] = buildBankReceipts(3, 44).map((receipt, at) => ({
  ...receipt,
  // The first one's payer left the reference out of the note.
  note: at === 0 ? undefined : `CB-${'7K3QM'.slice(at - 1)}${'HJK'.slice(0, at - 1)}`,
}));

let reader: ReceiptReader;
beforeAll(() => {
  reader = createReceiptReader({ timeLimitMs: 60_000 });
});
afterAll(async () => {
  await reader?.close();
});

async function readPicture(picture: Buffer): Promise<ReceiptReading> {
  const text = await reader.read(picture);
  if (!text.read) throw new Error(`not read: ${text.reason}`);
  return readReceipt(text.lines);
}

// A reading takes a second or more of CPU, and the engine's start another.
describe('the receipt reader', { timeout: 120_000 }, () => {
  for (const [variant, make] of Object.entries(VARIANTS)) {
    it(`reads amount, transaction id, date, recipient and reference: ${variant}`, async () => {
      for (const receipt of receipts) {
        const reading = await readPicture(await make(await drawBankReceipt(receipt)));
        expect(reading.amount?.value, variant).toBe(receipt.amountPaisa);
        expect(reading.transactionId?.value, variant).toBe(receipt.reference);
        expect(reading.paidAt?.value, variant).toBe(printedAt(receipt.at));
        expect(reading.recipientAccountEnding?.value, variant).toBe('0042');
        expect(reading.references, variant).toEqual(receipt.note ? [receipt.note] : []);
        expect(reading.amount?.confidence ?? 0).toBeGreaterThan(50);
      }
    });
  }

  it('reads every field of each layout of the receipt corpus, light and dark', async () => {
    // The corpus's first receipt of each layout, as saved, in each mode: the bench reads hundreds.
    const corpus = buildReceiptCorpus(RECEIPT_LAYOUTS.length);
    for (const dark of [false, true]) {
      for (const receipt of corpus) {
        const drawn = { ...receipt, dark, copy: 'as saved' as const };
        const reading = await readPicture(await drawCorpusReceipt(drawn));
        const label = `${receipt.layout}${dark ? ' dark' : ''}`;
        expect(reading.amount?.value, label).toBe(receipt.truth.amountPaisa);
        expect(reading.transactionId?.value, label).toBe(receipt.truth.transactionId);
        expect(reading.paidAt?.value, label).toBe(receipt.truth.paidAt);
        expect(reading.recipientAccountEnding?.value, label).toBe(CORPUS_PAY_TO_ACCOUNT.slice(-4));
        expect(reading.references, label).toEqual(
          receipt.truth.reference ? [receipt.truth.reference] : [],
        );
      }
    }
  });

  it('finds a receipt in Urdu only unread: the model reads English', async () => {
    // The English model makes letters of Urdu, with next to no confidence.
    const urdu = [
      'رقم منتقل کر دی گئی',
      'قیمت ۱٬۰۲۰',
      'ٹرانزیکشن نمبر ۱۲۳۴۵۶۷۸۹۰۱',
      'تاریخ ۰۲ دسمبر ۲۰۲۶',
      'بنام کیمپس بکٹ فوڈز',
      'پیغام سی بی ادائیگی',
    ];
    const picture = await sharp(
      Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="720" height="1000" font-family="DejaVu Sans">
        <rect width="720" height="1000" fill="#ffffff"/>
        ${urdu.map((line, at) => `<text x="40" y="${120 + at * 100}" font-size="${at === 1 ? 56 : 32}">${line}</text>`).join('')}
        </svg>`,
      ),
    )
      .png()
      .toBuffer();
    const reading = await readPicture(picture);
    expect(
      receiptDifferences(reading, {
        grandTotalPaisa: 102_000,
        paymentReference: 'CB-7K3QM',
        placedAt: '2026-12-02T14:40',
        payToAccountNumber: CORPUS_PAY_TO_ACCOUNT,
        transactionIdAlsoOn: [],
      }).map((difference) => difference.kind),
    ).toEqual(['unread']);
  });

  it('finds too little text in a picture that is no receipt, and refuses what is no picture', async () => {
    const blank = await sharp({
      create: { width: 400, height: 800, channels: 3, background: '#f3f4f6' },
    })
      .png()
      .toBuffer();
    expect((await readPicture(blank)).characters).toBeLessThan(10);
    expect(await reader.read(Buffer.from('not a picture'))).toEqual({
      read: false,
      reason: 'not-an-image',
    });
  });

  it('reads the top of a 10,000 px tall screenshot, and finds no receipt in noise', async () => {
    const receipt = receipts[1] as BankReceipt;
    // A scrolling screenshot: the receipt, then page after page below it.
    const tall = await sharp(await drawBankReceipt(receipt))
      .extend({ bottom: 10_000 - 1_480, background: '#ffffff' })
      .png()
      .toBuffer();
    expect((await sharp(tall).metadata()).height).toBe(10_000);
    const reading = await readPicture(tall);
    expect(reading.amount?.value).toBe(receipt.amountPaisa);
    expect(reading.references).toEqual([receipt.note]);
    // A photo with no text in it, as a selfie would be to the reader: random grey pixels.
    const pixels = Buffer.alloc(300 * 400 * 3);
    let seed = 7;
    for (let i = 0; i < pixels.length; i++) {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      pixels[i] = seed % 256;
    }
    const noise = await sharp(pixels, { raw: { width: 300, height: 400, channels: 3 } })
      .png()
      .toBuffer();
    const nothing = await readPicture(noise);
    expect(nothing.amount).toBeNull();
    expect(nothing.references).toEqual([]);
  });

  it('gives up a reading over its time limit, and reads the next receipt all the same', async () => {
    const hurried = createReceiptReader({ timeLimitMs: 1 });
    const png = await drawBankReceipt(receipts[0] as BankReceipt);
    try {
      expect(await hurried.read(png)).toEqual({ read: false, reason: 'timeout' });
    } finally {
      await hurried.close();
    }
    expect((await readPicture(png)).amount?.value).toBe(receipts[0]?.amountPaisa);
  });

  it('loads its model from the installed package, in a process without a network', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'campus-receipt-'));
    try {
      const picture = join(folder, 'receipt.png');
      writeFileSync(picture, await drawBankReceipt(receipts[1] as BankReceipt));
      // A network namespace of its own holds only a loopback: no download could succeed.
      const { stdout } = await promisify(execFile)(
        'unshare',
        [
          '--map-root-user',
          '--net',
          'node_modules/.bin/tsx',
          'tests/src/support/read-receipt-offline.ts',
          picture,
        ],
        { timeout: 120_000 },
      );
      const reading = JSON.parse(stdout) as ReceiptReading;
      expect(reading.amount?.value).toBe(receipts[1]?.amountPaisa);
      expect(reading.references).toEqual([receipts[1]?.note]);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
