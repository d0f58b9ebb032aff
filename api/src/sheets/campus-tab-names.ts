import type { TUserProfile } from '@campus/shared/domain/entities';
import { sheetTabName } from '@campus/shared/domain/sheet-tab';
import type { Db } from '@campus/shared/server/db/client';
import { campuses, orders, universities } from '@campus/shared/server/db/schema';
import { and, eq } from 'drizzle-orm';

/**
 * The tab of the campus on a campus admin's profile, named from the university and campus rows
 * in the database (never from what the client says); null without a campus that exists.
 */
async function ownTabName(db: Db, user: TUserProfile): Promise<string | null> {
  if (!user.universityId || !user.campusId) return null;
  const [campus] = await db
    .select({ universityName: universities.name, campusName: campuses.name })
    .from(campuses)
    .innerJoin(universities, eq(universities.id, campuses.universityId))
    .where(and(eq(campuses.id, user.campusId), eq(campuses.universityId, user.universityId)));
  if (!campus) return null;
  return sheetTabName(campus.universityName, campus.campusName) || null;
}

/**
 * The tabs of the campus on a campus admin's profile: its tab now, and the tabs its orders went
 * to under an earlier campus or university name.
 */
export async function campusTabNames(db: Db, user: TUserProfile): Promise<Set<string>> {
  const names = new Set<string>();
  const own = await ownTabName(db, user);
  if (own) names.add(own);
  if (user.campusId) {
    const earlier = await db
      .selectDistinct({ tabName: orders.sheetTabName })
      .from(orders)
      .where(eq(orders.campusId, user.campusId));
    for (const { tabName } of earlier) names.add(tabName);
  }
  return names;
}
