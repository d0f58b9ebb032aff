import { SCREENSHOT_MAX_DIMENSION_PX, SCREENSHOT_MAX_SIZE_MB } from '@campus/shared/domain/limits';
// The library's own UMD build, emitted by Vite as a file of this origin: its web worker loads it
// with importScripts. Without libURL the library would fetch it from a CDN, which our CSP (scripts
// from 'self' only) rightly refuses, and it would then silently compress on the main thread.
import libraryUrl from 'browser-image-compression/dist/browser-image-compression.js?url';

/** The library's code; it downloads on first use, so no other page pays for it. */
const loadLibrary = () => import('browser-image-compression');

/** Starts downloading the compression code ahead of need (e.g. once an image is chosen). */
export function preloadCompression(): void {
  // A failed download is not an error yet: compressImage tries again and reports it.
  loadLibrary().catch(() => undefined);
}

/**
 * Compresses an image in a web worker to at most 0.5 MB and 1000 px a side (docs/product.md §9; the
 * same limits for payment screenshots and admin item photos). The result keeps the original file
 * name, which the upload sends, or `fallbackName` when it has none.
 */
export async function compressImage(file: File, fallbackName = 'image'): Promise<File> {
  const { default: imageCompression } = await loadLibrary();
  const compressed = await imageCompression(file, {
    maxSizeMB: SCREENSHOT_MAX_SIZE_MB,
    maxWidthOrHeight: SCREENSHOT_MAX_DIMENSION_PX,
    useWebWorker: true,
    // The worker is a blob: URL, against which a path cannot be resolved: give it a full URL.
    libURL: new URL(libraryUrl, document.baseURI).href,
  });
  const type = compressed.type || file.type;
  return new File([compressed], file.name || fallbackName, { type });
}
