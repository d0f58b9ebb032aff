import type { TUserProfile } from '@campus/shared/domain/entities';
import type { TOrderAction } from '@campus/shared/domain/order-status';
import type { Db } from '@campus/shared/server/db/client';
import { auditLog } from '@campus/shared/server/db/schema';

type Executor = Pick<Db, 'insert'>;

/** What an admin (or a student, on their own order) did; `entity` names the table's thing ('restaurant'), `details` what changed. */
export interface AuditEntry {
  action:
    | 'create'
    | 'update'
    | 'delete'
    | 'clear'
    | 'change-role'
    | 'append'
    | 'close'
    | 'import'
    | TOrderAction;
  entity:
    | 'university'
    | 'campus'
    | 'user'
    | 'domain'
    | 'restaurant'
    | 'menu-item'
    | 'mart-item'
    | 'sheet-tab'
    | 'order'
    | 'delivery-slots'
    | 'delivery-places'
    | 'delivery-batch'
    | 'statement'
    | 'refund';
  entityId: string | null;
  details?: Record<string, unknown>;
}

/** Records who changed what, in the transaction of the change (so a row exists exactly if it did). */
export async function audit(tx: Executor, actor: TUserProfile, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: actor.uid,
    actorRole: actor.role,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId,
    details: entry.details ?? {},
  });
}
