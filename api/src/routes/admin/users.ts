import type {
  TDeletedResponse,
  TUserResponse,
  TUsersResponse,
} from '@campus/shared/domain/admin-api';
import {
  ADMIN_FORM_MESSAGES,
  ZCreateUserForm,
  ZRoleChange,
} from '@campus/shared/domain/admin-forms';
import type { TUserProfile } from '@campus/shared/domain/entities';
import { CODE_MESSAGES } from '@campus/shared/domain/error-catalogue';
import { isRole, type TRole } from '@campus/shared/domain/roles';
import type { Db } from '@campus/shared/server/db/client';
import { newId } from '@campus/shared/server/db/ids';
import { accounts, users } from '@campus/shared/server/db/schema';
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import { Hono } from 'hono';
import { audit } from '../../admin/audit';
import { clearAudited, deleteAudited } from '../../admin/audited-deletes';
import { findCampus } from '../../admin/campus-lookup';
import type { AdminDeps } from '../../admin/deps';
import type { AppEnv } from '../../app-env';
import { toProfile } from '../../auth/auth';
import { requireRole, signedInUser } from '../../auth/guards';
import { hashPassword } from '../../auth/password';
import { invalidField, jsonBody, parseWith } from '../../http/body';
import { notFound, uniqueViolation } from '../../http/errors';

async function profileOf(db: Db, id: string): Promise<TUserProfile | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row ? toProfile(row) : null;
}

/**
 * Whom clearing a campus's people deletes. A super admin manages every campus, whichever one
 * their profile names (SPEC §6), so none is cleared with a campus, the one who asks included.
 */
const CLEARED_ROLES: TRole[] = ['user', 'campusAdmin'];

/** The ?universityId, ?campusId and ?role filters of the user table; blank ones do not filter. */
function userFilters(query: Record<string, string>): SQL[] {
  const filters: SQL[] = [];
  if (query.universityId) filters.push(eq(users.universityId, query.universityId));
  if (query.campusId) filters.push(eq(users.campusId, query.campusId));
  if (query.role && isRole(query.role)) filters.push(eq(users.role, query.role));
  return filters;
}

/**
 * User management (super admin only): list with filters, create an account the person can sign in
 * with at once, change a role, delete one person or clear a campus's people. Nobody deletes or
 * demotes themselves: a dashboard must never lock out the person using it.
 */
export function userRoutes(deps: AdminDeps) {
  const { db } = deps;
  // Every route names its guard: a sub-app's use() would also guard the others under /api/admin.
  const superAdmin = requireRole('superAdmin');
  return new Hono<AppEnv>()
    .get('/users', superAdmin, async (c) => {
      const rows = await db
        .select()
        .from(users)
        .where(and(...userFilters(c.req.query())))
        .orderBy(users.createdAt);
      const body: TUsersResponse = { ok: true, users: rows.map(toProfile) };
      return c.json(body);
    })
    .post('/users', superAdmin, async (c) => {
      const actor = await signedInUser(c);
      const form = parseWith(ZCreateUserForm, await jsonBody(c));
      const campus = await findCampus(db, form.universityId, form.campusId);
      if (!campus) throw invalidField('campusId', ADMIN_FORM_MESSAGES.selectAUniversityAndCampus);
      const id = newId();
      const password = await hashPassword(form.password);
      await db
        .transaction(async (tx) => {
          // The admin vouches for the address, so the account is verified: it signs in at once.
          await tx.insert(users).values({
            id,
            email: form.email,
            emailVerified: true,
            name: `${form.firstName} ${form.lastName}`,
            firstName: form.firstName,
            lastName: form.lastName,
            universityId: campus.universityId,
            campusId: campus.campusId,
            universityName: campus.universityName,
            campusName: campus.name,
            role: form.role,
          });
          await tx
            .insert(accounts)
            .values({ id: newId(), accountId: id, providerId: 'credential', userId: id, password });
          await audit(tx, actor, {
            action: 'create',
            entity: 'user',
            entityId: id,
            details: { email: form.email, role: form.role, campusId: campus.campusId },
          });
        })
        .catch(uniqueViolation('email', CODE_MESSAGES['auth/email-already-in-use']));
      const user = await profileOf(db, id);
      if (!user) throw notFound();
      const body: TUserResponse = { ok: true, user };
      return c.json(body, 201);
    })
    .patch('/users/:id/role', superAdmin, async (c) => {
      const actor = await signedInUser(c);
      const id = c.req.param('id');
      const { role } = parseWith(ZRoleChange, await jsonBody(c));
      if (id === actor.uid) throw invalidField('role', ADMIN_FORM_MESSAGES.cannotChangeOwnRole);
      const before = await profileOf(db, id);
      if (!before) throw notFound();
      await db.transaction(async (tx) => {
        const changed = await tx
          .update(users)
          .set({ role })
          .where(eq(users.id, id))
          .returning({ id: users.id });
        if (changed.length === 0) throw notFound();
        await audit(tx, actor, {
          action: 'change-role',
          entity: 'user',
          entityId: id,
          details: { from: before.role, to: role },
        });
      });
      const body: TUserResponse = { ok: true, user: { ...before, role } };
      return c.json(body);
    })
    .delete('/users/:id', superAdmin, async (c) => {
      const actor = await signedInUser(c);
      const id = c.req.param('id');
      if (id === actor.uid) throw invalidField('id', ADMIN_FORM_MESSAGES.cannotDeleteSelf);
      await deleteAudited(db, actor, {
        entity: 'user',
        table: users,
        id,
        details: (row) => ({ email: row.email, role: row.role }),
      });
      const body: TDeletedResponse = { ok: true, deleted: 1 };
      return c.json(body);
    })
    .delete('/users', superAdmin, async (c) => {
      const actor = await signedInUser(c);
      const campusId = c.req.query('campusId') ?? '';
      if (campusId === '') {
        throw invalidField('campusId', ADMIN_FORM_MESSAGES.selectAUniversityAndCampus);
      }
      const deleted = await clearAudited(db, actor, {
        entity: 'user',
        table: users,
        where: [eq(users.campusId, campusId), inArray(users.role, CLEARED_ROLES)],
        scope: { campusId },
      });
      const body: TDeletedResponse = { ok: true, deleted };
      return c.json(body);
    });
}
