import type { TCampusResponse } from '@campus/shared/domain/admin-api';
import { ADMIN_FORM_MESSAGES, type TCampusForm } from '@campus/shared/domain/admin-forms';
import type { TUserProfile } from '@campus/shared/domain/entities';
import { campuses, users } from '@campus/shared/server/db/schema';
import { eq } from 'drizzle-orm';
import { audit } from '../admin/audit';
import type { TabJobDeps } from '../admin/deps';
import { planTabJobs, queueTabJobs } from '../admin/sheet-tab-jobs';
import { alreadyExists, invalidField, notFound, uniqueViolation } from '../http/errors';
import { campusOf } from './campus-columns';
import { assertOwnTabs, universityNameOf } from './own-tabs';

/**
 * Changes a campus's name, location and pay-to account; its people's profiles show the new name.
 * A rename plans the tab of the new name (the old tab keeps earlier orders and stays the campus's).
 */
export async function updateCampus(
  deps: TabJobDeps,
  actor: TUserProfile,
  id: string,
  form: TCampusForm,
): Promise<Omit<TCampusResponse, 'ok'>> {
  const { db, producer, catalogue, log } = deps;
  const [before] = await db
    .select({ universityId: campuses.universityId, name: campuses.name })
    .from(campuses)
    .where(eq(campuses.id, id));
  if (!before) throw notFound();
  // A campus stays with its university: its people, domains and orders belong there.
  if (before.universityId !== form.universityId) {
    throw invalidField('universityId', ADMIN_FORM_MESSAGES.selectUniversity);
  }
  const named = {
    id,
    universityName: await universityNameOf(db, form.universityId),
    campusName: form.name,
  };
  await assertOwnTabs(db, [named]);
  const campus = campusOf(id, form);
  const { id: _id, universityId: _universityId, ...changes } = campus;
  const jobs = await db
    .transaction(async (tx) => {
      const changed = await tx
        .update(campuses)
        .set(changes)
        .where(eq(campuses.id, id))
        .returning({ id: campuses.id });
      // Deleted since it was read: no audit row, no tab job.
      if (changed.length === 0) throw notFound();
      await tx.update(users).set({ campusName: campus.name }).where(eq(users.campusId, id));
      await audit(tx, actor, {
        action: 'update',
        entity: 'campus',
        entityId: id,
        details: { from: before.name, to: campus.name },
      });
      return before.name === campus.name ? [] : planTabJobs(tx, 'create', [named]);
    })
    .catch(uniqueViolation('name', alreadyExists(form.name)));
  const [sheetTab] = await queueTabJobs(db, producer, jobs, log);
  await catalogue.invalidateUniversities();
  return { campus, ...(sheetTab ? { sheetTab } : {}) };
}
