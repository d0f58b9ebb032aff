import { createHash } from 'node:crypto';
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import sharp from 'sharp';
import { MAX_INPUT_PIXELS } from './process-image';

/**
 * Fingerprints of a payment screenshot, for finding one used before (issue 16): the SHA-256 of the
 * bytes received (the same file again) and a perceptual hash (the same picture re-encoded, resized
 * or cropped a little).
 *
 * Why the perceptual hash is not a 64-bit dHash: the receipts of a bank app share one layout and
 * differ in a few lines of digits (amount, time, reference), about 1 % of the picture. A 9×8 dHash
 * of the whole receipt cannot see that: over 220 generated receipts of one layout, altered copies
 * (JPEG, resized, 5 % cropped) were up to 15 bits from their original, while every one of the 24,090
 * pairs of different receipts was within 15 bits, and 2,957 of them identical. Three things
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
 * The sizes, the seed and every step below are part of the stored format: changing any of them makes
 * stored hashes incomparable with new ones.
 */

/** Bits of the perceptual hash; its hex is PERCEPTUAL_BITS / 4 characters. */
export const PERCEPTUAL_BITS = 2048;

/**
 * Two screenshots whose perceptual hashes are at most this many bits apart look the same (about
 * 6.3° between their aligned windows). Measured by screenshot-fingerprint.test.ts on 220 receipts of
 * one bank layout: the altered copies issue 16 names (JPEG quality 60, resized to 50 %, 5 % cropped)
 * came 0–53 bits from their originals, harder ones (fitted in 1000 px then JPEG 82; an off-grid
 * crop then JPEG 60) 16–53; two genuine receipts of one payer and amount, minutes apart, 99 or
 * more; the different receipts 163 or more. 72 is where the estimate's tails from 53 and
 * from 99 are about equally far (2.6 and 2.8 standard deviations), and 91 bits below the closest
 * pair of different receipts.
 */
export const LOOKS_SAME_MAX_DISTANCE = 72;

export interface ScreenshotFingerprint {
  /** SHA-256 of the bytes received, 64 hex characters. */
  sha256: string;
  /** Perceptual hash: PERCEPTUAL_BITS bits as lowercase hex. */
  perceptual: string;
}

/** Width the screenshot is analysed at to find its content: a half-size phone screenshot's. */
const ANALYSIS_WIDTH = 360;
/** Height the analysis stops at: a long scrolling capture is analysed narrower instead. */
const ANALYSIS_MAX_HEIGHT = 1440;
/** Bigger pictures are shrunk by sharp first: a screenshot never needs more to be told apart. */
const MAX_DECODED_SIDE = 2000;
/** Difference from the page's background (0–255) from which a pixel is content, not page. */
const CONTENT_DIFFERENCE = 32;
/** A column is the content's left or right edge once it holds this share of the mean column. */
const EDGE_LEVEL = 0.5;
/** Width (analysis px) of the strip an edge is located in, by its centre of mass. */
const EDGE_STRIP = 4;
/** The hashed window: this many content widths above and below the anchor's centre. */
const WINDOW_ABOVE = 0.125;
const WINDOW_BELOW = 1.375;
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

/**
 * SQL for the Hamming distance between a `bit(2048)` column and a perceptual hash (hex): the same
 * number as hammingDistance, on PostgreSQL (14 and later) and PGlite alike (both have bit_count).
 */
export function perceptualDistanceSql(column: SQLWrapper, perceptual: string): SQL<number> {
  return sql<number>`bit_count(${column} # ('x' || ${perceptual}::text)::bit(${sql.raw(String(PERCEPTUAL_BITS))}))::int`;
}

const HEX = /^[0-9a-f]*$/;
/** The value of a lowercase hex digit from its character code. */
const nibble = (code: number) => (code <= 57 ? code - 48 : code - 87);
const NIBBLE_BITS = [0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4];

/** A picture's brightness (0–255) per pixel, row by row. */
interface Luma<Pixels extends Uint8Array | Float32Array = Float32Array> {
  pixels: Pixels;
  width: number;
  height: number;
}

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

