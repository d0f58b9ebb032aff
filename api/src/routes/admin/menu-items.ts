import type {
  TDeletedResponse,
  TMenuItemResponse,
  TMenuItemsResponse,
} from '@campus/shared/domain/admin-api';
import { createMenuItemSchema } from '@campus/shared/domain/admin-forms';
import type { TUserProfile } from '@campus/shared/domain/entities';
import { isSuperAdmin } from '@campus/shared/domain/roles';
import { listMenuItems } from '@campus/shared/server/catalogue/queries';
import { type Context, Hono } from 'hono';
import { campusOfMenuItem } from '../../admin/campus-lookup';
import type { AdminDeps } from '../../admin/deps';
import { INVALID_RESTAURANT, listScope, requiredQuery } from '../../admin/scope';
import type { AppEnv } from '../../app-env';
import { assertRole, type Guards } from '../../auth/guards';
import { jsonBody, parseWith } from '../../http/body';
import { clearMenuItems } from '../../menu-items/clear-menu-items';
import { createMenuItem } from '../../menu-items/create-menu-item';
import { deleteMenuItem } from '../../menu-items/delete-menu-item';
import { updateMenuItem } from '../../menu-items/update-menu-item';

/** The menu item form of the request, with the rules of the person's role. */
async function menuItemForm(c: Context<AppEnv>, actor: TUserProfile) {
  const schema = createMenuItemSchema(isSuperAdmin(actor) ? 'superAdmin' : 'campusAdmin');
  return parseWith(schema, await jsonBody(c));
}

/**
 * Menu items (docs/product.md §2): a super admin anywhere, a campus admin in their own restaurants
 * only.
 */
export function menuItemRoutes(deps: AdminDeps, guards: Guards) {
  const { db } = deps;
  const { signedInUser } = guards;
  const rowAccess = guards.requireCampusAccess((c) =>
    campusOfMenuItem(db, c.req.param('id') ?? ''),
  );

  return new Hono<AppEnv>()
    .get('/menu-items', async (c) => {
      const filter = await listScope(db, await signedInUser(c), c.req.query());
      const body: TMenuItemsResponse = { ok: true, menuItems: await listMenuItems(db, filter) };
      return c.json(body);
    })
    .post('/menu-items', async (c) => {
      const actor = await signedInUser(c);
      assertRole(actor, 'superAdmin', 'campusAdmin');
      const form = await menuItemForm(c, actor);
      const body: TMenuItemResponse = {
        ok: true,
        menuItem: await createMenuItem(deps, actor, form),
      };
      return c.json(body, 201);
    })
    .patch('/menu-items/:id', rowAccess, async (c) => {
      const actor = await signedInUser(c);
      const form = await menuItemForm(c, actor);
      const menuItem = await updateMenuItem(deps, actor, c.req.param('id'), form);
      const body: TMenuItemResponse = { ok: true, menuItem };
      return c.json(body);
    })
    .delete('/menu-items/:id', rowAccess, async (c) => {
      await deleteMenuItem(deps, await signedInUser(c), c.req.param('id'));
      const body: TDeletedResponse = { ok: true, deleted: 1 };
      return c.json(body);
    })
    .delete('/menu-items', guards.requireRole('superAdmin'), async (c) => {
      const restaurantId = requiredQuery(c.req.query('restaurantId'), INVALID_RESTAURANT);
      const deleted = await clearMenuItems(deps, await signedInUser(c), restaurantId);
      const body: TDeletedResponse = { ok: true, deleted };
      return c.json(body);
    });
}
