import type {
  TDeletedResponse,
  TDomainResponse,
  TDomainsResponse,
} from '@campus/shared/domain/admin-api';
import { ADMIN_FORM_MESSAGES, ZDomainForm } from '@campus/shared/domain/admin-forms';
import type { TAllowedDomain } from '@campus/shared/domain/entities';
import type { Db } from '@campus/shared/server/db/client';
import { newId } from '@campus/shared/server/db/ids';
import { allowedDomains } from '@campus/shared/server/db/schema';
import { eq } from 'drizzle-orm';
import { type Context, Hono } from 'hono';
import { audit } from '../../admin/audit';
import { deleteAudited } from '../../admin/audited-deletes';
import { findCampus } from '../../admin/campus-lookup';
import type { AppEnv } from '../../app-env';
import { requireRole, signedInUser } from '../../auth/guards';
import { invalidField, jsonBody, parseWith } from '../../http/body';
import { alreadyExists, notFound, uniqueViolation } from '../../http/errors';

const domainColumns = {
  id: allowedDomains.id,
  name: allowedDomains.name,
  domain: allowedDomains.domain,
  universityId: allowedDomains.universityId,
  campusId: allowedDomains.campusId,
};

/** The domain form of the request, for a campus that exists under the university it names. */
async function domainForm(db: Db, c: Context<AppEnv>) {
  const form = parseWith(ZDomainForm, await jsonBody(c));
  if (!(await findCampus(db, form.universityId, form.campusId))) {
    throw invalidField('campusId', ADMIN_FORM_MESSAGES.selectAUniversityAndCampus);
  }
  return form;
}

/** Domain management (super admin only): the e-mail domains sign-up and checkout allow per campus. */
export function domainRoutes(deps: { db: Db }) {
  const { db } = deps;
  // Every route names its guard: a sub-app's use() would also guard the others under /api/admin.
  const superAdmin = requireRole('superAdmin');
  return new Hono<AppEnv>()
    .get('/domains', superAdmin, async (c) => {
      const rows = await db
        .select(domainColumns)
        .from(allowedDomains)
        .orderBy(allowedDomains.domain);
      const body: TDomainsResponse = { ok: true, domains: rows };
      return c.json(body);
    })
    .post('/domains', superAdmin, async (c) => {
      const actor = await signedInUser(c);
      const form = await domainForm(db, c);
      const domain: TAllowedDomain = {
        id: newId(),
        name: form.name,
        domain: form.domain,
        universityId: form.universityId,
        campusId: form.campusId,
      };
      await db
        .transaction(async (tx) => {
          await tx.insert(allowedDomains).values(domain);
          await audit(tx, actor, {
            action: 'create',
            entity: 'domain',
            entityId: domain.id,
            details: { domain: domain.domain, campusId: domain.campusId },
          });
        })
        .catch(uniqueViolation('domain', alreadyExists(form.domain)));
      const body: TDomainResponse = { ok: true, domain };
      return c.json(body, 201);
    })
    .patch('/domains/:id', superAdmin, async (c) => {
      const actor = await signedInUser(c);
      const id = c.req.param('id');
      const form = await domainForm(db, c);
      const domain: TAllowedDomain = {
        id,
        name: form.name,
        domain: form.domain,
        universityId: form.universityId,
        campusId: form.campusId,
      };
      await db
        .transaction(async (tx) => {
          const changed = await tx
            .update(allowedDomains)
            .set({
              name: domain.name,
              domain: domain.domain,
              universityId: domain.universityId,
              campusId: domain.campusId,
            })
            .where(eq(allowedDomains.id, id))
            .returning({ id: allowedDomains.id });
          if (changed.length === 0) throw notFound();
          await audit(tx, actor, {
            action: 'update',
            entity: 'domain',
            entityId: id,
            details: { domain: domain.domain, campusId: domain.campusId },
          });
        })
        .catch(uniqueViolation('domain', alreadyExists(form.domain)));
      const body: TDomainResponse = { ok: true, domain };
      return c.json(body);
    })
    .delete('/domains/:id', superAdmin, async (c) => {
      const actor = await signedInUser(c);
      const id = c.req.param('id');
      await deleteAudited(db, actor, {
        entity: 'domain',
        table: allowedDomains,
        id,
        details: (row) => ({ domain: row.domain, campusId: row.campusId }),
      });
      const body: TDeletedResponse = { ok: true, deleted: 1 };
      return c.json(body);
    });
}
