import type {
  TDeletedResponse,
  TDomainResponse,
  TDomainsResponse,
} from '@campus/shared/domain/admin-api';
import { ZDomainForm } from '@campus/shared/domain/admin-forms';
import type { Db } from '@campus/shared/server/db/client';
import { Hono } from 'hono';
import type { AppEnv } from '../../app-env';
import type { Guards } from '../../auth/guards';
import { createDomain } from '../../domains/create-domain';
import { deleteDomain } from '../../domains/delete-domain';
import { listDomains } from '../../domains/list-domains';
import { updateDomain } from '../../domains/update-domain';
import { jsonBody, parseWith } from '../../http/body';

/** Domain management (super admin only): the e-mail domains sign-up and checkout allow per campus. */
export function domainRoutes(db: Db, guards: Guards) {
  const { signedInUser } = guards;
  // Every route names its guard: a sub-app's use() would also guard the others under /api/admin.
  const superAdmin = guards.requireRole('superAdmin');
  return new Hono<AppEnv>()
    .get('/domains', superAdmin, async (c) => {
      const body: TDomainsResponse = { ok: true, domains: await listDomains(db) };
      return c.json(body);
    })
    .post('/domains', superAdmin, async (c) => {
      const actor = await signedInUser(c);
      const form = parseWith(ZDomainForm, await jsonBody(c));
      const body: TDomainResponse = { ok: true, domain: await createDomain(db, actor, form) };
      return c.json(body, 201);
    })
    .patch('/domains/:id', superAdmin, async (c) => {
      const actor = await signedInUser(c);
      const form = parseWith(ZDomainForm, await jsonBody(c));
      const domain = await updateDomain(db, actor, c.req.param('id'), form);
      const body: TDomainResponse = { ok: true, domain };
      return c.json(body);
    })
    .delete('/domains/:id', superAdmin, async (c) => {
      await deleteDomain(db, await signedInUser(c), c.req.param('id'));
      const body: TDeletedResponse = { ok: true, deleted: 1 };
      return c.json(body);
    });
}
