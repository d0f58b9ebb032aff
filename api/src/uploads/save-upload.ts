import { AppError } from '@campus/shared/domain/app-error';
import type { TUserProfile } from '@campus/shared/domain/entities';
import { UPLOAD_MESSAGES } from '@campus/shared/domain/uploads';
import type { Db } from '@campus/shared/server/db/client';
import { uploads } from '@campus/shared/server/db/schema';
import type { Logger } from 'pino';
import { internal } from '../http/errors';
import { type ImageStore, type UploadPurpose, uploadRecord } from './image-store';
import { processUpload } from './process-image';
import { fingerprintScreenshot, perceptualBits } from './screenshot-fingerprint';

/**
 * Cleans an uploaded image (processUpload), stores it and records it in `uploads` as the
 * person's, for its purpose: an order or a catalogue item refers to it by id or address. A
 * payment screenshot is fingerprinted too, so that the check-screenshot job can find it used
 * before. Whatever goes wrong storing it is logged here and told plainly.
 */
export async function saveUpload(
  deps: { db: Db; images: ImageStore; log: Logger },
  user: TUserProfile,
  bytes: Buffer,
  purpose: UploadPurpose,
): Promise<{ id: string; url: string }> {
  const { db, images, log } = deps;
  const image = await processUpload(bytes, purpose);
  // Of the bytes received, before any re-encoding: the same file sent again has the same SHA-256.
  const fingerprint = purpose === 'screenshot' ? await fingerprintScreenshot(bytes, log) : null;
  let url: string;
  try {
    ({ url } = await images.save(image));
  } catch (error) {
    // pino's error serializer carries the cause (Cloudinary's answer) along.
    log.error({ err: error, store: images.kind }, 'could not store an uploaded image');
    throw error instanceof AppError
      ? error
      : internal(UPLOAD_MESSAGES.uploadFailed, { cause: error });
  }
  await db.insert(uploads).values({
    ...uploadRecord(image, images.kind, url, user.uid),
    ...(fingerprint && {
      sha256: fingerprint.sha256,
      perceptual: perceptualBits(fingerprint.perceptual),
    }),
  });
  return { id: image.id, url };
}
