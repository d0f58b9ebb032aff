import type { Db } from '@campus/shared/server/db/client';
import { auditImport, writtenCounts } from './audit-import';
import type { AuthExport } from './auth-export';
import { photoOf, sourceCampusOf } from './documents';
import { ImportedRows } from './imported-rows';
import { type PhotoOptions, type PhotoPlan, planPhoto } from './photos';
import type { Progress } from './progress';
import type { Collection, ImportReport } from './report';
import { settleMissing } from './settle-missing';
import type { FirebaseSource, SourceDocument } from './source';
import type { UniversityTree, WriteContext } from './write-context';
import { writePeople } from './write-people';
import { writeUniversity } from './write-university';

export interface ImportOptions {
  dryRun: boolean;
  prune: boolean;
  authExport?: AuthExport;
  photos: Omit<PhotoOptions, 'db' | 'dryRun'>;
}

/** Thrown at the end of a dry run's transaction, so that it rolls back. */
class DryRunRollback extends Error {}

async function readAll(
  source: FirebaseSource,
  path: string,
  collection: Collection,
  context: { rows: ImportedRows; report: ImportReport; progress: Progress },
): Promise<SourceDocument[]> {
  const documents = await source.collection(path);
  context.report.collections[collection].read += documents.length;
  for (const document of documents) context.rows.see(document.path);
  context.progress.read(context.report);
  return documents;
}

/** A university's documents, read whole before its transaction opens, with its photos planned. */
async function readUniversity(
  source: FirebaseSource,
  university: SourceDocument,
  context: { rows: ImportedRows; report: ImportReport; progress: Progress; photos: PhotoOptions },
): Promise<UniversityTree> {
  const tree: UniversityTree = { university, campuses: [], photos: new Map() };
  const plan = async (item: SourceDocument, purpose: 'menu-photo' | 'mart-photo') => {
    const photo: PhotoPlan = await planPhoto(
      context.photos,
      photoOf(item),
      purpose,
      context.rows.mapping(item.path),
    );
    tree.photos.set(item.path, photo);
  };
  for (const campus of await readAll(source, `${university.path}/campuses`, 'campuses', context)) {
    const restaurants = [];
    for (const restaurant of await readAll(
      source,
      `${campus.path}/restaurants`,
      'restaurants',
      context,
    )) {
      const menuItems = await readAll(source, `${restaurant.path}/menuItems`, 'menuItems', context);
      for (const item of menuItems) await plan(item, 'menu-photo');
      restaurants.push({ restaurant, menuItems });
    }
    const martItems = await readAll(source, `${campus.path}/martItems`, 'martItems', context);
    for (const item of martItems) await plan(item, 'mart-photo');
    tree.campuses.push({ campus, restaurants, martItems });
  }
  return tree;
}

/**
 * Brings a Firebase deployment over (decision 016): the top-level collections first, then each
 * university read whole and written in one transaction of its own, with its domains and people;
 * people of no imported university and the documents gone from Firebase last. A university that
 * cannot be read or written is rolled back whole and named in the report; the rest go on.
 */
export async function runImport(
  db: Db,
  source: FirebaseSource,
  options: ImportOptions,
  report: ImportReport,
  progress: Progress,
): Promise<ImportReport> {
  const rows = await ImportedRows.load(db);
  const photos: PhotoOptions = { ...options.photos, db, dryRun: options.dryRun };
  const context = { rows, report, progress, photos };
  const universities = await readAll(source, 'universities', 'universities', context);
  const domains = await readAll(source, 'allowedDomains', 'allowedDomains', context);
  const people = await readAll(source, 'users', 'users', context);

  /** One transaction: rolled back on failure (the report too) or at the end of a dry run. */
  const inTransaction = async <T>(path: string, work: (ctx: WriteContext) => Promise<T>) => {
    const before = JSON.stringify(report);
    const written = writtenCounts(report);
    let result: T | undefined;
    try {
      await db.transaction(async (tx) => {
        const ctx: WriteContext = {
          tx: tx as unknown as Db,
          rows,
          report,
          authExport: options.authExport,
          prune: options.prune,
        };
        await rows.rollingBack(async () => {
          result = await work(ctx);
          await auditImport(ctx.tx, path, report, written);
          if (options.dryRun) throw new DryRunRollback();
        });
      });
    } catch (error) {
      if (!(error instanceof DryRunRollback)) {
        Object.assign(report, JSON.parse(before));
        throw error;
      }
    }
    return result as T;
  };

  // Universities whose people and domains were dealt with: written, or failed and left for the
  // next run. People of a university left out come over without a campus.
  const handled = new Set<string>();
  for (const university of universities) {
    const name = typeof university.data.name === 'string' ? university.data.name : university.id;
    try {
      const tree = await readUniversity(source, university, context);
      const skipped = await inTransaction(university.path, (ctx) =>
        writeUniversity(
          ctx,
          tree,
          domains.filter((domain) => sourceCampusOf(domain).university === university.id),
          people.filter((person) => sourceCampusOf(person).university === university.id),
        ),
      );
      if (skipped) {
        report.universities.push({
          path: university.path,
          name,
          outcome: 'skipped',
          reason: skipped,
        });
      } else {
        report.universities.push({ path: university.path, name, outcome: 'imported' });
        handled.add(university.id);
      }
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      report.universities.push({ path: university.path, name, outcome: 'failed', reason });
      handled.add(university.id);
    }
    progress.universityDone(report);
  }

  const gone = new Set(
    rows.unseen((mapping) => mapping.kind === 'university').map((mapping) => mapping.sourcePath),
  );
  await inTransaction('(the rest)', async (ctx) => {
    await writePeople(
      ctx,
      people.filter((person) => !handled.has(sourceCampusOf(person).university)),
      () => null,
    );
    for (const domain of domains.filter((d) => !handled.has(sourceCampusOf(d).university))) {
      report.problems.push({
        path: domain.path,
        reason: 'its university was not imported',
        imported: false,
      });
      report.collections.allowedDomains.skipped += 1;
    }
    await settleMissing(
      ctx,
      rows.unseen(
        (mapping) =>
          mapping.kind === 'domain' ||
          mapping.kind === 'person' ||
          [...gone].some(
            (path) => mapping.sourcePath === path || mapping.sourcePath.startsWith(`${path}/`),
          ),
      ),
    );
  });
  report.finishedAt = new Date().toISOString();
  progress.finish(report);
  return report;
}
