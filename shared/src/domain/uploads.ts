// zod/mini: checkout loads this with the storefront, where every kilobyte counts.
import * as z from 'zod/mini';
import { SCREENSHOT_MAX_SIZE_MB } from './limits';
import { ADMIN_MESSAGES, IMAGE_MESSAGES } from './screen-messages';

/**
 * What the upload api answers and the web shows about an image upload. The two spec texts of the
 * image helper (docs/product.md §5 Admin) and the upload failure (docs/product.md §8) are reused,
 * not copied.
 */
/** Images one person may upload in a window: a checkout needs one, a menu a few dozen. */
export const UPLOAD_LIMIT = { max: 30, minutes: 10 } as const;
/** And in a day: what a person uploads counts until it is swept (README, Security). */
export const UPLOAD_DAILY_LIMIT = { max: 100, hours: 24 } as const;

/**
 * Where the api serves a payment screenshot of the local store, only to its student, the admins
 * of its order's campus and super admins (a signed-in session).
 */
export const SCREENSHOTS_PATH = '/api/screenshots/';

/** The folder of the local store that keeps payment screenshots, never served as catalogue photos. */
export const SCREENSHOTS_FOLDER = 'screenshots';

/**
 * A stored image's address for someone outside the app (a mail, a sheet row, an export). Our own
 * uploads are kept as their path ('/uploads/…'), so that opening the app by another address, or a
 * new PUBLIC_URL, finds them; the browser resolves a path against the page. Others (Cloudinary's,
 * an https photo) are whole URLs already.
 */
export function absoluteImageUrl(publicUrl: string, stored: string): string {
  return stored.startsWith('/') ? `${publicUrl.replace(/\/+$/, '')}${stored}` : stored;
}

export const UPLOAD_MESSAGES = {
  notABlob: IMAGE_MESSAGES.notABlob,
  notAnImage: IMAGE_MESSAGES.notAnImage,
  tooLarge: `The image is larger than ${SCREENSHOT_MAX_SIZE_MB} MB. Please choose a smaller image.`,
  uploadFailed: ADMIN_MESSAGES.uploadImageFailed,
  tooMany: `You can upload at most ${UPLOAD_LIMIT.max} images in ${UPLOAD_LIMIT.minutes} minutes. Please wait a few minutes and try again.`,
  tooManyToday: `You can upload at most ${UPLOAD_DAILY_LIMIT.max} images a day. Please try again tomorrow.`,
} as const;

/** The image formats people may upload, as their first bytes say (never the name or the type). */
export type SniffedFormat = 'jpeg' | 'png' | 'webp' | 'gif';

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((byte, i) => bytes[at + i] === byte);

const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

/** The format of an image by its magic bytes, or null for anything else (SVG, HEIC, text...). */
export function sniffImageFormat(bytes: Uint8Array): SniffedFormat | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp';
  return null;
}

/** What POST /api/uploads answers (201): the stored image's id (for the order) and its address. */
export const ZUploadResponse = z.object({
  ok: z.literal(true),
  upload: z.object({ id: z.string(), url: z.string() }),
});
export type TUploadResponse = z.infer<typeof ZUploadResponse>;
