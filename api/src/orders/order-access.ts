import type { TUserProfile } from '@campus/shared/domain/entities';
import type { TransitionActor } from '@campus/shared/domain/order-status';
import { isSuperAdmin } from '@campus/shared/domain/roles';
import { assertCampusAccess } from '../auth/guards';
import { notFound } from '../http/errors';

/** Whose an order is: the student who placed it and its campus (null once deleted). */
export type OrderOwner = {
  userId: string | null;
  universityId: string | null;
  campusId: string | null;
};

/**
 * Who may see or act on an order: as its student, only the one who placed it (another's is a 404,
 * so nothing is learnt about it); as an admin, a campus admin of its campus (403 otherwise) or a
 * super admin, also once its campus was deleted.
 */
export function assertOrderAccess(
  person: TUserProfile,
  order: OrderOwner,
  as: TransitionActor,
): void {
  if (as === 'student') {
    if (order.userId !== person.uid) throw notFound();
    return;
  }
  if (isSuperAdmin(person)) return;
  const { universityId, campusId } = order;
  assertCampusAccess(person, universityId && campusId ? { universityId, campusId } : null);
}
