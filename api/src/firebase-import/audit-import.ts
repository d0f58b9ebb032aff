import type { Db } from '@campus/shared/server/db/client';
import { auditLog } from '@campus/shared/server/db/schema';
import type { ImportReport } from './report';

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
