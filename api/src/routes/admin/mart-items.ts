import type {
  TDeletedResponse,
  TMartItemResponse,
  TMartItemsResponse,
} from '@campus/shared/domain/admin-api';
import {
  ADMIN_FORM_MESSAGES,
  type TMartItemForm,
  ZMartItemForm,
} from '@campus/shared/domain/admin-forms';
import type { TMartItem } from '@campus/shared/domain/entities';
import { listMartItems } from '@campus/shared/server/catalogue/queries';
import { newId } from '@campus/shared/server/db/ids';
import { martItems } from '@campus/shared/server/db/schema';
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { audit } from '../../admin/audit';
import { clearAudited, deleteAudited } from '../../admin/audited-deletes';
import { campusOfMartItem } from '../../admin/campus-lookup';
import type { AdminDeps } from '../../admin/deps';
import { checkedPhotoUrl } from '../../admin/photos';
import { campusFromBody, listScope, requiredQuery } from '../../admin/scope';
import type { AppEnv } from '../../app-env';
import {
  assertRole,
  type CampusRef,
  requireCampusAccess,
  requireRole,
  signedInUser,
} from '../../auth/guards';
import { jsonBody, parseWith } from '../../http/body';
import { notFound } from '../../http/errors';

const invalidCampus = {
  field: 'campusId',
  message: ADMIN_FORM_MESSAGES.selectUniversityAndCampus,
};

/** Mart items (SPEC §2): a super admin anywhere, a campus admin at their own campus only. */
export function martItemRoutes(deps: AdminDeps) {
  const { db, catalogue } = deps;
  const rowAccess = requireCampusAccess((c) => campusOfMartItem(db, c.req.param('id') ?? ''));

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
      const campus = await campusFromBody(db, actor, form, invalidCampus);
      const photoURL = await checkedPhotoUrl(db, form.photoURL, 'mart-photo');
      const martItem = martItemOf(newId(), campus, form, photoURL);
      await db.transaction(async (tx) => {
        await tx.insert(martItems).values(columnsOf(martItem));
        await audit(tx, actor, {
          action: 'create',
          entity: 'mart-item',
          entityId: martItem.id,
          details: { name: martItem.name, price: martItem.price, stock: martItem.stock },
        });
      });
      await catalogue.invalidateMartItems(martItem.campusId);
      const body: TMartItemResponse = { ok: true, martItem };
      return c.json(body, 201);
    })
    .patch('/mart-items/:id', rowAccess, async (c) => {
      const actor = await signedInUser(c);
      const id = c.req.param('id');
      const [before] = await db
        .select({ campusId: martItems.campusId, photoUrl: martItems.photoUrl })
        .from(martItems)
        .where(eq(martItems.id, id));
      if (!before) throw notFound();
      const form = parseWith(ZMartItemForm, await jsonBody(c));
      const campus = await campusFromBody(db, actor, form, invalidCampus);
      const photoURL = await checkedPhotoUrl(db, form.photoURL, 'mart-photo', before.photoUrl);
      const martItem = martItemOf(id, campus, form, photoURL);
      // Stock the admin left as it was stays what checkouts have made of it meanwhile.
      const { stock, ...otherColumns } = columnsOf(martItem);
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
      if (before.campusId !== campus.campusId) await catalogue.invalidateMartItems(campus.campusId);
      const body: TMartItemResponse = { ok: true, martItem };
      return c.json(body);
    })
    .delete('/mart-items/:id', rowAccess, async (c) => {
      const actor = await signedInUser(c);
      const id = c.req.param('id');
      const gone = await deleteAudited(db, actor, {
        entity: 'mart-item',
        table: martItems,
        id,
        details: (row) => ({ name: row.name, campusId: row.campusId }),
      });
      await catalogue.invalidateMartItems(gone.campusId);
      const body: TDeletedResponse = { ok: true, deleted: 1 };
      return c.json(body);
    })
    .delete('/mart-items', requireRole('superAdmin'), async (c) => {
      const actor = await signedInUser(c);
      const campusId = requiredQuery(c.req.query('campusId'), invalidCampus);
      const deleted = await clearAudited(db, actor, {
        entity: 'mart-item',
        table: martItems,
        where: [eq(martItems.campusId, campusId)],
        scope: { campusId },
      });
      await catalogue.invalidateMartItems(campusId);
      const body: TDeletedResponse = { ok: true, deleted };
      return c.json(body);
    });
}

/** The mart item a valid form makes, in the campus it was checked against. */
function martItemOf(
  id: string,
  campus: CampusRef,
  form: TMartItemForm,
  photoURL: string | null,
): TMartItem {
  return {
    id,
    universityId: campus.universityId,
    campusId: campus.campusId,
    name: form.name,
    price: form.price,
    description: form.description,
    category: form.category,
    stock: form.stock,
    photoURL,
  };
}

function columnsOf(item: TMartItem) {
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
