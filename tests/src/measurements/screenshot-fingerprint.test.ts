import {
  fingerprintScreenshot,
  hammingDistance,
  isSameScreenshot,
  type ScreenshotFingerprint,
} from '@campus/api/uploads/screenshot-fingerprint';
import {
  LOOKS_SAME_MAX_DISTANCE,
  PERCEPTUAL_BITS,
} from '@campus/shared/server/screenshots/screenshot-match';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type BankReceipt,
  buildBankReceipts,
  drawBankReceipt,
  RECEIPT_HEIGHT,
  RECEIPT_WIDTH,
} from '../support/bank-receipts';

const fingerprint = async (bytes: Buffer) => {
  const result = await fingerprintScreenshot(bytes);
  if (!result) throw new Error('a drawn receipt did not fingerprint');
  return result;
};

/**
 * The measurement that chose LOOKS_SAME_MAX_DISTANCE (decision 011). Receipts of one bank app share
 * their layout and differ in a few lines of digits: the hard case for a perceptual hash.
 */
describe('duplicate screenshots, measured on receipts of one bank layout', () => {
  const RECEIPTS = 220;
  const ALTERED = 20;
  const RECEIPTS_WITH_MINIMAL_TWINS = 10;

  /** The alterations decision 011 names; each must still be flagged as the same screenshot. */
  const ALTERATIONS: Record<string, (png: Buffer) => Promise<Buffer>> = {
    'JPEG quality 60': (png) => sharp(png).jpeg({ quality: 60 }).toBuffer(),
    'resized to 50 %': (png) =>
      sharp(png)
        .resize({ width: RECEIPT_WIDTH / 2 })
        .png()
        .toBuffer(),
    '5 % cropped off the top': (png) => crop(png, { top: 0.05 }),
    '5 % cropped, 2.5 % off each edge': (png) =>
      crop(png, { top: 0.025, bottom: 0.025, left: 0.025, right: 0.025 }),
  };
  /** Harder, not named by the issue: a phone's or messenger's downscale and JPEG together. */
  const HARDER_ALTERATIONS: Record<string, (png: Buffer) => Promise<Buffer>> = {
    'fitted in 1000 px, JPEG 82': (png) =>
      sharp(png)
        .resize({ width: 1000, height: 1000, fit: 'inside' })
        .jpeg({ quality: 82 })
        .toBuffer(),
    'cropped 3 px off the left, 77 off the top, then JPEG 60': (png) =>
      sharp(png)
        .extract({ left: 3, top: 77, width: RECEIPT_WIDTH - 6, height: RECEIPT_HEIGHT - 80 })
        .jpeg({ quality: 60 })
        .toBuffer(),
  };
  /** The closest two genuine receipts come: same payer, same amount, minutes apart. */
  const MINIMAL_TWINS: Record<string, (receipt: BankReceipt, n: number) => BankReceipt> = {
    'same amount, payer and minute; another reference': (receipt, n) => ({
      ...receipt,
      reference: String(
        100_000_000_000 + ((Number(receipt.reference) * 7_919 + n) % 899_999_999_999),
      ),
    }),
    'same amount and payer; another reference, 3 minutes later': (receipt, n) => ({
      ...receipt,
      reference: String(
        100_000_000_000 + ((Number(receipt.reference) * 104_729 + n) % 899_999_999_999),
      ),
      at: new Date(receipt.at.getTime() + 3 * 60_000),
    }),
  };

  let originals: ScreenshotFingerprint[] = [];
  let msPerScreenshot = 0;
  /** The plain 64-bit dHash of each receipt and of each altered copy, for comparison. */
  let plainOriginals: bigint[] = [];
  const plainAltered: { of: number; dHash: bigint }[] = [];
  const altered: {
    of: number;
    kind: string;
    harder: boolean;
    fingerprint: ScreenshotFingerprint;
  }[] = [];
  const twins: { of: number; kind: string; fingerprint: ScreenshotFingerprint }[] = [];
  const report: string[] = [];

  beforeAll(async () => {
    const receipts = buildBankReceipts(RECEIPTS);
    const pngs = await Promise.all(receipts.map(drawBankReceipt));
    const started = performance.now();
    originals = [];
    for (const png of pngs) originals.push(await fingerprint(png));
    msPerScreenshot = (performance.now() - started) / pngs.length;
    plainOriginals = await Promise.all(pngs.map(plainDHash));

    const step = Math.floor(RECEIPTS / ALTERED);
    for (let of = 0; of < RECEIPTS; of += step) {
      const png = pngs[of] as Buffer;
      for (const [harder, alterations] of [
        [false, ALTERATIONS],
        [true, HARDER_ALTERATIONS],
      ] as const) {
        for (const [kind, alter] of Object.entries(alterations)) {
          const copy = await alter(png);
          altered.push({ of, kind, harder, fingerprint: await fingerprint(copy) });
          if (!harder) plainAltered.push({ of, dHash: await plainDHash(copy) });
        }
      }
    }
    const twinStep = Math.floor(RECEIPTS / RECEIPTS_WITH_MINIMAL_TWINS);
    for (let of = 0; of < RECEIPTS; of += twinStep) {
      for (const [kind, twin] of Object.entries(MINIMAL_TWINS)) {
        const png = await drawBankReceipt(twin(receipts[of] as BankReceipt, of));
        twins.push({ of, kind, fingerprint: await fingerprint(png) });
      }
    }
  }, 180_000);

  afterAll(() => {
    if (report.length === 0) return;
    console.log(
      [
        `Duplicate screenshots, measured (perceptual hash ${PERCEPTUAL_BITS} bits; looks the same at <= ${LOOKS_SAME_MAX_DISTANCE} bits apart):`,
        ...report,
        `  fingerprinting took ${msPerScreenshot.toFixed(1)} ms per ${RECEIPT_WIDTH}x${RECEIPT_HEIGHT} screenshot (mean of ${RECEIPTS}, one after another)`,
        plainDHashReport(),
      ].join('\n'),
    );
  });

  /** What a plain 64-bit dHash would have done with the same receipts and copies. */
  function plainDHashReport(): string {
    const copies = plainAltered.map(({ of, dHash }) =>
      bitCount(dHash ^ (plainOriginals[of] as bigint)),
    );
    const needed = Math.max(...copies);
    let identical = 0;
    let withinNeeded = 0;
    for (let i = 0; i < plainOriginals.length; i++) {
      for (let j = i + 1; j < plainOriginals.length; j++) {
        const bits = bitCount((plainOriginals[i] as bigint) ^ (plainOriginals[j] as bigint));
        if (bits === 0) identical++;
        if (bits <= needed) withinNeeded++;
      }
    }
    const pairs = (plainOriginals.length * (plainOriginals.length - 1)) / 2;
    return `  for comparison, a plain 64-bit dHash of the whole picture: altered copies ${range(copies)} bits from their original; ${percent(identical, pairs)} pairs of different receipts identical, ${percent(withinNeeded, pairs)} within ${needed} bits (what flagging every altered copy would take)`;
  }

  const distance = (a: ScreenshotFingerprint, b: ScreenshotFingerprint) =>
    hammingDistance(a.perceptual, b.perceptual);
  const range = (values: number[]) => `${Math.min(...values)}–${Math.max(...values)}`;
  const percent = (part: number, whole: number) =>
    `${part}/${whole.toLocaleString('en-US')} (${((100 * part) / whole).toFixed(part === whole || part === 0 ? 0 : 2)} %)`;

  it('flags every altered copy as the same screenshot as its original', () => {
    const required = altered.filter((copy) => !copy.harder);
    expect(required).toHaveLength(ALTERED * Object.keys(ALTERATIONS).length);
    const flagged = required.filter((copy) =>
      isSameScreenshot(copy.fingerprint, originals[copy.of] as ScreenshotFingerprint),
    );
    report.push(
      `  altered copies flagged: ${percent(flagged.length, required.length)}; bits from their original ${range(required.map((copy) => distance(copy.fingerprint, originals[copy.of] as ScreenshotFingerprint)))}`,
    );
    for (const kind of Object.keys(ALTERATIONS)) {
      const copies = required.filter((copy) => copy.kind === kind);
      report.push(
        `    ${kind}: ${range(copies.map((copy) => distance(copy.fingerprint, originals[copy.of] as ScreenshotFingerprint)))}`,
      );
    }
    // The altered bytes differ, so the flag comes from the perceptual hash.
    for (const copy of required) {
      expect(copy.fingerprint.sha256).not.toBe(
        (originals[copy.of] as ScreenshotFingerprint).sha256,
      );
    }
    expect(flagged).toHaveLength(required.length);
  });

  it('flags no pair of different receipts, nor an altered copy against another receipt', () => {
    const pairs: number[] = [];
    for (let i = 0; i < originals.length; i++) {
      for (let j = i + 1; j < originals.length; j++) {
        pairs.push(
          distance(originals[i] as ScreenshotFingerprint, originals[j] as ScreenshotFingerprint),
        );
      }
    }
    const across: number[] = [];
    for (const copy of altered) {
      originals.forEach((original, i) => {
        if (i !== copy.of) across.push(distance(copy.fingerprint, original));
      });
    }
    const flaggedPairs = pairs.filter((bits) => bits <= LOOKS_SAME_MAX_DISTANCE).length;
    const flaggedAcross = across.filter((bits) => bits <= LOOKS_SAME_MAX_DISTANCE).length;
    const sorted = [...pairs].sort((a, b) => a - b);
    report.push(
      `  different receipts flagged: ${percent(flaggedPairs, pairs.length)} pairs of ${originals.length}; bits apart ${range(pairs)} (1st percentile ${sorted[Math.floor(sorted.length / 100)]}, median ${sorted[sorted.length >> 1]})`,
      `  altered copies vs the other receipts flagged: ${percent(flaggedAcross, across.length)}; closest ${Math.min(...across)} bits`,
    );
    expect(new Set(originals.map((original) => original.perceptual)).size).toBe(RECEIPTS);
    expect(flaggedPairs).toBe(0);
    expect(flaggedAcross).toBe(0);
  });

  it('also flags harder alterations, and tells apart the closest genuine receipts', () => {
    const harder = altered.filter((copy) => copy.harder);
    report.push('  harder cases, beyond the issue’s:');
    for (const kind of Object.keys(HARDER_ALTERATIONS)) {
      const copies = harder.filter((copy) => copy.kind === kind);
      const bits = copies.map((copy) =>
        distance(copy.fingerprint, originals[copy.of] as ScreenshotFingerprint),
      );
      report.push(
        `    altered, ${kind}: flagged ${percent(bits.filter((b) => b <= LOOKS_SAME_MAX_DISTANCE).length, bits.length)}; ${range(bits)} bits`,
      );
    }
    for (const kind of Object.keys(MINIMAL_TWINS)) {
      const bits = twins
        .filter((twin) => twin.kind === kind)
        .map((twin) => distance(twin.fingerprint, originals[twin.of] as ScreenshotFingerprint));
      report.push(
        `    different, ${kind}: flagged ${percent(bits.filter((b) => b <= LOOKS_SAME_MAX_DISTANCE).length, bits.length)}; ${range(bits)} bits`,
      );
    }
    for (const copy of harder) {
      expect(isSameScreenshot(copy.fingerprint, originals[copy.of] as ScreenshotFingerprint)).toBe(
        true,
      );
    }
    for (const twin of twins) {
      expect(isSameScreenshot(twin.fingerprint, originals[twin.of] as ScreenshotFingerprint)).toBe(
        false,
      );
    }
  });
});

