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
import type { Db } from '@campus/shared/server/db/client';
import { Hono } from 'hono';
import { requiredQuery } from '../../admin/scope';
import type { AppEnv } from '../../app-env';
import type { Guards } from '../../auth/guards';
import type { StreamRevoker } from '../../events/live-events';
import { jsonBody, parseWith } from '../../http/body';
import { changeUserRole } from '../../users/change-user-role';
import { clearCampusUsers } from '../../users/clear-campus-users';
import { createUser } from '../../users/create-user';
import { deleteUser } from '../../users/delete-user';
import { listUsers } from '../../users/list-users';

/**
 * User management (super admin only): list with filters, create an account the person can sign in
 * with at once, change a role, delete one person or clear a campus's people. A person whose role
 * changed or who was deleted has their open event streams ended at once; of a cleared campus's
 * people, the streams end at their next heartbeat (their sessions are gone).
 */
export function userRoutes(db: Db, guards: Guards, streams: StreamRevoker) {
  const { signedInUser } = guards;
  // Every route names its guard: a sub-app's use() would also guard the others under /api/admin.
  const superAdmin = guards.requireRole('superAdmin');
  return new Hono<AppEnv>()
    .get('/users', superAdmin, async (c) => {
      const body: TUsersResponse = { ok: true, users: await listUsers(db, c.req.query()) };
      return c.json(body);
    })
    .post('/users', superAdmin, async (c) => {
      const form = parseWith(ZCreateUserForm, await jsonBody(c));
      const body: TUserResponse = {
        ok: true,
        user: await createUser(db, await signedInUser(c), form),
      };
      return c.json(body, 201);
    })
    .patch('/users/:id/role', superAdmin, async (c) => {
      const actor = await signedInUser(c);
      const { role } = parseWith(ZRoleChange, await jsonBody(c));
      const user = await changeUserRole(db, actor, c.req.param('id'), role);
      await streams.revokePerson(user.uid);
      const body: TUserResponse = { ok: true, user };
      return c.json(body);
    })
    .delete('/users/:id', superAdmin, async (c) => {
      await deleteUser(db, await signedInUser(c), c.req.param('id'));
      await streams.revokePerson(c.req.param('id'));
      const body: TDeletedResponse = { ok: true, deleted: 1 };
      return c.json(body);
    })
    .delete('/users', superAdmin, async (c) => {
      const campusId = requiredQuery(c.req.query('campusId'), {
        field: 'campusId',
        message: ADMIN_FORM_MESSAGES.selectAUniversityAndCampus,
      });
      const deleted = await clearCampusUsers(db, await signedInUser(c), campusId);
      const body: TDeletedResponse = { ok: true, deleted };
      return c.json(body);
    });
}
