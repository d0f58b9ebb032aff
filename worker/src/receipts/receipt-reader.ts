import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { ReadLine, TReceiptOutcome } from '@campus/shared/domain/receipt-reading';
import sharp from 'sharp';
import { type Block, createWorker, type Worker } from 'tesseract.js';

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

function linesOf(blocks: Block[] | null): ReadLine[] {
  return (blocks ?? []).flatMap((block) =>
    block.paragraphs.flatMap((paragraph) =>
      paragraph.lines.map((line) => ({ text: line.text.trim(), confidence: line.confidence })),
    ),
  );
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
      await worker.setParameters({ user_defined_dpi: '300' });
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
        const outcome = await Promise.race([
          start().then((worker) => worker.recognize(picture, {}, { blocks: true, text: false })),
          late,
        ]);
        if (outcome === 'late') {
          await stop();
          return { read: false, reason: 'timeout' };
        }
        return { read: true, lines: linesOf(outcome.data.blocks) };
      } finally {
        clearTimeout(timer);
      }
    },
    close: stop,
  };
}
