import { universities } from '@campus/shared/server/db/schema';
import * as convert from './documents';
import { settleMissing } from './settle-missing';
import type { SourceDocument } from './source';
import { writeCampuses } from './write-campuses';
import {
  conflict,
  nameTaken,
  problem,
  put,
  skipContents,
  type UniversityTree,
  type WriteContext,
} from './write-context';
import { writeDomains } from './write-domains';
import { writePeople } from './write-people';

/**
 * Writes one university with its campuses, restaurants, items, domains and people, and settles
 * the rows of its documents gone from Firebase. Runs inside the university's transaction.
 * Answers why the university was left out, or null when it was written.
 */
export async function writeUniversity(
  ctx: WriteContext,
  tree: UniversityTree,
  domains: readonly SourceDocument[],
  people: readonly SourceDocument[],
): Promise<string | null> {
  const { university } = tree;
  const form = convert.universityOf(university);
  if (!form.ok) {
    problem(ctx, 'university', university.path, form.reason);
    skipContents(ctx, tree.campuses, true);
    return form.reason;
  }
  const known = ctx.rows.idOf(university.path);
  if (await nameTaken(ctx.tx, universities, form.values.name, { except: known })) {
    const reason = `a university named '${form.values.name}' already exists here`;
    conflict(ctx, 'university', university.path, reason);
    skipContents(ctx, tree.campuses, true);
    return reason;
  }
  const { id: universityId } = await put(ctx, 'university', university.path, {
    values: { name: form.values.name },
    notes: form.notes,
  });
  await writeCampuses(ctx, tree, universityId, form.values.name);
  await writeDomains(ctx, domains, universityId);
  await writePeople(ctx, people, (person) => {
    const { university: u, campus } = convert.sourceCampusOf(person);
    const campusId = ctx.rows.idOf(`universities/${u}/campuses/${campus}`);
    const entry = tree.campuses.find((c) => c.campus.id === campus);
    const name = entry ? convert.campusOf(entry.campus, { universityId }) : null;
    return campusId && name?.ok
      ? { universityId, campusId, universityName: form.values.name, campusName: name.values.name }
      : null;
  });
  await settleMissing(
    ctx,
    ctx.rows.unseen((mapping) => mapping.sourcePath.startsWith(`${university.path}/`)),
  );
  return null;
}
