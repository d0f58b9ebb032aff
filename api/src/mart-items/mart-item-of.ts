import type { TMartItemForm } from '@campus/shared/domain/admin-forms';
import type { TMartItem, TUserProfile } from '@campus/shared/domain/entities';
import type { Db } from '@campus/shared/server/db/client';
import { checkedPhotoUrl } from '../admin/photos';
import { campusFromBody } from '../admin/scope';

/**
 * The mart item a valid form makes, at a campus the person manages; its photo one of our uploads,
 * or `currentPhoto` unchanged.
 */
export async function martItemOf(
  db: Db,
  actor: TUserProfile,
  id: string,
  form: TMartItemForm,
  currentPhoto: string | null = null,
): Promise<TMartItem> {
  const campus = await campusFromBody(db, actor, form);
  return {
    id,
    universityId: campus.universityId,
    campusId: campus.campusId,
    name: form.name,
    price: form.price,
    description: form.description,
    category: form.category,
    stock: form.stock,
    photoURL: await checkedPhotoUrl(db, form.photoURL, 'mart-photo', currentPhoto),
  };
}

/** The table's columns of a mart item. */
export function martItemColumns(item: TMartItem) {
  return {
    id: item.id,
    campusId: item.campusId,
    name: item.name,
    pricePaisa: item.price,
    description: item.description,
    category: item.category,
    stock: item.stock,
    photoUrl: item.photoURL ?? null,
  };
}