/** A plain dHash: 9×8 grey cells of the whole picture, each compared with its right neighbour. */
async function plainDHash(bytes: Buffer): Promise<bigint> {
  const cells = await sharp(bytes).greyscale().resize(9, 8, { fit: 'fill' }).raw().toBuffer();
  let hash = 0n;
  for (let y = 0; y < 8; y++) {
    for (let x = 0; x < 8; x++) {
      const brighter = (cells[y * 9 + x + 1] as number) > (cells[y * 9 + x] as number);
      hash = (hash << 1n) | (brighter ? 1n : 0n);
    }
  }
  return hash;
}

function bitCount(value: bigint): number {
  let count = 0;
  for (let rest = value; rest; rest &= rest - 1n) count++;
  return count;
}

/** Cuts the given shares of the receipt's height (top, bottom) and width (left, right) away. */
function crop(
  png: Buffer,
  shares: { top?: number; bottom?: number; left?: number; right?: number },
): Promise<Buffer> {
  const top = Math.round(RECEIPT_HEIGHT * (shares.top ?? 0));
  const left = Math.round(RECEIPT_WIDTH * (shares.left ?? 0));
  const height = RECEIPT_HEIGHT - top - Math.round(RECEIPT_HEIGHT * (shares.bottom ?? 0));
  const width = RECEIPT_WIDTH - left - Math.round(RECEIPT_WIDTH * (shares.right ?? 0));
  return sharp(png).extract({ top, left, width, height }).png().toBuffer();
}
