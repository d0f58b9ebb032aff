import { AppError } from '@campus/shared/domain/app-error';
import type { Db } from '@campus/shared/server/db/client';
import { campuses, users } from '@campus/shared/server/db/schema';
import { eq } from 'drizzle-orm';
import { planTabJobs } from '../admin/sheet-tab-jobs';
import { assertOwnTabs } from '../campuses/own-tabs';
import * as convert from './documents';
import {
  nameTaken,
  problem,
  put,
  skipContents,
  type UniversityTree,
  type WriteContext,
} from './write-context';
import { writeItems } from './write-items';

/** Why a valid campus cannot be written here: its name taken in the university, or its tab's. */
async function campusRefusal(
  tx: Db,
  universityId: string,
  named: { id: string; universityName: string; campusName: string },
): Promise<string | null> {
  if (
    await nameTaken(tx, campuses, named.campusName, {
      except: named.id || undefined,
      within: eq(campuses.universityId, universityId),
    })
  ) {
    return `a campus named '${named.campusName}' is already in this university`;
  }
  try {
    await assertOwnTabs(tx, [named]);
    return null;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return error.message;
  }
}

export async function writeCampuses(
  ctx: WriteContext,
  tree: UniversityTree,
  universityId: string,
  universityName: string,
) {
  for (const entry of tree.campuses) {
    const { campus } = entry;
    const form = convert.campusOf(campus, { universityId });
    const known = ctx.rows.idOf(campus.path);
    const named = { id: known ?? '', universityName, campusName: form.ok ? form.values.name : '' };
    const refusal = form.ok ? await campusRefusal(ctx.tx, universityId, named) : form.reason;
    if (refusal || !form.ok) {
      problem(ctx, 'campus', campus.path, refusal ?? '');
      skipContents(ctx, [entry], false);
      continue;
    }
    const { id: campusId, outcome } = await put(ctx, 'campus', campus.path, {
      values: { universityId, name: form.values.name, location: form.values.location || null },
      notes: form.notes,
    });
    if (outcome !== 'unchanged') {
      // A new or renamed campus gets its order tab (creating a tab that exists changes nothing).
      await planTabJobs(ctx.tx, 'create', [named]);
      await ctx.tx
        .update(users)
        .set({ universityName, campusName: form.values.name })
        .where(eq(users.campusId, campusId));
    }
    await writeItems(ctx, tree, { universityId, campusId }, entry);
  }
}
