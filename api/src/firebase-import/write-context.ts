import type { Db } from '@campus/shared/server/db/client';
import type { campuses, universities } from '@campus/shared/server/db/schema';
import { and, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { AuthExport } from './auth-export';
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

export const COLLECTION_OF: Record<Kind, Collection> = {
  university: 'universities',
  campus: 'campuses',
  restaurant: 'restaurants',
  'menu-item': 'menuItems',
  'mart-item': 'martItems',
  domain: 'allowedDomains',
  person: 'users',
};

/** What a university's transaction works with. */
export interface WriteContext {
  tx: Db;
  rows: ImportedRows;
  report: ImportReport;
  authExport?: AuthExport;
  prune: boolean;
}

export function problem(
  ctx: WriteContext,
  kind: Kind,
  path: string,
  reason: string,
  imported = false,
) {
  ctx.report.problems.push({ path, reason, imported });
  if (!imported) ctx.report.collections[COLLECTION_OF[kind]].skipped += 1;
}

/** Writes a document's row and counts the outcome; notes of its conversion go to the report. */
export async function put(
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
export function skipContents(
  ctx: WriteContext,
  left: UniversityTree['campuses'],
  withCampuses: boolean,
) {
  const counts = ctx.report.collections;
  for (const { restaurants, martItems } of left) {
    if (withCampuses) counts.campuses.skipped += 1;
    counts.restaurants.skipped += restaurants.length;
    counts.menuItems.skipped += restaurants.reduce((sum, r) => sum + r.menuItems.length, 0);
    counts.martItems.skipped += martItems.length;
  }
}

/** A row of another origin already holds this unique value: the document is left out. */
export function conflict(ctx: WriteContext, kind: Kind, path: string, reason: string) {
  ctx.report.conflicts.push({ path, reason });
  ctx.report.collections[COLLECTION_OF[kind]].skipped += 1;
}

/**
 * Whether another row of `table` (among those `within` selects) has this name in any case: what
 * the unique indexes on lower(name) would refuse, found before the write so the transaction goes
 * on.
 */
export async function nameTaken(
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
