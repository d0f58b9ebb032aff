import type {
  TUniversitiesResponse,
  TUniversityDeleteResponse,
  TUniversityResponse,
} from '@campus/shared/domain/admin-api';
import { ZUniversityForm } from '@campus/shared/domain/admin-forms';
import { type Context, Hono } from 'hono';
import type { AdminDeps } from '../../admin/deps';
import type { AppEnv } from '../../app-env';
import type { Guards } from '../../auth/guards';
import { jsonBody, parseWith } from '../../http/body';
import { createUniversity } from '../../universities/create-university';
import { deleteUniversity } from '../../universities/delete-university';
import { listUniversities } from '../../universities/list-universities';
import { updateUniversity } from '../../universities/update-university';

/** Universities (super admin only); their campuses are campuses.ts's. */
export function universityRoutes(deps: AdminDeps, guards: Guards) {
  const { signedInUser } = guards;
  const withLog = (c: Context<AppEnv>) => ({ ...deps, log: c.get('log') });
  // Every route names its guard: a sub-app's use() would also guard the others under /api/admin.
  const superAdmin = guards.requireRole('superAdmin');
  return new Hono<AppEnv>()
    .get('/universities', superAdmin, async (c) => {
      const body: TUniversitiesResponse = {
        ok: true,
        universities: await listUniversities(deps.db),
      };
      return c.json(body);
    })
    .post('/universities', superAdmin, async (c) => {
      const form = parseWith(ZUniversityForm, await jsonBody(c));
      const university = await createUniversity(deps, await signedInUser(c), form);
      const body: TUniversityResponse = { ok: true, university };
      return c.json(body, 201);
    })
    .patch('/universities/:id', superAdmin, async (c) => {
      const form = parseWith(ZUniversityForm, await jsonBody(c));
      const actor = await signedInUser(c);
      const result = await updateUniversity(withLog(c), actor, c.req.param('id'), form);
      const body: TUniversityResponse = { ok: true, ...result };
      return c.json(body);
    })
    .delete('/universities/:id', superAdmin, async (c) => {
      const actor = await signedInUser(c);
      const result = await deleteUniversity(withLog(c), actor, c.req.param('id'));
      const body: TUniversityDeleteResponse = { ok: true, ...result };
      return c.json(body);
    });
}
