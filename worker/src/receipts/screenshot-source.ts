import { readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { SCREENSHOTS_FOLDER, SCREENSHOTS_PATH } from '@campus/shared/domain/uploads';
import { guardedDownload } from '@campus/shared/server/guarded-fetch';

/** The bytes of an order's payment screenshot from its address, or null when it is not there. */
export type ScreenshotSource = (url: string) => Promise<Buffer | null>;

/** The most bytes fetched of a screenshot (the api stores at most 10 MB of one). */
const MAX_BYTES = 12 * 1024 * 1024;

/**
 * Where the worker finds screenshots (docs/architecture.md §2): the local store's files under
 * `uploadsDir` (shared with the api: the all-in-one server, or one data folder), or Cloudinary's
 * https address.
 */
export function createScreenshotSource(options: { uploadsDir: string }): ScreenshotSource {
  return async (url) => {
    if (url.startsWith(SCREENSHOTS_PATH)) {
      const file = join(options.uploadsDir, SCREENSHOTS_FOLDER, basename(url));
      return readFile(file).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return null;
        throw error;
      });
    }
    if (url.startsWith('https://'))
      return guardedDownload(url, { maxBytes: MAX_BYTES, timeoutMs: 15_000 });
    return null;
  };
}