/** Where the hashed window lies, in analysis pixels. */
interface Frame {
  left: number;
  right: number;
  top: number;
  bottom: number;
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

/**
 * The window to hash. Anchor: the tallest band of rows holding content, away from the picture's top
 * and bottom edges (which a crop may cut through). Without one, the whole picture.
 */
function findFrame(small: Luma, background: number): Frame {
  const { width, height } = small;
  const whole = { left: 0, right: width, top: 0, bottom: height };
  const differs = contentPixels(small, background);
  const anchor = tallestBand(differs, width, height);
  if (!anchor) return whole;

  // A rough content width first (columns with content from the anchor down), to bound the rows
  // whose columns give the precise edges.
  const inColumn = new Uint32Array(width);
  for (let y = anchor.top; y < height; y++) {
    for (let x = 0, i = y * width; x < width; x++, i++) {
      inColumn[x] = (inColumn[x] as number) + (differs[i] as number);
    }
  }
  let roughLeft = 0;
  while (roughLeft < width && (inColumn[roughLeft] as number) < 2) roughLeft++;
  let roughRight = width;
  while (roughRight > roughLeft && (inColumn[roughRight - 1] as number) < 2) roughRight--;
  if (roughRight - roughLeft < 8) return whole;

  const content = contentMass(small, background, differs);
  let mass = 0;
  let moment = 0;
  for (let y = Math.max(0, anchor.top - 2); y < Math.min(height, anchor.bottom + 2); y++) {
    for (let x = 0; x < width; x++) {
      const value = content[y * width + x] as number;
      mass += value;
      moment += value * (y + 0.5);
    }
  }
  const centre = mass > 0 ? moment / mass : (anchor.top + anchor.bottom) / 2;

  const roughWidth = roughRight - roughLeft;
  // Column sums over the window's rows; the rows cut by its top and bottom count for their share.
  const columns = new Float64Array(width);
  const fromRow = centre - WINDOW_ABOVE * roughWidth;
  const toRow = centre + WINDOW_BELOW * roughWidth;
  for (let y = Math.max(0, Math.floor(fromRow)); y < Math.min(height, Math.ceil(toRow)); y++) {
    const share = Math.min(toRow, y + 1) - Math.max(fromRow, y);
    for (let x = 0; x < width; x++) {
      columns[x] = (columns[x] as number) + share * (content[y * width + x] as number);
    }
  }
  let total = 0;
  for (const column of columns) total += column;
  if (total <= 0) return whole;
  // Each edge: where the columns first rise to EDGE_LEVEL of the mean column's mass (a level the
  // resizing and re-encoding of a picture keep, unlike its busiest column's peak), between two
  // columns' centres; then the centre of mass of the strip from there inwards.
  const threshold = EDGE_LEVEL * (total / roughWidth);
  let first = 0;
  while ((columns[first] as number) < threshold) first++;
  let last = width - 1;
  while ((columns[last] as number) < threshold) last--;
  const rise = crossing(columns, first - 1, first, threshold);
  const fall = crossing(columns, last + 1, last, threshold);
  const left = centreOfMass(columns, rise - 1, rise - 1 + EDGE_STRIP);
  const right = centreOfMass(columns, fall + 1 - EDGE_STRIP, fall + 1);
  const contentWidth = right - left;
  if (!(contentWidth >= 8)) return whole;
  return {
    left,
    right,
    top: centre - WINDOW_ABOVE * contentWidth,
    bottom: centre + WINDOW_BELOW * contentWidth,
  };
}

/** 1 where a pixel differs from the page's background by CONTENT_DIFFERENCE or more, else 0. */
function contentPixels(image: Luma, background: number): Uint8Array {
  const differs = new Uint8Array(image.pixels.length);
  for (let i = 0; i < differs.length; i++) {
    if (Math.abs((image.pixels[i] as number) - background) >= CONTENT_DIFFERENCE) differs[i] = 1;
  }
  return differs;
}

/**
 * How much each pixel differs from the page's background, on content and next to it (the 3×3
 * around it) only. Where it counts, it counts in proportion (a pixel half covered by a stroke weighs
 * half), so the mass, and so the centres of mass that place the frame, survive resizing and
 * re-encoding.
 */
function contentMass(image: Luma, background: number, differs: Uint8Array): Float32Array {
  const { width, height, pixels } = image;
  // Content or next to it: first along each row, then down each column.
  const across = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0, i = y * width; x < width; x++, i++) {
      across[i] =
        (differs[i] as number) |
        (x > 0 ? (differs[i - 1] as number) : 0) |
        (x + 1 < width ? (differs[i + 1] as number) : 0);
    }
  }
  const mass = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0, i = y * width; x < width; x++, i++) {
      const near =
        (across[i] as number) |
        (y > 0 ? (across[i - width] as number) : 0) |
        (y + 1 < height ? (across[i + width] as number) : 0);
      if (near) mass[i] = Math.abs((pixels[i] as number) - background);
    }
  }
  return mass;
}

