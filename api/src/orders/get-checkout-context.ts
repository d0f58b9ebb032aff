import {
  payToOf,
  type TCheckoutContextResponse,
  type TPayTo,
} from '@campus/shared/domain/checkout';
import type { TUserProfile } from '@campus/shared/domain/entities';
import type { Db } from '@campus/shared/server/db/client';
import { campuses, orders } from '@campus/shared/server/db/schema';
import { desc, eq } from 'drizzle-orm';
import { campusDomainNames } from '../auth/allowed-domains';
import { campusPlaces } from '../delivery/delivery-places';
import { openPaymentReference } from './payment-reference';

/**
 * What /checkout shows: the pay-to account of the campus ordered from (the configured default
 * unless the campus has a complete one), the person's open payment reference there, the
 * e-mail domains of the person's own campus (docs/architecture.md §7), the campus's delivery
 * places, and the place, phone, room and bank details of their last order, so nobody retypes them.
 */
export async function getCheckoutContext(
  deps: { db: Db; payToDefault: TPayTo },
  user: TUserProfile,
  campusId: string,
): Promise<Omit<TCheckoutContextResponse, 'ok'>> {
  const [campus] = await deps.db
    .select({
      accountTitle: campuses.payToAccountTitle,
      bankName: campuses.payToBankName,
      accountNumber: campuses.payToAccountNumber,
    })
    .from(campuses)
    .where(eq(campuses.id, campusId));
  const payTo = campus ? payToOf(campus, deps.payToDefault) : deps.payToDefault;
  const paymentReference = campus ? await openPaymentReference(deps.db, user.uid, campusId) : null;
  const places = campus ? await campusPlaces(deps.db, campusId) : [];
  const [last] = await deps.db
    .select({
      placeId: orders.placeId,
      phone: orders.phone,
      room: orders.room,
      accountTitle: orders.accountTitle,
      bankName: orders.bankName,
    })
    .from(orders)
    .where(eq(orders.userId, user.uid))
    .orderBy(desc(orders.placedAt))
    .limit(1);
  return {
    payTo,
    paymentReference,
    allowedDomains: await campusDomainNames(deps.db, user.campusId),
    places,
    lastDetails: last
      ? {
          ...last,
          placeId: places.some((place) => place.id === last.placeId) ? last.placeId : null,
        }
      : null,
  };
}
