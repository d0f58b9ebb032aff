import { createHash } from 'node:crypto';
import {
  LOOKS_SAME_MAX_DISTANCE,
  PERCEPTUAL_BITS,
} from '@campus/shared/server/screenshots/screenshot-match';
import type { Logger } from 'pino';
import sharp from 'sharp';
import { MAX_INPUT_PIXELS } from './process-image';
import {
  ANALYSIS_MAX_HEIGHT,
  ANALYSIS_WIDTH,
  boxMeans,
  findFrame,
  type Luma,
  mostCommonLevel,
  resample,
} from './screenshot-frame';
import { seededRandom } from './seeded-random';

/**
 * Fingerprints of a payment screenshot, for finding one used before (decision 011): the SHA-256 of
 * the bytes received (the same file again) and a perceptual hash (the same picture re-encoded,
 * resized or cropped a little).
 *
 * Why the perceptual hash is not a 64-bit dHash: the receipts of a bank app share one layout and
 * differ in a few lines of digits (amount, time, reference), about 1 % of the picture. A 9×8 dHash
 * of the whole receipt cannot see that: over 220 generated receipts of one layout, altered copies
 * (JPEG, resized, 5 % cropped) were up to 15 bits from their original, while every one of the
 * 24,090 pairs of different receipts was within 15 bits, and 2,957 of them identical. Three things
 * separate them (measured in screenshot-fingerprint.test.ts):
 *
 * 1. Align on the content, not the canvas. The tallest band of content away from the picture's
 *    top and bottom (a bank's tick or logo) gives the vertical origin, by its centre of mass; the
 *    left and right edges of the content below it give the horizontal origin and the scale. After
 *    a crop, a resize or a JPEG they move by under 0.15 px of a 720 px-wide screenshot.
 * 2. Hash the aligned window where receipts differ: from just above that element down 1.5 content
 *    widths (amount, time, reference, accounts), sampled on a 128×192 grid (about 5 px of a
 *    720 px-wide screenshot per cell, so small digits still register), each cell minus the mean of
 *    its 5×5 neighbourhood (strokes of text, not flat colour).
 * 3. Enough bits. SimHash (signs of seeded random projections, through a randomized Hadamard
 *    transform) makes the Hamming distance an estimate of the angle between two such windows:
 *    bits × angle / 180°. Altered copies of a receipt stayed within 4.7° of it; two genuine
 *    receipts of one payer and amount, minutes apart, were 8.7° or more apart; other receipts 14°.
 *    On 64 bits that is 1.7, 3.1 and 5.1 bits, inside the estimate's own noise (±1.7 bits); on
 *    2,048 it is 53, 99 and 163 bits, with a threshold between them that both sides clear by
 *    more than 2.5 standard deviations. So the hash is 2,048 bits, 512 hex characters.
 *
 * The sizes, the seed and every step below are part of the stored format: changing any of them
 * makes stored hashes incomparable with new ones.
 */

export interface ScreenshotFingerprint {
  /** SHA-256 of the bytes received, 64 hex characters. */
  sha256: string;
  /** Perceptual hash: PERCEPTUAL_BITS bits as lowercase hex. */
  perceptual: string;
}

/** Bigger pictures are shrunk by sharp first: a screenshot never needs more to be told apart. */
const MAX_DECODED_SIDE = 2000;
const GRID_WIDTH = 128;
const GRID_HEIGHT = 192;
/** Radius of the neighbourhood each grid cell's detail is measured against (a 5×5 mean). */
const DETAIL_RADIUS = 2;
const TRANSFORM_LENGTH = 32_768; // the next power of two above 128 × 192
const SEED = 0x5eed16;

/**
 * The SHA-256 and perceptual hash of uploaded screenshot bytes, or null when sharp cannot decode
 * them (the caller flags the order 'not checked'); the reason is logged when a logger is given.
 */
export async function fingerprintScreenshot(
  bytes: Buffer,
  log?: Pick<Logger, 'warn'>,
): Promise<ScreenshotFingerprint | null> {
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  try {
    return { sha256, perceptual: perceptualHash(await decodeLuma(bytes)) };
  } catch (error) {
    log?.warn({ err: error, sha256 }, 'screenshot not fingerprinted: it does not decode');
    return null;
  }
}

/** Bits that differ between two hashes of the same length, given as hex. */
export function hammingDistance(a: string, b: string): number {
  if (a.length !== b.length || !HEX.test(a) || !HEX.test(b)) {
    throw new TypeError('hammingDistance compares two hex strings of the same length');
  }
  let distance = 0;
  for (let i = 0; i < a.length; i++) {
    distance += NIBBLE_BITS[nibble(a.charCodeAt(i)) ^ nibble(b.charCodeAt(i))] as number;
  }
  return distance;
}

