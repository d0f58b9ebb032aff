import type { TMartItemForm } from '@campus/shared/domain/admin-forms';
import type { TMartItem, TUserProfile } from '@campus/shared/domain/entities';
import { newId } from '@campus/shared/server/db/ids';
import { martItems } from '@campus/shared/server/db/schema';
import { audit } from '../admin/audit';
import type { AdminDeps } from '../admin/deps';
import { martItemColumns, martItemOf } from './mart-item-of';

/** Adds an item to a campus's mart; the storefront shows it at once. */
export async function createMartItem(
  deps: Pick<AdminDeps, 'db' | 'catalogue'>,
  actor: TUserProfile,
  form: TMartItemForm,
): Promise<TMartItem> {
  const { db, catalogue } = deps;
  const martItem = await martItemOf(db, actor, newId(), form);
  await db.transaction(async (tx) => {
    await tx.insert(martItems).values(martItemColumns(martItem));
    await audit(tx, actor, {
      action: 'create',
      entity: 'mart-item',
      entityId: martItem.id,
      details: { name: martItem.name, price: martItem.price, stock: martItem.stock },
    });
  });
  await catalogue.invalidateMartItems(martItem.campusId);
  return martItem;
}
