import type {
  TAdminMenuItem,
  TDeletedResponse,
  TMenuItemResponse,
  TMenuItemsResponse,
} from '@campus/shared/domain/admin-api';
import { ADMIN_FORM_MESSAGES, createMenuItemSchema } from '@campus/shared/domain/admin-forms';
import type { TUserProfile } from '@campus/shared/domain/entities';
import { isSuperAdmin } from '@campus/shared/domain/roles';
import { listMenuItems } from '@campus/shared/server/catalogue/queries';
import type { Db } from '@campus/shared/server/db/client';
import { newId } from '@campus/shared/server/db/ids';
import { menuItems } from '@campus/shared/server/db/schema';
import { eq } from 'drizzle-orm';
import { type Context, Hono } from 'hono';
import { audit } from '../../admin/audit';
import { clearAudited, deleteAudited } from '../../admin/audited-deletes';
import { campusOfMenuItem, campusOfRestaurant } from '../../admin/campus-lookup';
import type { AdminDeps } from '../../admin/deps';
import { checkedPhotoUrl } from '../../admin/photos';
import { listScope, requiredQuery } from '../../admin/scope';
import type { AppEnv } from '../../app-env';
import {
  assertCampusAccess,
  assertRole,
  requireCampusAccess,
  requireRole,
  signedInUser,
} from '../../auth/guards';
import { invalidField, jsonBody, parseWith } from '../../http/body';
import { notFound } from '../../http/errors';

const invalidRestaurant = {
  field: 'restaurantId',
  message: ADMIN_FORM_MESSAGES.selectUniversityCampusAndRestaurant,
};

/**
 * The menu item form of the request and the restaurant it names, which must be at the campus the
 * form names and one the person manages (a campus admin picks only among their own restaurants).
 */
async function menuItemForm(db: Db, c: Context<AppEnv>, actor: TUserProfile) {
  const schema = createMenuItemSchema(isSuperAdmin(actor) ? 'superAdmin' : 'campusAdmin');
  const form = parseWith(schema, await jsonBody(c));
  const campus = await campusOfRestaurant(db, form.restaurantId);
  assertCampusAccess(actor, campus, () =>
    invalidField(invalidRestaurant.field, invalidRestaurant.message),
  );
  if (campus.campusId !== form.campusId || campus.universityId !== form.universityId) {
    throw invalidField(invalidRestaurant.field, invalidRestaurant.message);
  }
  return { form, campus };
}

/** Menu items (SPEC §2): a super admin anywhere, a campus admin in their own restaurants only. */
export function menuItemRoutes(deps: AdminDeps) {
  const { db, catalogue } = deps;
  const rowAccess = requireCampusAccess((c) => campusOfMenuItem(db, c.req.param('id') ?? ''));

  return new Hono<AppEnv>()
    .get('/menu-items', async (c) => {
      const filter = await listScope(db, await signedInUser(c), c.req.query());
      const body: TMenuItemsResponse = { ok: true, menuItems: await listMenuItems(db, filter) };
      return c.json(body);
    })
    .post('/menu-items', async (c) => {
      const actor = await signedInUser(c);
      assertRole(actor, 'superAdmin', 'campusAdmin');
      const { form, campus } = await menuItemForm(db, c, actor);
      const menuItem: TAdminMenuItem = {
        id: newId(),
        restaurantId: form.restaurantId,
        universityId: campus.universityId,
        campusId: campus.campusId,
        name: form.name,
        price: form.price,
        description: form.description,
        photoURL: await checkedPhotoUrl(db, form.photoURL, 'menu-photo'),
      };
      await db.transaction(async (tx) => {
        await tx.insert(menuItems).values(columnsOf(menuItem));
        await audit(tx, actor, {
          action: 'create',
          entity: 'menu-item',
          entityId: menuItem.id,
          details: { name: menuItem.name, price: menuItem.price, restaurantId: form.restaurantId },
        });
      });
      await catalogue.invalidateCampus(campus.campusId);
      const body: TMenuItemResponse = { ok: true, menuItem };
      return c.json(body, 201);
    })
    .patch('/menu-items/:id', rowAccess, async (c) => {
      const actor = await signedInUser(c);
      const id = c.req.param('id');
      const [before] = await db
        .select({ photoUrl: menuItems.photoUrl })
        .from(menuItems)
        .where(eq(menuItems.id, id));
      const beforeCampus = await campusOfMenuItem(db, id);
      if (!before || !beforeCampus) throw notFound();
      const { form, campus } = await menuItemForm(db, c, actor);
      const menuItem: TAdminMenuItem = {
        id,
        restaurantId: form.restaurantId,
        universityId: campus.universityId,
        campusId: campus.campusId,
        name: form.name,
        price: form.price,
        description: form.description,
        photoURL: await checkedPhotoUrl(db, form.photoURL, 'menu-photo', before.photoUrl),
      };
      await db.transaction(async (tx) => {
        const changed = await tx
          .update(menuItems)
          .set(columnsOf(menuItem))
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
      if (beforeCampus.campusId !== campus.campusId) {
        await catalogue.invalidateCampus(campus.campusId);
      }
      const body: TMenuItemResponse = { ok: true, menuItem };
      return c.json(body);
    })
    .delete('/menu-items/:id', rowAccess, async (c) => {
      const actor = await signedInUser(c);
      const id = c.req.param('id');
      const campus = await campusOfMenuItem(db, id);
      if (!campus) throw notFound();
      await deleteAudited(db, actor, {
        entity: 'menu-item',
        table: menuItems,
        id,
        details: (row) => ({ name: row.name, restaurantId: row.restaurantId }),
      });
      await catalogue.invalidateCampus(campus.campusId);
      const body: TDeletedResponse = { ok: true, deleted: 1 };
      return c.json(body);
    })
    .delete('/menu-items', requireRole('superAdmin'), async (c) => {
      const actor = await signedInUser(c);
      const restaurantId = requiredQuery(c.req.query('restaurantId'), invalidRestaurant);
      const campus = await campusOfRestaurant(db, restaurantId);
      if (!campus) throw notFound();
      const deleted = await clearAudited(db, actor, {
        entity: 'menu-item',
        table: menuItems,
        where: [eq(menuItems.restaurantId, restaurantId)],
        scope: { restaurantId },
      });
      await catalogue.invalidateCampus(campus.campusId);
      const body: TDeletedResponse = { ok: true, deleted };
      return c.json(body);
    });
}

function columnsOf(item: TAdminMenuItem) {
  return {
    id: item.id,
    restaurantId: item.restaurantId,
    name: item.name,
    pricePaisa: item.price,
    description: item.description,
    photoUrl: item.photoURL ?? null,
  };
}
