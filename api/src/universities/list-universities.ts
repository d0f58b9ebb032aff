import type { TAdminUniversity } from '@campus/shared/domain/admin-api';
import type { Db } from '@campus/shared/server/db/client';
import { campuses, universities } from '@campus/shared/server/db/schema';
import { campusColumns } from '../campuses/campus-columns';

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
const byName = (a: { name: string }, b: { name: string }) => collator.compare(a.name, b.name);

/** Every university with its campuses, both sorted by name as people read them. */
export async function listUniversities(db: Db): Promise<TAdminUniversity[]> {
  const [universityRows, campusRows] = await Promise.all([
    db.select({ id: universities.id, name: universities.name }).from(universities),
    db.select(campusColumns).from(campuses),
  ]);
  return universityRows.sort(byName).map((university) => ({
    ...university,
    campuses: campusRows.filter((campus) => campus.universityId === university.id).sort(byName),
  }));
}
