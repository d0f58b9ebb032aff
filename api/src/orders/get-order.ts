import { isoRound } from '@campus/shared/domain/batch-api';
import type { TUserProfile } from '@campus/shared/domain/entities';
import type { TOrderDetail, TOrderSummary } from '@campus/shared/domain/order-api';
import {
  availableActions,
  ORDER_ACTIONS,
  resubmitDeadline,
  type TransitionActor,
} from '@campus/shared/domain/order-status';
import type { Db } from '@campus/shared/server/db/client';
import {
  campuses,
  deliveryBatches,
  orderLines,
  orderNotes,
  orders,
  orderTransitions,
} from '@campus/shared/server/db/schema';
import {
  orderBatch,
  orderCampus,
  orderRoundColumns,
  roundOf,
} from '@campus/shared/server/delivery/order-round';
import { asc, eq } from 'drizzle-orm';
import { notFound } from '../http/errors';
import { refundOfOrder } from '../refunds/refunds';
import { assertOrderAccess } from './order-access';

/** Who acted on a student's order, as the student reads it when it was an admin. */
const CAMPUS_TEAM = 'Campus team';

/** The columns of an order in a list, with its campus's time zone. */
export const orderSummaryColumns = {
  id: orders.id,
  paymentReference: orders.paymentReference,
  status: orders.status,
  placedAt: orders.placedAt,
  statusChangedAt: orders.statusChangedAt,
  universityName: orders.universityName,
  campusName: orders.campusName,
  firstName: orders.firstName,
  lastName: orders.lastName,
  phone: orders.phone,
  grandTotalPaisa: orders.grandTotalPaisa,
  cartItemsText: orders.cartItemsText,
  accountTitle: orders.accountTitle,
  bankName: orders.bankName,
  screenshotUrl: orders.screenshotUrl,
  // A query of these columns joins the order's campus and its delivery batch (order-round.ts).
  ...orderRoundColumns,
};

type SummaryRow = Omit<TOrderSummary, 'placedAt' | 'statusChangedAt' | 'round'> & {
  placedAt: Date;
  statusChangedAt: Date | null;
  roundCutoffAt: Date | null;
  roundDeliveryAt: Date | null;
};

export function toOrderSummary({
  roundCutoffAt,
  roundDeliveryAt,
  ...row
}: SummaryRow): TOrderSummary {
  return {
    ...row,
    placedAt: row.placedAt.toISOString(),
    statusChangedAt: row.statusChangedAt?.toISOString() ?? null,
    round: isoRound(roundOf({ roundCutoffAt, roundDeliveryAt })),
  };
}

/** The order, its lines and its timeline, as `viewer` may act on it; null when there is none. */
async function loadOrderDetail(db: Db, orderId: string, viewer: TransitionActor) {
  const [row] = await db
    .select({
      ...orderSummaryColumns,
      userId: orders.userId,
      universityId: orders.universityId,
      campusId: orders.campusId,
      placeName: orders.placeName,
      room: orders.room,
      email: orders.email,
      persons: orders.persons,
      specialInstruction: orders.specialInstruction,
      itemTotalPaisa: orders.itemTotalPaisa,
      deliveryChargePaisa: orders.deliveryChargePaisa,
      balanceDuePaisa: orders.balanceDuePaisa,
    })
    .from(orders)
    .leftJoin(campuses, orderCampus)
    .leftJoin(deliveryBatches, orderBatch)
    .where(eq(orders.id, orderId));
  if (!row) return null;
  const [lines, transitions, notes] = await Promise.all([
    db
      .select({
        name: orderLines.name,
        restaurantName: orderLines.restaurantName,
        quantity: orderLines.quantity,
        unitPricePaisa: orderLines.unitPricePaisa,
        lineTotalPaisa: orderLines.lineTotalPaisa,
      })
      .from(orderLines)
      .where(eq(orderLines.orderId, orderId))
      .orderBy(asc(orderLines.position)),
    db
      .select({
        id: orderTransitions.id,
        action: orderTransitions.action,
        fromState: orderTransitions.fromState,
        toState: orderTransitions.toState,
        actorName: orderTransitions.actorName,
        reason: orderTransitions.reason,
        confirmedDifferences: orderTransitions.confirmedDifferences,
        at: orderTransitions.at,
      })
      .from(orderTransitions)
      .where(eq(orderTransitions.orderId, orderId))
      .orderBy(asc(orderTransitions.id)),
    db
      .select({ at: orderNotes.at, text: orderNotes.text })
      .from(orderNotes)
      .where(eq(orderNotes.orderId, orderId))
      .orderBy(asc(orderNotes.id)),
  ]);
  const { userId, universityId, campusId, ...shown } = row;
  // A rejected order takes a new screenshot for a while after its rejection.
  const rejection =
    row.status === 'rejected' ? transitions.findLast((t) => t.toState === 'rejected') : undefined;
  const deadline = rejection ? resubmitDeadline(rejection.at) : null;
  const resubmitUntil = deadline && deadline > new Date() ? deadline : null;
  const detail: TOrderDetail = {
    ...shown,
    ...toOrderSummary(shown),
    lines,
    transitions: transitions.map((t) => ({
      ...t,
      // A student reads what the campus team did, not who of them did it.
      actorName:
        viewer === 'student' && ORDER_ACTIONS[t.action].by === 'admin' ? CAMPUS_TEAM : t.actorName,
      // What the app found in the evidence is the campus team's business.
      confirmedDifferences: viewer === 'student' ? [] : t.confirmedDifferences,
      at: t.at.toISOString(),
    })),
    notes: notes.map((note) => ({ at: note.at.toISOString(), text: note.text })),
    actions: availableActions(row.status, viewer).filter(
      (action) => action !== 'resubmit' || resubmitUntil !== null,
    ),
    resubmitUntil: resubmitUntil?.toISOString() ?? null,
    refund: await refundOfOrder(db, orderId),
  };
  return { detail, owner: { userId, universityId, campusId } };
}

/**
 * An order's page: a student's own order (another's is a 404), or for an admin an order of their
 * campus (403 for another campus's; a super admin any).
 */
export async function getOrder(db: Db, person: TUserProfile, orderId: string, as: TransitionActor) {
  const found = await loadOrderDetail(db, orderId, as);
  if (!found) throw notFound();
  assertOrderAccess(person, found.owner, as);
  return found.detail;
}