/** The mean of each pixel's (2·radius + 1)² neighbourhood, cut off at the border. */
function boxMeans(image: Luma, radius: number): Float32Array {
  const { width, height, pixels } = image;
  const stride = width + 1;
  const sums = new Float64Array(stride * (height + 1));
  for (let y = 0; y < height; y++) {
    let row = 0;
    for (let x = 0; x < width; x++) {
      row += pixels[y * width + x] as number;
      sums[(y + 1) * stride + x + 1] = (sums[y * stride + x + 1] as number) + row;
    }
  }
  const means = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    const y0 = Math.max(0, y - radius);
    const y1 = Math.min(height, y + radius + 1);
    for (let x = 0; x < width; x++) {
      const x0 = Math.max(0, x - radius);
      const x1 = Math.min(width, x + radius + 1);
      const sum =
        (sums[y1 * stride + x1] as number) -
        (sums[y0 * stride + x1] as number) -
        (sums[y1 * stride + x0] as number) +
        (sums[y0 * stride + x0] as number);
      means[y * width + x] = sum / ((y1 - y0) * (x1 - x0));
    }
  }
  return means;
}

/** The tallest run of rows with content (two pixels or more) touching neither top nor bottom. */
function tallestBand(differs: Uint8Array, width: number, height: number) {
  let tallest: { top: number; bottom: number } | undefined;
  let top = -1;
  for (let y = 0; y <= height; y++) {
    let count = 0;
    if (y < height) {
      for (let x = 0, i = y * width; x < width && count < 2; x++, i++)
        count += differs[i] as number;
    }
    if (count >= 2) {
      if (top < 0) top = y;
    } else if (top >= 0) {
      const touchesEdge = top === 0 || y === height;
      if (!touchesEdge && (!tallest || y - top > tallest.bottom - tallest.top)) {
        tallest = { top, bottom: y };
      }
      top = -1;
    }
  }
  return tallest;
}

/**
 * Where `values` reach `level` between the centres of pixels `outer` (below it, or outside) and
 * `inner` (at or above it), by straight-line interpolation.
 */
function crossing(values: Float64Array, outer: number, inner: number, level: number): number {
  const below = (values[outer] as number | undefined) ?? 0;
  const above = values[inner] as number;
  const along = above > below ? (level - below) / (above - below) : 1;
  return outer + 0.5 + (inner - outer) * along;
}

/** The centre of mass of `values` over [from, to), pixels cut by either end counting for their share. */
function centreOfMass(values: Float64Array, from: number, to: number): number {
  let mass = 0;
  let moment = 0;
  for (let i = Math.max(0, Math.floor(from)); i < Math.min(values.length, Math.ceil(to)); i++) {
    const share = Math.min(to, i + 1) - Math.max(from, i);
    mass += share * (values[i] as number);
    moment += share * (values[i] as number) * (i + 0.5);
  }
  return moment / mass;
}

