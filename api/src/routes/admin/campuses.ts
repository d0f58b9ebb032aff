import type { TCampusResponse } from '@campus/shared/domain/admin-api';
import { ZCampusForm } from '@campus/shared/domain/admin-forms';
import { type Context, Hono } from 'hono';
import type { AdminDeps } from '../../admin/deps';
import type { AppEnv } from '../../app-env';
import type { Guards } from '../../auth/guards';
import { createCampus } from '../../campuses/create-campus';
import { deleteCampus } from '../../campuses/delete-campus';
import { updateCampus } from '../../campuses/update-campus';
import { jsonBody, parseWith } from '../../http/body';

/**
 * Campuses (super admin only). Creating, renaming or deleting a campus plans its order tab job in
 * the same transaction (outbox); the answer says whether the job is queued yet.
 */
export function campusRoutes(deps: AdminDeps, guards: Guards) {
  const { signedInUser } = guards;
  const withLog = (c: Context<AppEnv>) => ({ ...deps, log: c.get('log') });
  // Every route names its guard: a sub-app's use() would also guard the others under /api/admin.
  const superAdmin = guards.requireRole('superAdmin');
  return new Hono<AppEnv>()
    .post('/campuses', superAdmin, async (c) => {
      const form = parseWith(ZCampusForm, await jsonBody(c));
      const result = await createCampus(withLog(c), await signedInUser(c), form);
      const body: TCampusResponse = { ok: true, ...result };
      return c.json(body, 201);
    })
    .patch('/campuses/:id', superAdmin, async (c) => {
      const form = parseWith(ZCampusForm, await jsonBody(c));
      const actor = await signedInUser(c);
      const result = await updateCampus(withLog(c), actor, c.req.param('id'), form);
      const body: TCampusResponse = { ok: true, ...result };
      return c.json(body);
    })
    .delete('/campuses/:id', superAdmin, async (c) => {
      const actor = await signedInUser(c);
      const result = await deleteCampus(withLog(c), actor, c.req.param('id'));
      const body: TCampusResponse = { ok: true, ...result };
      return c.json(body);
    });
}
