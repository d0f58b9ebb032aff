import { AppError } from '@campus/shared/domain/app-error';
import type { Db } from '@campus/shared/server/db/client';
import { newId } from '@campus/shared/server/db/ids';
import {
  accounts,
  allowedDomains,
  auditLog,
  campuses,
  universities,
  users,
} from '@campus/shared/server/db/schema';
import { and, eq, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import { planTabJobs } from '../admin/sheet-tab-jobs';
import { credentialAccount } from '../auth/credential-account';
import { isFirebasePasswordHash } from '../auth/firebase-password';
import { prepareCampusDeletes } from '../campuses/delete-campus';
import { assertOwnTabs } from '../campuses/own-tabs';
import { martItemColumns } from '../mart-items/mart-item-of';
import { menuItemColumns } from '../menu-items/menu-item-of';
import { restaurantColumns } from '../restaurants/restaurant-of';
import { userIdByEmail } from '../users/find-user';
import { type AuthExport, exportedPassword } from './auth-export';
import * as convert from './documents';
import type { ImportedRows, Kind } from './imported-rows';
import type { PhotoPlan } from './photos';
import type { Collection, ImportReport } from './report';
import type { SourceDocument } from './source';

/** A university's documents as read from Firebase, with its items' photos planned. */
export interface UniversityTree {
  university: SourceDocument;
  campuses: {
    campus: SourceDocument;
    restaurants: { restaurant: SourceDocument; menuItems: SourceDocument[] }[];
    martItems: SourceDocument[];
  }[];
  photos: Map<string, PhotoPlan>;
}

const COLLECTION_OF: Record<Kind, Collection> = {
  university: 'universities',
  campus: 'campuses',
  restaurant: 'restaurants',
  'menu-item': 'menuItems',
  'mart-item': 'martItems',
  domain: 'allowedDomains',
  person: 'users',
};

/** A campus here as people's profiles name it. */
export type PersonCampus = {
  universityId: string;
  campusId: string;
  universityName: string;
  campusName: string;
};

/** What a university's transaction works with. */
export interface WriteContext {
  tx: Db;
  rows: ImportedRows;
  report: ImportReport;
  authExport?: AuthExport;
  prune: boolean;
}

function problem(ctx: WriteContext, kind: Kind, path: string, reason: string, imported = false) {
  ctx.report.problems.push({ path, reason, imported });
  if (!imported) ctx.report.collections[COLLECTION_OF[kind]].skipped += 1;
}

/** Writes a document's row and counts the outcome; notes of its conversion go to the report. */
async function put(
  ctx: WriteContext,
  kind: Kind,
  path: string,
  converted: { values: Record<string, unknown>; notes: string[] },
  onInsert: Record<string, unknown> = {},
) {
  for (const note of converted.notes) problem(ctx, kind, path, note, true);
  const written = await ctx.rows.put(ctx.tx, kind, path, converted.values, onInsert);
  ctx.report.collections[COLLECTION_OF[kind]][written.outcome] += 1;
  return written;
}

/** Counts the documents under campuses left out as skipped (the campuses too, if `withCampuses`). */
function skipContents(ctx: WriteContext, left: UniversityTree['campuses'], withCampuses: boolean) {
  const counts = ctx.report.collections;
  for (const { restaurants, martItems } of left) {
    if (withCampuses) counts.campuses.skipped += 1;
    counts.restaurants.skipped += restaurants.length;
    counts.menuItems.skipped += restaurants.reduce((sum, r) => sum + r.menuItems.length, 0);
    counts.martItems.skipped += martItems.length;
  }
}

/** A row of another origin already holds this unique value: the document is left out. */
function conflict(ctx: WriteContext, kind: Kind, path: string, reason: string) {
  ctx.report.conflicts.push({ path, reason });
  ctx.report.collections[COLLECTION_OF[kind]].skipped += 1;
}

/**
 * Whether another row of `table` (among those `within` selects) has this name in any case: what
 * the unique indexes on lower(name) would refuse, found before the write so the transaction goes
 * on.
 */
async function nameTaken(
  tx: Db,
  table: typeof universities | typeof campuses,
  name: string,
  options: { except?: string; within?: SQL },
) {
  const [row] = await tx
    .select({ id: table.id })
    .from(table)
    .where(
      and(
        eq(sql`lower(${table.name})`, name.toLowerCase()),
        options.except ? ne(table.id, options.except) : undefined,
        options.within,
      ),
    );
  return row !== undefined;
}

async function writeItems(
  ctx: WriteContext,
  tree: UniversityTree,
  parents: { universityId: string; campusId: string },
  campus: UniversityTree['campuses'][number],
) {
  for (const { restaurant, menuItems } of campus.restaurants) {
    const form = convert.restaurantOf(restaurant, parents);
    if (!form.ok) {
      problem(ctx, 'restaurant', restaurant.path, form.reason);
      ctx.report.collections.menuItems.skipped += menuItems.length;
      continue;
    }
    // The contact e-mail is ours (the old system had none): an import never changes it.
    const {
      id: _id,
      contactEmail: _contact,
      ...columns
    } = restaurantColumns({
      ...form.values,
      id: '',
      universityId: parents.universityId,
      campusId: parents.campusId,
      contactEmail: null,
    });
    const { id: restaurantId } = await put(ctx, 'restaurant', restaurant.path, {
      values: columns,
      notes: form.notes,
    });
    for (const item of menuItems) {
      const itemForm = convert.menuItemOf(item, { ...parents, restaurantId });
      if (!itemForm.ok) {
        problem(ctx, 'menu-item', item.path, itemForm.reason);
        continue;
      }
      const photo = tree.photos.get(item.path) ?? { url: null };
      const { id: _itemId, ...values } = menuItemColumns({
        ...itemForm.values,
        id: '',
        restaurantId,
        photoURL: photo.url,
      });
      await putWithPhoto(ctx, 'menu-item', item.path, { values, notes: itemForm.notes }, photo);
    }
  }
  for (const item of campus.martItems) {
    const form = convert.martItemOf(item, parents);
    if (!form.ok) {
      problem(ctx, 'mart-item', item.path, form.reason);
      continue;
    }
    const photo = tree.photos.get(item.path) ?? { url: null };
    const { id: _id, ...values } = martItemColumns({
      ...form.values,
      id: '',
      campusId: parents.campusId,
      photoURL: photo.url,
    });
    await putWithPhoto(ctx, 'mart-item', item.path, { values, notes: form.notes }, photo);
  }
}

async function putWithPhoto(
  ctx: WriteContext,
  kind: 'menu-item' | 'mart-item',
  path: string,
  converted: { values: Record<string, unknown>; notes: string[] },
  photo: PhotoPlan,
) {
  const notes = photo.note ? [...converted.notes, photo.note] : converted.notes;
  const { id } = await put(ctx, kind, path, { values: converted.values, notes });
  const known = ctx.rows.mapping(path);
  if (photo.copiedFrom && known?.photoSourceUrl !== photo.copiedFrom) {
    ctx.report.photosCopied += 1;
    await ctx.rows.remember(ctx.tx, {
      sourcePath: path,
      kind,
      targetId: id,
      photoSourceUrl: photo.copiedFrom,
      photoUrl: photo.url,
    });
  }
}

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

async function writeCampuses(
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

async function writeDomains(
  ctx: WriteContext,
  domains: readonly SourceDocument[],
  universityId: string,
) {
  for (const domain of domains) {
    const { university, campus } = convert.sourceCampusOf(domain);
    const campusId = ctx.rows.idOf(`universities/${university}/campuses/${campus}`);
    if (!campusId) {
      problem(
        ctx,
        'domain',
        domain.path,
        `campus universities/${university}/campuses/${campus} was not imported`,
      );
      continue;
    }
    const form = convert.domainOf(domain, { universityId, campusId });
    if (!form.ok) {
      problem(ctx, 'domain', domain.path, form.reason);
      continue;
    }
    const known = ctx.rows.idOf(domain.path);
    const [twin] = await ctx.tx
      .select({ id: allowedDomains.id })
      .from(allowedDomains)
      .where(
        and(
          eq(allowedDomains.campusId, campusId),
          eq(allowedDomains.domain, form.values.domain),
          known ? ne(allowedDomains.id, known) : undefined,
        ),
      );
    if (twin) {
      problem(
        ctx,
        'domain',
        domain.path,
        `${form.values.domain} is already allowed at this campus`,
      );
      continue;
    }
    const { name, domain: value } = form.values;
    await put(ctx, 'domain', domain.path, {
      values: { name, domain: value, universityId, campusId },
      notes: form.notes,
    });
  }
}

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

/** What a report says was written: a transaction that wrote nothing leaves no audit row. */
export function writtenCounts(report: ImportReport): number {
  return Object.values(report.collections).reduce(
    (sum, counts) => sum + counts.added + counts.updated + counts.removed,
    0,
  );
}

/** One row in the audit log for what a transaction of the import changed. */
export async function auditImport(tx: Db, path: string, report: ImportReport, before: number) {
  if (writtenCounts(report) === before) return;
  await tx.insert(auditLog).values({
    actorId: null,
    actorRole: null,
    action: 'import',
    entity: 'firebase',
    entityId: path,
    details: { counts: report.collections },
  });
}

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