/** The page's background: the most common brightness (every third pixel is plenty to tell). */
function mostCommonLevel(image: Luma): number {
  const counts = new Uint32Array(256);
  const { pixels } = image;
  for (let i = 0; i < pixels.length; i += 3) {
    const level = ((pixels[i] as number) + 0.5) | 0;
    counts[level] = (counts[level] as number) + 1;
  }
  let best = 0;
  for (let level = 1; level < 256; level++) {
    if ((counts[level] as number) > (counts[best] as number)) best = level;
  }
  return best;
}

/**
 * The area-weighted average of `image` over `region` (fractional pixel bounds) on a width × height
 * grid; parts of the region outside the picture count as `outside`.
 */
function resample(
  image: Luma<Uint8Array>,
  region: Frame,
  width: number,
  height: number,
  outside: number,
): Luma {
  const columns = cover(region.left, region.right, width, image.width);
  const rows = cover(region.top, region.bottom, height, image.height);
  const source = image.pixels;
  const sourceWidth = image.width;
  // Down the rows first (whole source rows at a time, the fast direction in memory), then across.
  const firstColumn = columns.first[0] as number;
  const lastColumn = (columns.first[width - 1] as number) + (columns.count[width - 1] as number);
  const span = Math.max(0, lastColumn - firstColumn);
  const down = new Float32Array(height * span);
  for (let y = 0; y < height; y++) {
    const from = (rows.first[y] as number) * sourceWidth + firstColumn;
    const at = rows.offset[y] as number;
    const n = rows.count[y] as number;
    const target = y * span;
    for (let i = 0; i < n; i++) {
      const weight = rows.share[at + i] as number;
      const line = from + i * sourceWidth;
      for (let x = 0; x < span; x++) {
        down[target + x] = (down[target + x] as number) + weight * (source[line + x] as number);
      }
    }
  }
  const pixels = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    const rowOutside = (rows.outside[y] as number) * outside;
    const line = y * span - firstColumn;
    for (let x = 0; x < width; x++) {
      const from = line + (columns.first[x] as number);
      const at = columns.offset[x] as number;
      const n = columns.count[x] as number;
      let sum = 0;
      for (let i = 0; i < n; i++)
        sum += (columns.share[at + i] as number) * (down[from + i] as number);
      // A cell's share outside the picture, across or down, shows the background.
      const inside = 1 - (columns.outside[x] as number);
      pixels[y * width + x] = sum + (columns.outside[x] as number) * outside + inside * rowOutside;
    }
  }
  return { pixels, width, height };
}

/**
 * For each of `cells` equal cells over [from, to): the first source pixel (of `size`) it covers,
 * how many, the share of the cell each covers (from `offset` in `share`), and the share outside.
 */
function cover(from: number, to: number, cells: number, size: number) {
  const step = (to - from) / cells;
  const first = new Int32Array(cells);
  const count = new Int32Array(cells);
  const offset = new Int32Array(cells);
  const outsideShare = new Float32Array(cells);
  const shares: number[] = [];
  for (let cell = 0; cell < cells; cell++) {
    const start = from + cell * step;
    const end = start + step;
    const begin = Math.min(size, Math.max(0, Math.floor(start)));
    const stop = Math.max(begin, Math.min(size, Math.ceil(end)));
    first[cell] = begin;
    count[cell] = stop - begin;
    offset[cell] = shares.length;
    let inside = 0;
    for (let i = begin; i < stop; i++) {
      const share = (Math.min(end, i + 1) - Math.max(start, i)) / step;
      shares.push(share);
      inside += share;
    }
    outsideShare[cell] = Math.max(0, 1 - inside);
  }
  return { first, count, offset, outside: outsideShare, share: Float32Array.from(shares) };
}

/** Each cell minus the mean of its neighbourhood (DETAIL_RADIUS; fewer cells at the border). */
function detail(grid: Luma): Float64Array {
  const { width, height, pixels } = grid;
  const means = boxMeans(grid, DETAIL_RADIUS);
  const result = new Float64Array(width * height);
  for (let i = 0; i < result.length; i++) result[i] = (pixels[i] as number) - (means[i] as number);
  return result;
}

/** A small seeded generator (mulberry32): the same projections in every process, forever. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const { SIGNS, PICKED } = (() => {
  const random = seeded(SEED);
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
