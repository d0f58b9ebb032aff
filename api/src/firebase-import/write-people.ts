import type { Db } from '@campus/shared/server/db/client';
import { newId } from '@campus/shared/server/db/ids';
import { accounts } from '@campus/shared/server/db/schema';
import { eq } from 'drizzle-orm';
import { credentialAccount } from '../auth/credential-account';
import { isFirebasePasswordHash } from '../auth/firebase-password';
import { userIdByEmail } from '../users/find-user';
import { exportedPassword } from './auth-export';
import * as convert from './documents';
import type { SourceDocument } from './source';
import { conflict, problem, put, type WriteContext } from './write-context';

/** A campus here as people's profiles name it. */
export type PersonCampus = {
  universityId: string;
  campusId: string;
  universityName: string;
  campusName: string;
};

/** People at a campus of this university, or (`campusOf` null) without one. */
export async function writePeople(
  ctx: WriteContext,
  people: readonly SourceDocument[],
  campusOf: (person: SourceDocument) => PersonCampus | null,
) {
  for (const person of people) {
    const form = convert.personOf(person);
    if (!form.ok) {
      problem(ctx, 'person', person.path, form.reason);
      continue;
    }
    const exported = ctx.authExport?.accounts.get(person.id);
    if (exported?.disabled) {
      problem(ctx, 'person', person.path, 'the account is disabled in Firebase Authentication');
      continue;
    }
    const { email, firstName, lastName, role, emailVerified, createdAt } = form.values;
    const known = ctx.rows.idOf(person.path);
    const twin = await userIdByEmail(ctx.tx, email);
    if (twin && twin !== known) {
      conflict(ctx, 'person', person.path, `an account with ${email} already exists here`);
      continue;
    }
    const verified = exported?.emailVerified ?? emailVerified;
    const campus = campusOf(person);
    const { sourceCampusNote } = campusNote(person, campus, role);
    const { id } = await put(
      ctx,
      'person',
      person.path,
      {
        values: {
          email,
          name: `${firstName} ${lastName}`.trim(),
          firstName,
          lastName,
          role,
          universityId: campus?.universityId ?? null,
          campusId: campus?.campusId ?? null,
          universityName: campus?.universityName ?? '',
          campusName: campus?.campusName ?? '',
          // Verified in Firebase is verified here; never the other way (a reset link verifies too).
          ...(verified ? { emailVerified: true } : {}),
        },
        notes: sourceCampusNote ? [...form.notes, sourceCampusNote] : form.notes,
      },
      { emailVerified: false, ...(createdAt ? { createdAt } : {}) },
    );
    if (exported && ctx.authExport) {
      await writePassword(ctx.tx, id, exportedPassword(exported, ctx.authExport.parameters));
    }
  }
}

function campusNote(person: SourceDocument, campus: PersonCampus | null, role: string) {
  const named = convert.sourceCampusOf(person);
  if (campus || (named.campus === '' && role === 'superAdmin')) return { sourceCampusNote: null };
  return {
    sourceCampusNote: named.campus
      ? `campus universities/${named.university}/campuses/${named.campus} was not imported: imported without a campus`
      : 'no campus on the profile: imported without one',
  };
}

/**
 * An exported Firebase password hash becomes the person's password until their first sign-in;
 * a password set here (a hash of ours) is never replaced.
 */
async function writePassword(tx: Db, userId: string, password: string | null) {
  if (!password) return;
  const account = await credentialAccount(tx, userId);
  if (!account) {
    await tx
      .insert(accounts)
      .values({ id: newId(), accountId: userId, providerId: 'credential', userId, password });
  } else if (
    account.password !== password &&
    (!account.password || isFirebasePasswordHash(account.password))
  ) {
    await tx.update(accounts).set({ password }).where(eq(accounts.id, account.id));
  }
}