/** The one rule of duplicate screenshots: the same bytes, or pictures that look the same. */
export function isSameScreenshot(a: ScreenshotFingerprint, b: ScreenshotFingerprint): boolean {
  return (
    a.sha256 === b.sha256 || hammingDistance(a.perceptual, b.perceptual) <= LOOKS_SAME_MAX_DISTANCE
  );
}

/** The perceptual hash as a string of 0s and 1s: the value of a `bit(2048)` column. */
export function perceptualBits(perceptual: string): string {
  if (perceptual.length !== PERCEPTUAL_BITS / 4 || !HEX.test(perceptual)) {
    throw new TypeError(`a perceptual hash is ${PERCEPTUAL_BITS / 4} hex characters`);
  }
  return [...perceptual]
    .map((digit) => Number.parseInt(digit, 16).toString(2).padStart(4, '0'))
    .join('');
}

const HEX = /^[0-9a-f]*$/;
/** The value of a lowercase hex digit from its character code. */
const nibble = (code: number) => (code <= 57 ? code - 48 : code - 87);
const NIBBLE_BITS = [0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4];

/**
 * The picture's green channel as its brightness: most of a colour's brightness (59 % of luma), and
 * sharp hands it over without a conversion pass. Transparency is ignored (screenshots have none).
 */
async function decodeLuma(bytes: Buffer): Promise<Luma<Uint8Array>> {
  const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
  const { channels } = await image.metadata();
  image
    .rotate()
    .resize({
      width: MAX_DECODED_SIDE,
      height: MAX_DECODED_SIDE,
      fit: 'inside',
      withoutEnlargement: true,
    })
    .extractChannel(channels >= 3 ? 1 : 0);
  const { data, info } = await image.raw({ depth: 'uchar' }).toBuffer({ resolveWithObject: true });
  return { pixels: data, width: info.width, height: info.height };
}

/** The perceptual hash of a decoded picture: find the frame, sample it, SimHash its detail. */
function perceptualHash(image: Luma<Uint8Array>): string {
  // One scale for both directions (the last row or column may reach past the picture): a frame
  // measured on `small` must land on the same pixels of the picture, however tall it is.
  const scale = Math.max(image.width / ANALYSIS_WIDTH, image.height / ANALYSIS_MAX_HEIGHT);
  const smallWidth = Math.max(1, Math.ceil(image.width / scale - 1e-9));
  const smallHeight = Math.max(1, Math.ceil(image.height / scale - 1e-9));
  const small = resample(
    image,
    { left: 0, right: smallWidth * scale, top: 0, bottom: smallHeight * scale },
    smallWidth,
    smallHeight,
    255,
  );
  const background = mostCommonLevel(small);
  const frame = findFrame(small, background);
  const grid = resample(
    image,
    {
      left: frame.left * scale,
      right: frame.right * scale,
      top: frame.top * scale,
      bottom: frame.bottom * scale,
    },
    GRID_WIDTH,
    GRID_HEIGHT,
    background,
  );
  return simHash(detail(grid));
}

/** Each cell minus the mean of its neighbourhood (DETAIL_RADIUS; fewer cells at the border). */
function detail(grid: Luma): Float64Array {
  const { width, height, pixels } = grid;
  const means = boxMeans(grid, DETAIL_RADIUS);
  const result = new Float64Array(width * height);
  for (let i = 0; i < result.length; i++) result[i] = (pixels[i] as number) - (means[i] as number);
  return result;
}

const { SIGNS, PICKED } = (() => {
  const random = seededRandom(SEED);
  const signs = Float64Array.from({ length: TRANSFORM_LENGTH }, () => (random() < 0.5 ? -1 : 1));
  const order = Array.from({ length: TRANSFORM_LENGTH }, (_, i) => i);
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j] as number, order[i] as number];
  }
  return { SIGNS: signs, PICKED: order.slice(0, PERCEPTUAL_BITS) };
})();

/**
 * Signs of PERCEPTUAL_BITS random projections of the vector (random signs, then a Walsh–Hadamard
 * transform, then a random choice of its outputs): bits differ with probability angle / 180°.
 */
function simHash(vector: Float64Array): string {
  const values = new Float64Array(TRANSFORM_LENGTH);
  for (let i = 0; i < vector.length; i++) values[i] = (vector[i] as number) * (SIGNS[i] as number);
  for (let half = 1; half < TRANSFORM_LENGTH; half <<= 1) {
    for (let start = 0; start < TRANSFORM_LENGTH; start += half << 1) {
      for (let i = start; i < start + half; i++) {
        const a = values[i] as number;
        const b = values[i + half] as number;
        values[i] = a + b;
        values[i + half] = a - b;
      }
    }
  }
  let hex = '';
  for (let nibble = 0; nibble < PERCEPTUAL_BITS / 4; nibble++) {
    let digit = 0;
    for (let bit = 0; bit < 4; bit++) {
      digit = (digit << 1) | ((values[PICKED[nibble * 4 + bit] as number] as number) > 0 ? 1 : 0);
    }
    hex += digit.toString(16);
  }
  return hex;
}
