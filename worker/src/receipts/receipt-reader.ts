import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { PAYMENT_REFERENCE_ALPHABET, referencesIn } from '@campus/shared/domain/payment-reference';
import type { ReadLine, TReceiptOutcome } from '@campus/shared/domain/receipt-reading';
import sharp from 'sharp';
import { type Block, createWorker, PSM, type Word, type Worker } from 'tesseract.js';

// Reads the text of a payment screenshot with tesseract.js and the English model shipped inside
// the npm package @tesseract.js-data/eng: never a download (decision 022). One engine per worker
// process, made at the first receipt; a reading over its time limit ends the engine, and the next
// receipt makes a new one, so one bad picture never holds up the others.

const require = createRequire(import.meta.url);

/** The installed model's folder: tesseract.js reads `eng.traineddata.gz` from it. */
export const RECEIPT_MODEL_PATH = join(
  dirname(require.resolve('@tesseract.js-data/eng/package.json')),
  '4.0.0_best_int',
);

/**
 * Receipts are read at this width: a phone screenshot's text at the size the engine reads best,
 * whether the copy we got was halved on its way or saved at a tablet's width.
 */
const READ_WIDTH = 1_000;
/** A taller picture is read down to this height: what a receipt says is at its top. */
const READ_HEIGHT = 4_000;
/** A picture darker than this on average (0-255) is a dark-mode screenshot: read inverted. */
const DARK_MEAN = 110;
/**
 * How a whole receipt is read: its layout found by the engine (measured on the receipt corpus:
 * tesseract.js's own default, one block of text, loses a wallet's big amount line), every
 * character allowed.
 */
const WHOLE_PAGE = { tessedit_pageseg_mode: PSM.AUTO, tessedit_char_whitelist: '' };
/**
 * A word that starts as a payment reference does but is none: the model reads a code of random
 * letters as if it were English ('CB-HX5wWY', 'CB-GWFS8A' in the receipt corpus), so it is read
 * again alone, as a line of the reference's characters only (decision 022).
 */
const LIKE_A_REFERENCE = /^C[B8][-\s]?\S{3,8}$/i;
const REFERENCE_CHARACTERS = `${PAYMENT_REFERENCE_ALPHABET}-`;
/** Words read again alone, at most, per receipt. */
const SECOND_LOOKS = 3;
/** White around a word read again alone, in pixels of the prepared picture. */
const WORD_MARGIN = 12;

export type ReceiptText =
  | { read: true; lines: ReadLine[] }
  | { read: false; reason: Exclude<TReceiptOutcome, 'read' | 'no-picture'> };

export interface ReceiptReader {
  read(image: Buffer): Promise<ReceiptText>;
  close(): Promise<void>;
}

/** The picture as the engine reads it best: grey, dark text on light, at most READ_WIDTH wide. */
async function prepared(image: Buffer): Promise<Buffer | null> {
  try {
    const scaled = sharp(image, { limitInputPixels: 100_000_000 })
      .rotate()
      .resize({ width: READ_WIDTH });
    const { data, info } = await scaled
      .clone()
      .greyscale()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const height = Math.min(info.height, READ_HEIGHT);
    let mean = 0;
    for (let at = 0; at < info.width * height; at++) mean += data[at] ?? 0;
    mean /= Math.max(1, info.width * height);
    const grey = sharp(data, { raw: info })
      .extract({ left: 0, top: 0, width: info.width, height })
      .toColourspace('b-w');
    return await (mean < DARK_MEAN ? grey.negate({ alpha: false }) : grey).png().toBuffer();
  } catch {
    return null;
  }
}

/** The word as a reference when read alone, or null when that reads no reference either. */
async function readAgainAlone(worker: Worker, picture: Buffer, word: Word): Promise<string | null> {
  const { x0, y0, x1, y1 } = word.bbox;
  const alone = await sharp(picture)
    .extract({ left: x0, top: y0, width: Math.max(1, x1 - x0), height: Math.max(1, y1 - y0) })
    .extend({
      top: WORD_MARGIN,
      bottom: WORD_MARGIN,
      left: WORD_MARGIN,
      right: WORD_MARGIN,
      background: '#ffffff',
    })
    .png()
    .toBuffer();
  const { data } = await worker.recognize(alone);
  return referencesIn(data.text.replace(/\s+/g, ''))[0] ?? null;
}

/** The lines of a reading, each word that looks like a reference and is none read again alone. */
async function linesOf(
  worker: Worker,
  picture: Buffer,
  blocks: Block[] | null,
): Promise<ReadLine[]> {
  const lines = (blocks ?? []).flatMap((block) =>
    block.paragraphs.flatMap((paragraph) => paragraph.lines),
  );
  const doubtful = lines
    .flatMap((line) => line.words)
    .filter((word) => LIKE_A_REFERENCE.test(word.text) && referencesIn(word.text).length === 0)
    .slice(0, SECOND_LOOKS);
  const readAgain = new Map<Word, string>();
  if (doubtful.length > 0) {
    await worker.setParameters({
      tessedit_char_whitelist: REFERENCE_CHARACTERS,
      tessedit_pageseg_mode: PSM.SINGLE_LINE,
    });
    try {
      for (const word of doubtful) {
        const reference = await readAgainAlone(worker, picture, word);
        if (reference) readAgain.set(word, reference);
      }
    } finally {
      await worker.setParameters(WHOLE_PAGE);
    }
  }
  return lines.map((line) => ({
    text: line.words
      .map((word) => readAgain.get(word) ?? word.text)
      .join(' ')
      .trim(),
    confidence: line.confidence,
  }));
}

/** A reader whose every reading ends within `timeLimitMs`. */
export function createReceiptReader(options: { timeLimitMs: number }): ReceiptReader {
  let engine: Promise<Worker> | null = null;
  const start = () => {
    engine ??= createWorker('eng', 1, {
      langPath: RECEIPT_MODEL_PATH,
      gzip: true,
      cacheMethod: 'none',
    }).then(async (worker) => {
      // Screenshots carry no resolution: say one, rather than let the engine guess and warn.
      await worker.setParameters({ user_defined_dpi: '300', ...WHOLE_PAGE });
      return worker;
    });
    return engine;
  };
  const stop = async () => {
    const running = engine;
    engine = null;
    await (await running?.catch(() => null))?.terminate();
  };
  return {
    async read(image) {
      const picture = await prepared(image);
      if (!picture) return { read: false, reason: 'not-an-image' };
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<'late'>((resolve) => {
        timer = setTimeout(() => resolve('late'), options.timeLimitMs);
      });
      try {
        const lines = await Promise.race([
          start().then(async (worker) => {
            const { data } = await worker.recognize(picture, {}, { blocks: true, text: false });
            return linesOf(worker, picture, data.blocks);
          }),
          late,
        ]);
        if (lines === 'late') {
          await stop();
          return { read: false, reason: 'timeout' };
        }
        return { read: true, lines };
      } finally {
        clearTimeout(timer);
      }
    },
    close: stop,
  };
}
