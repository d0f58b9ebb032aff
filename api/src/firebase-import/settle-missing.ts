import { campuses, universities } from '@campus/shared/server/db/schema';
import { eq, inArray, or } from 'drizzle-orm';
import { prepareCampusDeletes } from '../campuses/delete-campus';
import type { ImportedRows } from './imported-rows';
import { COLLECTION_OF, type WriteContext } from './write-context';

/** Rows of documents gone from Firebase: counted missing, and with --prune deleted. */
export async function settleMissing(
  ctx: WriteContext,
  gone: Parameters<ImportedRows['remove']>[1],
) {
  for (const mapping of gone) ctx.report.collections[COLLECTION_OF[mapping.kind]].missing += 1;
  if (!ctx.prune || gone.length === 0) return;
  const campusIds = gone.filter((m) => m.kind === 'campus').map((m) => m.targetId);
  const universityIds = gone.filter((m) => m.kind === 'university').map((m) => m.targetId);
  const named = await ctx.tx
    .select({ id: campuses.id, campusName: campuses.name, universityName: universities.name })
    .from(campuses)
    .innerJoin(universities, eq(universities.id, campuses.universityId))
    .where(or(inArray(campuses.id, campusIds), inArray(campuses.universityId, universityIds)));
  await prepareCampusDeletes(ctx.tx, named);
  await ctx.rows.remove(ctx.tx, gone);
  for (const mapping of gone) ctx.report.collections[COLLECTION_OF[mapping.kind]].removed += 1;
}
