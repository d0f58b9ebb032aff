import type { TUserProfile } from '@campus/shared/domain/entities';
import type { Db } from '@campus/shared/server/db/client';
import { and, eq, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { notFound } from '../http/errors';
import { type AuditEntry, audit } from './audit';

// The two deletes of the admin resources, each with its audit row in the transaction of the
// change: one row by id, and a bulk clear of a campus's (or a restaurant's) rows.

type TableWithId = PgTable & { id: AnyPgColumn };

/**
 * Deletes the row with this id and records it, with `details` of the deleted row; a 404 and no
 * audit row when there is none. Answers the deleted row.
 */
export function deleteAudited<T extends TableWithId>(
  db: Db,
  actor: TUserProfile,
  target: {
    entity: AuditEntry['entity'];
    table: T;
    id: string;
    details: (row: T['$inferSelect']) => Record<string, unknown>;
  },
): Promise<T['$inferSelect']> {
  const { entity, table, id, details } = target;
  return db.transaction(async (tx) => {
    const [row] = await tx.delete(table).where(eq(table.id, id)).returning();
    if (!row) throw notFound();
    await audit(tx, actor, { action: 'delete', entity, entityId: id, details: details(row) });
    return row;
  });
}

/**
 * Deletes every row all of `where` pick (at least one condition: never a whole table) and answers
 * how many went. The audit row (with `scope` and the count) is written only when some did:
 * clearing what is already empty changes nothing.
 */
export function clearAudited(
  db: Db,
  actor: TUserProfile,
  target: {
    entity: AuditEntry['entity'];
    table: TableWithId;
    where: [SQL, ...SQL[]];
    scope: Record<string, string>;
  },
): Promise<number> {
  const { entity, table, where, scope } = target;
  return db.transaction(async (tx) => {
    const gone = await tx
      .delete(table)
      .where(and(...where))
      .returning({ id: table.id });
    if (gone.length > 0) {
      await audit(tx, actor, {
        action: 'clear',
        entity,
        entityId: null,
        details: { ...scope, deleted: gone.length },
      });
    }
    return gone.length;
  });
}
