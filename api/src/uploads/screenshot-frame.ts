// Where a payment screenshot's content lies (screenshot-fingerprint.ts hashes what is found here):
// the picture's page colour, the band that anchors the receipt (a bank's tick or logo), the
// content's left and right edges, and the window below them resampled onto a grid. Every constant
// is part of the stored hash's format.

/** Width the screenshot is analysed at to find its content: a half-size phone screenshot's. */
export const ANALYSIS_WIDTH = 360;
/** Height the analysis stops at: a long scrolling capture is analysed narrower instead. */
export const ANALYSIS_MAX_HEIGHT = 1440;
/** Difference from the page's background (0–255) from which a pixel is content, not page. */
const CONTENT_DIFFERENCE = 32;
/** A column is the content's left or right edge once it holds this share of the mean column. */
const EDGE_LEVEL = 0.5;
/** Width (analysis px) of the strip an edge is located in, by its centre of mass. */
const EDGE_STRIP = 4;
/** The hashed window: this many content widths above and below the anchor's centre. */
const WINDOW_ABOVE = 0.125;
const WINDOW_BELOW = 1.375;

/** A picture's brightness (0–255) per pixel, row by row. */
export interface Luma<Pixels extends Uint8Array | Float32Array = Float32Array> {
  pixels: Pixels;
  width: number;
  height: number;
}

/** Where the hashed window lies, in analysis pixels. */
export interface Frame {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/**
 * The window to hash. Anchor: the tallest band of rows holding content, away from the picture's top
 * and bottom edges (which a crop may cut through). Without one, the whole picture.
 */
export function findFrame(small: Luma, background: number): Frame {
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
export function boxMeans(image: Luma, radius: number): Float32Array {
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
export function mostCommonLevel(image: Luma): number {
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
export function resample(
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
