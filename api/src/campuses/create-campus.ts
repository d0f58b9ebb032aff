import type { TCampusResponse } from '@campus/shared/domain/admin-api';
import type { TCampusForm } from '@campus/shared/domain/admin-forms';
import type { TUserProfile } from '@campus/shared/domain/entities';
import { newId } from '@campus/shared/server/db/ids';
import { campuses } from '@campus/shared/server/db/schema';
import { audit } from '../admin/audit';
import type { TabJobDeps } from '../admin/deps';
import { planTabJobs, queueTabJobs } from '../admin/sheet-tab-jobs';
import { alreadyExists, uniqueViolation } from '../http/errors';
import { campusOf } from './campus-columns';
import { assertOwnTabs, universityNameOf } from './own-tabs';

/**
 * Creates a campus and plans its order tab in the same transaction (outbox), so the tab follows
 * even when Redis is away; says whether the tab job is queued yet.
 */
export async function createCampus(
  deps: TabJobDeps,
  actor: TUserProfile,
  form: TCampusForm,
): Promise<Omit<TCampusResponse, 'ok'>> {
  const { db, producer, catalogue, log } = deps;
  const campus = campusOf(newId(), form);
  const named = {
    id: campus.id,
    universityName: await universityNameOf(db, form.universityId),
    campusName: form.name,
  };
  await assertOwnTabs(db, [named]);
  const jobs = await db
    .transaction(async (tx) => {
      await tx.insert(campuses).values(campus);
      await audit(tx, actor, {
        action: 'create',
        entity: 'campus',
        entityId: campus.id,
        details: { name: campus.name, universityId: campus.universityId },
      });
      return planTabJobs(tx, 'create', [named]);
    })
    .catch(uniqueViolation('name', alreadyExists(form.name)));
  const [sheetTab] = await queueTabJobs(db, producer, jobs, log);
  await catalogue.invalidateUniversities();
  return { campus, ...(sheetTab ? { sheetTab } : {}) };
}
