import { ADMIN_MESSAGES } from '@campus/shared/domain/screen-messages';
import type { Db } from '@campus/shared/server/db/client';
import { uploads } from '@campus/shared/server/db/schema';
import { and, eq } from 'drizzle-orm';
import { invalidField } from '../http/errors';

/**
 * The photo URL of a menu or mart item: null when blank, the item's `current` photo unchanged, or
 * an image this server stored for that purpose (no address typed by hand, no javascript: URL, no
 * tracking pixel).
 */
export async function checkedPhotoUrl(
  db: Db,
  url: string | null | undefined,
  purpose: 'menu-photo' | 'mart-photo',
  current: string | null = null,
): Promise<string | null> {
  const trimmed = url?.trim() ?? '';
  if (trimmed === '') return null;
  if (trimmed === current) return current;
  const [upload] = await db
    .select({ id: uploads.id })
    .from(uploads)
    .where(and(eq(uploads.url, trimmed), eq(uploads.purpose, purpose)))
    .limit(1);
  if (!upload) throw invalidField('photoURL', ADMIN_MESSAGES.uploadImageFailed);
  return trimmed;
}
