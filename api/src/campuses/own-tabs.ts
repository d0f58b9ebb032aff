import { ADMIN_FORM_MESSAGES } from '@campus/shared/domain/admin-forms';
import {
  SHEET_TAB_MESSAGES,
  sheetTabName,
  sheetTabNameProblem,
} from '@campus/shared/domain/sheet-tab';
import type { Db } from '@campus/shared/server/db/client';
import { campuses, orders, universities } from '@campus/shared/server/db/schema';
import { and, eq, isNotNull, ne } from 'drizzle-orm';
import { invalidField } from '../http/errors';

/** A campus with the names its order tab is made of. */
export type NamedCampus = { id: string; universityName: string; campusName: string };

/** Every campus with its university's name: what tab names are made of. */
function namedCampuses(db: Db): Promise<NamedCampus[]> {
  return db
    .select({
      id: campuses.id,
      universityName: universities.name,
      campusName: campuses.name,
    })
    .from(campuses)
    .innerJoin(universities, eq(universities.id, campuses.universityId));
}

/**
 * Refuses names whose order tab would be empty, Master, another campus's tab, or a tab holding
 * another campus's orders from before a rename (their orders would mix in one tab, and this
 * campus's admin would read them). `renamed` are the campuses that get new names; the 400 is on
 * the form's name field.
 */
export async function assertOwnTabs(db: Db, renamed: readonly NamedCampus[]): Promise<void> {
  const ids = new Set(renamed.map((campus) => campus.id));
  const others = (await namedCampuses(db)).filter((campus) => !ids.has(campus.id));
  for (const campus of renamed) {
    const problem = sheetTabNameProblem(others, campus);
    if (problem) throw invalidField('name', problem);
    const tabName = sheetTabName(campus.universityName, campus.campusName);
    const [held] = await db
      .select({ campusId: orders.campusId })
      .from(orders)
      .where(
        and(
          eq(orders.sheetTabName, tabName),
          isNotNull(orders.campusId),
          ne(orders.campusId, campus.id),
        ),
      )
      .limit(1);
    if (held) throw invalidField('name', SHEET_TAB_MESSAGES.collision(tabName));
  }
}

/** The name of the university a campus form names, or the 400 that asks to pick one. */
export async function universityNameOf(db: Db, universityId: string): Promise<string> {
  const [university] = await db
    .select({ name: universities.name })
    .from(universities)
    .where(eq(universities.id, universityId));
  if (!university) throw invalidField('universityId', ADMIN_FORM_MESSAGES.selectUniversity);
  return university.name;
}
