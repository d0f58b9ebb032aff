import type { TUniversityDeleteResponse } from '@campus/shared/domain/admin-api';
import type { TUserProfile } from '@campus/shared/domain/entities';
import { campuses, universities } from '@campus/shared/server/db/schema';
import { eq } from 'drizzle-orm';
import { audit } from '../admin/audit';
import type { TabJobDeps } from '../admin/deps';
import { queueTabJobs } from '../admin/sheet-tab-jobs';
import { prepareCampusDeletes } from '../campuses/delete-campus';
import { notFound } from '../http/errors';

/**
 * Deletes a university with its campuses and everything under them (schema.ts cascades), and
 * plans the deletes of their tabs: one tab outcome per tab.
 */
export async function deleteUniversity(
  deps: TabJobDeps,
  actor: TUserProfile,
  id: string,
): Promise<Omit<TUniversityDeleteResponse, 'ok'>> {
  const { db, producer, catalogue, log } = deps;
  const jobs = await db.transaction(async (tx) => {
    const [university] = await tx
      .select({ name: universities.name })
      .from(universities)
      .where(eq(universities.id, id))
      .for('update');
    if (!university) throw notFound();
    const gone = await tx
      .select({ id: campuses.id, campusName: campuses.name })
      .from(campuses)
      .where(eq(campuses.universityId, id));
    const tabJobs = await prepareCampusDeletes(
      tx,
      gone.map((campus) => ({ ...campus, universityName: university.name })),
    );
    await tx.delete(universities).where(eq(universities.id, id));
    await audit(tx, actor, {
      action: 'delete',
      entity: 'university',
      entityId: id,
      details: { name: university.name, campuses: gone.map((campus) => campus.campusName) },
    });
    return tabJobs;
  });
  const sheetTabs = await queueTabJobs(db, producer, jobs, log);
  await catalogue.invalidateAll();
  return { sheetTabs };
}
