import type { TAdminCampus, TCampusResponse } from '@campus/shared/domain/admin-api';
import type { TUserProfile } from '@campus/shared/domain/entities';
import type { Db } from '@campus/shared/server/db/client';
import { campuses, universities, users } from '@campus/shared/server/db/schema';
import type { OutboxJob } from '@campus/shared/server/jobs';
import { eq, inArray } from 'drizzle-orm';
import { audit } from '../admin/audit';
import type { TabJobDeps } from '../admin/deps';
import { planTabDeletes, queueTabJobs } from '../admin/sheet-tab-jobs';
import { notFound } from '../http/errors';
import { campusColumns } from './campus-columns';
import type { NamedCampus } from './own-tabs';

/**
 * What goes with campuses about to be deleted, in the transaction that deletes them: delete jobs
 * for their tabs (planned while the orders still name their campus), and their names on the
 * profiles of their people, who keep their accounts.
 */
export async function prepareCampusDeletes(
  tx: Db,
  gone: readonly NamedCampus[],
): Promise<OutboxJob[]> {
  const jobs = await planTabDeletes(tx, gone);
  if (gone.length > 0) {
    await tx
      .update(users)
      .set({ universityName: '', campusName: '' })
      .where(
        inArray(
          users.campusId,
          gone.map((campus) => campus.id),
        ),
      );
  }
  return jobs;
}

/**
 * Deletes a campus with everything under it (schema.ts cascades) and plans its tabs' deletes.
 * Answers the campus and one tab outcome: one that could not be queued if any (the web has one
 * notice per campus), else its tab now.
 */
export async function deleteCampus(
  deps: TabJobDeps,
  actor: TUserProfile,
  id: string,
): Promise<Omit<TCampusResponse, 'ok'>> {
  const { db, producer, catalogue, log } = deps;
  const { campus, jobs } = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ ...campusColumns, universityName: universities.name })
      .from(campuses)
      .innerJoin(universities, eq(universities.id, campuses.universityId))
      .where(eq(campuses.id, id))
      .for('update');
    if (!row) throw notFound();
    const { universityName, ...campus } = row;
    const tabJobs = await prepareCampusDeletes(tx, [
      { id, universityName, campusName: campus.name },
    ]);
    await tx.delete(campuses).where(eq(campuses.id, id));
    await audit(tx, actor, {
      action: 'delete',
      entity: 'campus',
      entityId: id,
      details: { name: campus.name, universityId: campus.universityId },
    });
    return { campus: campus satisfies TAdminCampus, jobs: tabJobs };
  });
  const outcomes = await queueTabJobs(db, producer, jobs, log);
  // Its tab now comes first, then the tabs of its earlier names.
  const sheetTab = outcomes.find((outcome) => !outcome.queued) ?? outcomes[0];
  await catalogue.invalidateAll();
  return { campus, ...(sheetTab ? { sheetTab } : {}) };
}
