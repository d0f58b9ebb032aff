import { SCREENSHOT_MAX_BYTES, SCREENSHOT_MAX_DIMENSION_PX } from '@campus/shared/domain/limits';
import { sniffImageFormat, UPLOAD_MESSAGES } from '@campus/shared/domain/uploads';
import { newId } from '@campus/shared/server/db/ids';
import sharp, { type OutputInfo } from 'sharp';
import { invalidArgument, payloadTooLarge } from '../http/errors';
import type { CleanImage, UploadPurpose } from './image-store';

/**
 * A 0.5 MB file can still claim a huge canvas (a decompression bomb); 40 MP is above any phone
 * camera in use and far below what would exhaust memory.
 */
export const MAX_INPUT_PIXELS = 40_000_000;

/** Quality of re-encoded JPEGs: text in a bank app's screenshot stays readable. */
export const JPEG_QUALITY = 82;

const notAnImage = (logMessage: string, cause?: unknown) =>
  invalidArgument(UPLOAD_MESSAGES.notAnImage, { logMessage, cause });

/**
 * Turns uploaded bytes into a clean image (docs/architecture.md §5): size-limited before anything
 * else, sniffed, decoded, turned upright, fitted inside 1000×1000, re-encoded without metadata (no
 * EXIF, no GPS) under a server-made id. PNG stays PNG, so screenshots keep sharp text; JPEG, WebP
 * and GIF (its first frame) become JPEG, which every browser and Cloudinary show. Refusals are
 * AppErrors with the texts of UPLOAD_MESSAGES.
 */
export async function processUpload(bytes: Buffer, purpose: UploadPurpose): Promise<CleanImage> {
  if (!Buffer.isBuffer(bytes)) {
    throw invalidArgument(UPLOAD_MESSAGES.notABlob);
  }
  if (bytes.length > SCREENSHOT_MAX_BYTES) {
    throw payloadTooLarge(
      `upload of ${bytes.length} bytes is over ${SCREENSHOT_MAX_BYTES}`,
      UPLOAD_MESSAGES.tooLarge,
    );
  }
  const format = sniffImageFormat(bytes);
  if (!format) throw notAnImage('upload is not a JPEG, PNG, WebP or GIF by its content');

  const asPng = format === 'png';
  let output: { data: Buffer; info: OutputInfo };
  try {
    // Only the first frame of an animated GIF or WebP is read (sharp's default of one page).
    const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
    const { format: decoded } = await image.metadata();
    if (decoded !== format) throw new Error(`sniffed ${format} but the decoder reads ${decoded}`);
    image.rotate().resize({
      width: SCREENSHOT_MAX_DIMENSION_PX,
      height: SCREENSHOT_MAX_DIMENSION_PX,
      fit: 'inside',
      withoutEnlargement: true,
    });
    if (asPng) image.png({ compressionLevel: 9 });
    // JPEG has no transparency: transparent GIF/WebP pixels become white, not black.
    else image.flatten({ background: '#ffffff' }).jpeg({ quality: JPEG_QUALITY, mozjpeg: false });
    output = await image.toBuffer({ resolveWithObject: true });
  } catch (error) {
    throw notAnImage(`upload sniffed as ${format} does not decode`, error);
  }

  return {
    id: newId(),
    bytes: output.data,
    contentType: asPng ? 'image/png' : 'image/jpeg',
    extension: asPng ? 'png' : 'jpg',
    width: output.info.width,
    height: output.info.height,
    purpose,
  };
}
