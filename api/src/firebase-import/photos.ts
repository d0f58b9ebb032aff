import { zUrl } from '@campus/shared/domain/admin-forms';
import { SCREENSHOT_MAX_BYTES } from '@campus/shared/domain/limits';
import type { Db } from '@campus/shared/server/db/client';
import { uploads } from '@campus/shared/server/db/schema';
import { type FetchGuard, guardedDownload } from '@campus/shared/server/guarded-fetch';
import { type ImageStore, uploadRecord } from '../uploads/image-store';
import { processUpload } from '../uploads/process-image';

const FETCH_TIMEOUT_MS = 20_000;

/** Where an item's photo will be, and what was noted on the way. */
export type PhotoPlan = { url: string | null; copiedFrom?: string; note?: string };

/** How photos come over: their addresses kept, or each copied through our image store. */
export interface PhotoOptions {
  db: Db;
  images: ImageStore;
  rehost: boolean;
  dryRun: boolean;
  /** What photos may be fetched from: PUBLIC_HTTPS unless a test's stand-in host is allowed. */
  fetchGuard?: FetchGuard;
}

/**
 * An item's photo: kept at its https address (the storefront shows photos from any https host),
 * or with `rehost` copied through our image store with the same checks as an admin's upload. A
 * photo copied by an earlier run from the same address stays our copy, and is not copied again. A photo that cannot
 * come over leaves the item without one (or at its old address), with a note in the report.
 */
export async function planPhoto(
  options: PhotoOptions,
  source: string | null,
  purpose: 'menu-photo' | 'mart-photo',
  earlier?: { photoSourceUrl: string | null; photoUrl: string | null },
): Promise<PhotoPlan> {
  if (!source) return { url: null };
  // The item forms' rule for a photo address; the address itself is not repeated in the note.
  const address = zUrl().safeParse(source);
  if (!address.success) {
    return { url: null, note: `photo left out: ${address.error.issues[0]?.message}` };
  }
  const https = source.startsWith('https://');
  if (!options.rehost) {
    return https
      ? { url: source }
      : { url: null, note: `photo ${source} is not an https address: left out` };
  }
  if (earlier?.photoSourceUrl === source && earlier.photoUrl) {
    return { url: earlier.photoUrl, copiedFrom: source };
  }
  if (options.dryRun) return { url: source, copiedFrom: source };
  try {
    const bytes = await guardedDownload(source, {
      maxBytes: SCREENSHOT_MAX_BYTES,
      timeoutMs: FETCH_TIMEOUT_MS,
      guard: options.fetchGuard,
    });
    const image = await processUpload(bytes, purpose);
    const { url } = await options.images.save(image);
    await options.db.insert(uploads).values(uploadRecord(image, options.images.kind, url, null));
    return { url, copiedFrom: source };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const kept = https ? source : null;
    return {
      url: kept,
      note: `photo ${source} could not be copied (${reason}): ${kept ? 'kept at its address' : 'left out'}`,
    };
  }
}
