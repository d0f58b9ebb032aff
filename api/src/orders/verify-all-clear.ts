import { AppError } from '@campus/shared/domain/app-error';
import type { TUserProfile } from '@campus/shared/domain/entities';
import type { TVerifyAllClearRequest } from '@campus/shared/domain/order-api';
import { PAYMENT_EVIDENCE_MESSAGES } from '@campus/shared/domain/payment-evidence';
import { failedPrecondition } from '../http/errors';
import { type ChangeOrderStatusDeps, changeOrderStatus } from './change-order-status';
import { ordersWithEvidence } from './list-orders';

/**
 * Verifies every order of the admin's queue whose credit is in the statement and whose payment
 * shows no difference (decision 023), as many as the admin confirmed: a count that changed since
 * (a new order, a new reading) verifies nothing and says so. Each goes through the one rule of
 * transitions; one another admin moved meanwhile is left out. Returns how many were verified.
 */
export async function verifyAllClear(
  deps: ChangeOrderStatusDeps,
  admin: TUserProfile,
  request: TVerifyAllClearRequest,
): Promise<number> {
  const { count, ...scope } = request;
  const clear = await ordersWithEvidence(
    deps.db,
    admin,
    { ...scope, status: 'placed', evidence: 'all_clear' },
    deps.payToDefault,
  );
  if (clear.length !== count) {
    throw failedPrecondition(PAYMENT_EVIDENCE_MESSAGES.allClearChanged(clear.length));
  }
  let verified = 0;
  for (const order of clear) {
    try {
      await changeOrderStatus(deps, admin, order.id, { action: 'verify', reason: '' });
      verified += 1;
    } catch (error) {
      if (!(error instanceof AppError && error.status === 409)) throw error;
    }
  }
  return verified;
}
