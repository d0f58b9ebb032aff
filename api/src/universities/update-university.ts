import type { TUniversityResponse } from '@campus/shared/domain/admin-api';
import type { TUniversityForm } from '@campus/shared/domain/admin-forms';
import type { TUserProfile } from '@campus/shared/domain/entities';
import { campuses, universities, users } from '@campus/shared/server/db/schema';
import { eq } from 'drizzle-orm';
import { audit } from '../admin/audit';
import type { TabJobDeps } from '../admin/deps';
import { planTabJobs, queueTabJobs } from '../admin/sheet-tab-jobs';
import { assertOwnTabs } from '../campuses/own-tabs';
import { alreadyExists, notFound, uniqueViolation } from '../http/errors';

/**
 * Renames a university; its people's profiles show the new name. Each of its campuses then writes
 * to a tab of the new name, planned here; the old tabs keep earlier orders (and stay the
 * campus's: see assertOwnTabs and the sheet routes).
 */
export async function updateUniversity(
  deps: TabJobDeps,
  actor: TUserProfile,
  id: string,
  form: TUniversityForm,
): Promise<Omit<TUniversityResponse, 'ok'>> {
  const { db, producer, catalogue, log } = deps;
  const campusRows = await db
    .select({ id: campuses.id, campusName: campuses.name })
    .from(campuses)
    .where(eq(campuses.universityId, id));
  const renamed = campusRows.map((campus) => ({ ...campus, universityName: form.name }));
  await assertOwnTabs(db, renamed);
  const jobs = await db
    .transaction(async (tx) => {
      const [before] = await tx
        .select({ name: universities.name })
        .from(universities)
        .where(eq(universities.id, id))
        .for('update');
      if (!before) throw notFound();
      await tx.update(universities).set({ name: form.name }).where(eq(universities.id, id));
      await tx.update(users).set({ universityName: form.name }).where(eq(users.universityId, id));
      await audit(tx, actor, {
        action: 'update',
        entity: 'university',
        entityId: id,
        details: { from: before.name, to: form.name },
      });
      return before.name === form.name ? [] : planTabJobs(tx, 'create', renamed);
    })
    .catch(uniqueViolation('name', alreadyExists(form.name)));
  const sheetTabs = await queueTabJobs(db, producer, jobs, log);
  await catalogue.invalidateUniversities();
  return { university: { id, name: form.name }, ...(sheetTabs.length > 0 ? { sheetTabs } : {}) };
}
