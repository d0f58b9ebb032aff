import type {
  TDeletedResponse,
  TMartItemResponse,
  TMartItemsResponse,
} from '@campus/shared/domain/admin-api';
import { ZMartItemForm } from '@campus/shared/domain/admin-forms';
import { listMartItems } from '@campus/shared/server/catalogue/queries';
import { Hono } from 'hono';
import { campusOfMartItem } from '../../admin/campus-lookup';
import type { AdminDeps } from '../../admin/deps';
import { INVALID_CAMPUS, listScope, requiredQuery } from '../../admin/scope';
import type { AppEnv } from '../../app-env';
import { assertRole, type Guards } from '../../auth/guards';
import { jsonBody, parseWith } from '../../http/body';
import { clearMartItems } from '../../mart-items/clear-mart-items';
import { createMartItem } from '../../mart-items/create-mart-item';
import { deleteMartItem } from '../../mart-items/delete-mart-item';
import { updateMartItem } from '../../mart-items/update-mart-item';

/**
 * Mart items (docs/product.md §2): a super admin anywhere, a campus admin at their own campus only.
 */
export function martItemRoutes(deps: AdminDeps, guards: Guards) {
  const { db } = deps;
  const { signedInUser } = guards;
  const rowAccess = guards.requireCampusAccess((c) =>
    campusOfMartItem(db, c.req.param('id') ?? ''),
  );

  return new Hono<AppEnv>()
    .get('/mart-items', async (c) => {
      const filter = await listScope(db, await signedInUser(c), c.req.query());
      const body: TMartItemsResponse = { ok: true, martItems: await listMartItems(db, filter) };
      return c.json(body);
    })
    .post('/mart-items', async (c) => {
      const actor = await signedInUser(c);
      assertRole(actor, 'superAdmin', 'campusAdmin');
      const form = parseWith(ZMartItemForm, await jsonBody(c));
      const body: TMartItemResponse = {
        ok: true,
        martItem: await createMartItem(deps, actor, form),
      };
      return c.json(body, 201);
    })
    .patch('/mart-items/:id', rowAccess, async (c) => {
      const actor = await signedInUser(c);
      const form = parseWith(ZMartItemForm, await jsonBody(c));
      const martItem = await updateMartItem(deps, actor, c.req.param('id'), form);
      const body: TMartItemResponse = { ok: true, martItem };
      return c.json(body);
    })
    .delete('/mart-items/:id', rowAccess, async (c) => {
      await deleteMartItem(deps, await signedInUser(c), c.req.param('id'));
      const body: TDeletedResponse = { ok: true, deleted: 1 };
      return c.json(body);
    })
    .delete('/mart-items', guards.requireRole('superAdmin'), async (c) => {
      const campusId = requiredQuery(c.req.query('campusId'), INVALID_CAMPUS);
      const deleted = await clearMartItems(deps, await signedInUser(c), campusId);
      const body: TDeletedResponse = { ok: true, deleted };
      return c.json(body);
    });
}
