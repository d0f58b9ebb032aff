import { SCREENSHOT_MAX_SIZE_MB } from './limits';
import { ADMIN_MESSAGES, IMAGE_MESSAGES } from './screen-messages';

/**
 * What the upload api answers and the web shows about an image upload. The two spec texts of the
 * image helper (SPEC §5 Admin) and the upload failure (SPEC §8) are reused, not copied.
 */
export const UPLOAD_MESSAGES = {
  notABlob: IMAGE_MESSAGES.notABlob,
  notAnImage: IMAGE_MESSAGES.notAnImage,
  tooLarge: `The image is larger than ${SCREENSHOT_MAX_SIZE_MB} MB. Please choose a smaller image.`,
  uploadFailed: ADMIN_MESSAGES.uploadImageFailed,
} as const;
