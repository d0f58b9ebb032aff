import type { TMartItemForm } from '@campus/shared/domain/admin-forms';
import type { TMartItem, TUserProfile } from '@campus/shared/domain/entities';
import { martItems } from '@campus/shared/server/db/schema';
import { eq } from 'drizzle-orm';
import { audit } from '../admin/audit';
import type { AdminDeps } from '../admin/deps';
import { notFound } from '../http/errors';
import { martItemColumns, martItemOf } from './mart-item-of';

/**
 * Changes a mart item, possibly moving it to another campus the person manages. Stock the admin
 * left as it was (the form's stockWas) stays what checkouts have made of it meanwhile; the answer
 * has the stock the item has now.
 */
export async function updateMartItem(
  deps: Pick<AdminDeps, 'db' | 'catalogue'>,
  actor: TUserProfile,
  id: string,
  form: TMartItemForm,
): Promise<TMartItem> {
  const { db, catalogue } = deps;
  const [before] = await db
    .select({ campusId: martItems.campusId, photoUrl: martItems.photoUrl })
    .from(martItems)
    .where(eq(martItems.id, id));
  if (!before) throw notFound();
  const martItem = await martItemOf(db, actor, id, form, before.photoUrl);
  const { stock, ...otherColumns } = martItemColumns(martItem);
  const stockChanged = form.stockWas === null || stock !== form.stockWas;
  await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(martItems)
      .set(stockChanged ? { ...otherColumns, stock } : otherColumns)
      .where(eq(martItems.id, id))
      .returning({ stock: martItems.stock });
    if (!updated) throw notFound();
    martItem.stock = updated.stock;
    await audit(tx, actor, {
      action: 'update',
      entity: 'mart-item',
      entityId: id,
      details: { name: martItem.name, price: martItem.price, stock: martItem.stock },
    });
  });
  await catalogue.invalidateMartItems(before.campusId);
  if (before.campusId !== martItem.campusId) await catalogue.invalidateMartItems(martItem.campusId);
  return martItem;
}
