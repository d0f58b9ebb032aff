import type { uploads } from '@campus/shared/server/db/schema';

/** What an upload is for: a payment screenshot (any signed-in person) or a catalogue photo. */
export const UPLOAD_PURPOSES = ['screenshot', 'menu-photo', 'mart-photo'] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];

/** An image already decoded, re-encoded and stripped of metadata, under a server-made id. */
export interface CleanImage {
  /** Server-generated, URL-safe; also the file name stem. */
  id: string;
  bytes: Buffer;
  contentType: 'image/jpeg' | 'image/png' | 'image/webp';
  /** File extension without the dot, matching contentType. */
  extension: 'jpg' | 'png' | 'webp';
  width: number;
  height: number;
  purpose: UploadPurpose;
}

/**
 * Where images live (docs/architecture.md §2): files under DATA_DIR/uploads served by the api, or
 * Cloudinary. `save` returns the address people open: for the local store its path under /uploads/,
 * for Cloudinary its secure_url. `remove` deletes a stored image (one already gone is no error).
 */
export interface ImageStore {
  readonly kind: 'local' | 'cloudinary';
  save(image: CleanImage): Promise<{ url: string }>;
  remove(image: StoredImage): Promise<void>;
}

/** A stored image as its `uploads` row names it. */
export type StoredImage = { id: string; purpose: UploadPurpose; url: string };

/** The `uploads` row that records a stored image; admin photo checks look images up by it. */
export function uploadRecord(
  image: CleanImage,
  store: ImageStore['kind'],
  url: string,
  uploadedBy: string | null,
): typeof uploads.$inferInsert {
  return {
    id: image.id,
    purpose: image.purpose,
    store,
    url,
    contentType: image.contentType,
    bytes: image.bytes.length,
    width: image.width,
    height: image.height,
    uploadedBy,
  };
}
