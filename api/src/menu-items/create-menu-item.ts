import type { TAdminMenuItem } from '@campus/shared/domain/admin-api';
import type { TMenuItemForm } from '@campus/shared/domain/admin-forms';
import type { TUserProfile } from '@campus/shared/domain/entities';
import { newId } from '@campus/shared/server/db/ids';
import { menuItems } from '@campus/shared/server/db/schema';
import { audit } from '../admin/audit';
import type { AdminDeps } from '../admin/deps';
import { menuItemColumns, menuItemOf } from './menu-item-of';

/** Adds an item to a restaurant's menu; the storefront shows it at once. */
export async function createMenuItem(
  deps: Pick<AdminDeps, 'db' | 'catalogue'>,
  actor: TUserProfile,
  form: TMenuItemForm,
): Promise<TAdminMenuItem> {
  const { db, catalogue } = deps;
  const menuItem = await menuItemOf(db, actor, newId(), form);
  await db.transaction(async (tx) => {
    await tx.insert(menuItems).values(menuItemColumns(menuItem));
    await audit(tx, actor, {
      action: 'create',
      entity: 'menu-item',
      entityId: menuItem.id,
      details: { name: menuItem.name, price: menuItem.price, restaurantId: form.restaurantId },
    });
  });
  await catalogue.invalidateCampus(menuItem.campusId);
  return menuItem;
}
