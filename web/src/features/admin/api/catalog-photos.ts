import { AppError } from '@campus/shared/domain/app-error';
import { formatError } from '@campus/shared/domain/error-catalogue';
import { ADMIN_MESSAGES, IMAGE_MESSAGES } from '@campus/shared/domain/screen-messages';
import type { TUploadResponse } from '@campus/shared/domain/uploads';
import { apiPostForm } from '@/lib/api-client';
import { compressImage } from '@/lib/compress-image';

/** What an item photo is for; the api keeps menu and mart photos apart from payment screenshots. */
export type CatalogPhotoPurpose = 'menu-photo' | 'mart-photo';

function imageError(message: string, detail: string): AppError {
  return new AppError({
    code: 'invalid-image',
    status: 400,
    userMessage: message,
    logMessage: detail,
  });
}

function uploadFailed(cause: unknown, detail: string): AppError {
  return new AppError({
    code: 'image-upload-failed',
    status: 502,
    userMessage: ADMIN_MESSAGES.uploadImageFailed,
    logMessage: detail,
    cause,
  });
}

/**
 * Compresses an item photo (docs/product.md §5 Admin, at most 0.5 MB and 1000 px a side) and
 * uploads it; answers the url the item's photoURL takes. Input that is not a file or not an image
 * throws the image helper's messages; a failed compression or upload throws 'Failed to upload
 * image...'.
 */
export async function uploadCatalogPhoto(
  file: unknown,
  purpose: CatalogPhotoPurpose,
): Promise<string> {
  if (!(file instanceof Blob)) {
    throw imageError(IMAGE_MESSAGES.notABlob, `photo upload got ${typeof file}`);
  }
  if (!file.type.startsWith('image/')) {
    throw imageError(IMAGE_MESSAGES.notAnImage, `photo upload got type '${file.type}'`);
  }
  const named = file instanceof File ? file : new File([file], purpose, { type: file.type });
  let small: File;
  try {
    small = await compressImage(named, purpose);
  } catch (cause) {
    throw uploadFailed(cause, `compressing a ${purpose} failed: ${String(cause)}`);
  }
  const form = new FormData();
  form.append('file', small, small.name);
  form.append('purpose', purpose);
  try {
    const answer = await apiPostForm<TUploadResponse>('/api/uploads', form);
    return answer.upload.url;
  } catch (cause) {
    throw uploadFailed(cause, `uploading a ${purpose} failed: ${formatError(cause).message}`);
  }
}
