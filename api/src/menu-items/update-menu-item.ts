import type { TAdminMenuItem } from '@campus/shared/domain/admin-api';
import type { TMenuItemForm } from '@campus/shared/domain/admin-forms';
import type { TUserProfile } from '@campus/shared/domain/entities';
import { menuItems } from '@campus/shared/server/db/schema';
import { eq } from 'drizzle-orm';
import { audit } from '../admin/audit';
import { campusOfMenuItem } from '../admin/campus-lookup';
import type { AdminDeps } from '../admin/deps';
import { notFound } from '../http/errors';
import { menuItemColumns, menuItemOf } from './menu-item-of';

/** Changes a menu item, possibly moving it to another restaurant the person manages. */
export async function updateMenuItem(
  deps: Pick<AdminDeps, 'db' | 'catalogue'>,
  actor: TUserProfile,
  id: string,
  form: TMenuItemForm,
): Promise<TAdminMenuItem> {
  const { db, catalogue } = deps;
  const [before] = await db
    .select({ photoUrl: menuItems.photoUrl })
    .from(menuItems)
    .where(eq(menuItems.id, id));
  const beforeCampus = await campusOfMenuItem(db, id);
  if (!before || !beforeCampus) throw notFound();
  const menuItem = await menuItemOf(db, actor, id, form, before.photoUrl);
  await db.transaction(async (tx) => {
    const changed = await tx
      .update(menuItems)
      .set(menuItemColumns(menuItem))
      .where(eq(menuItems.id, id))
      .returning({ id: menuItems.id });
    if (changed.length === 0) throw notFound();
    await audit(tx, actor, {
      action: 'update',
      entity: 'menu-item',
      entityId: id,
      details: { name: menuItem.name, price: menuItem.price, restaurantId: form.restaurantId },
    });
  });
  await catalogue.invalidateCampus(beforeCampus.campusId);
  if (beforeCampus.campusId !== menuItem.campusId) {
    await catalogue.invalidateCampus(menuItem.campusId);
  }
  return menuItem;
}
