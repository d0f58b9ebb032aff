import { deliveryAddress, NO_PLACE } from '@campus/shared/domain/delivery-places';
import { roundName } from '@campus/shared/domain/delivery-rounds';
import { formatError } from '@campus/shared/domain/error-catalogue';
import type { TOrderDetail } from '@campus/shared/domain/order-api';
import { refundText } from '@campus/shared/domain/refunds';
import { formatShortTimestamp } from '@campus/shared/domain/time-zone';
import { useLocation, useParams } from 'react-router-dom';
import { Link } from '@/components/link';
import { secondaryButton } from '@/components/ui/button-styles';
import { LoadFailure } from '@/components/ui/load-failure';
import { OrderStatusBadge } from '@/components/ui/order-status-badge';
import { StatusMessage } from '@/components/ui/status-message';
import { ZoomableImage } from '@/components/ui/zoomable-image';
import { placedOrderIn } from '@/lib/placed-order';
import { roundOf } from '@/lib/rounds';
import { useOrderEvents } from '@/lib/use-live-events';
import { orderKeys, useMyOrder } from '../api/my-orders';
import { CancelOrder } from './cancel-order';
import { OrderContents } from './order-contents';
import { OrderPlaced } from './order-placed';
import { OrderTimeline } from './order-timeline';
import { ResubmitOrder } from './resubmit-order';

const backLink = (
  <Link to="/orders" className="text-orange-800 underline hover:text-orange-900">
    Back to My Orders
  </Link>
);

/** Why the payment was refused: the reason of the rejection that put the order where it is. */
function RejectionReason({ order }: { order: TOrderDetail }) {
  if (order.status !== 'rejected') return null;
  const rejection = order.transitions.findLast((t) => t.toState === 'rejected');
  if (!rejection?.reason) return null;
  return (
    <div className="rounded border border-red-300 bg-red-50 px-4 py-3 text-red-800">
      <p className="font-medium">Your payment was rejected.</p>
      <p data-testid="rejection-reason">Reason: {rejection.reason}</p>
    </div>
  );
}

/** Where and to whom the order is brought, as the student gave it at checkout. */
function DeliveryDetails({ order }: { order: TOrderDetail }) {
  return (
    <section aria-labelledby="order-delivery-heading" className="space-y-2">
      <h2 id="order-delivery-heading" className="text-lg font-semibold">
        Delivery
      </h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="font-medium">Deliver to</dt>
        <dd data-testid="order-deliver-to">{deliveryAddress(order) || NO_PLACE}</dd>
        <dt className="font-medium">Phone</dt>
        <dd>{order.phone}</dd>
        {order.specialInstruction && (
          <>
            <dt className="font-medium">Instructions</dt>
            <dd className="whitespace-pre-line">{order.specialInstruction}</dd>
          </>
        )}
      </dl>
    </section>
  );
}

function PaymentDetails({ order }: { order: TOrderDetail }) {
  return (
    <section aria-labelledby="order-payment-heading" className="space-y-2">
      <h2 id="order-payment-heading" className="text-lg font-semibold">
        Payment
      </h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="font-medium">Account title</dt>
        <dd>{order.accountTitle}</dd>
        <dt className="font-medium">Bank</dt>
        <dd>{order.bankName}</dd>
      </dl>
      <ZoomableImage
        src={order.screenshotUrl}
        alt="Your payment screenshot"
        className="h-64 w-full max-w-sm"
      />
    </section>
  );
}

function OrderNotFound() {
  return (
    <section className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="mb-4 text-3xl font-bold">Order not found</h1>
      <p className="mb-4 text-gray-700">There is no order with this number among your orders.</p>
      <Link to="/orders" className={secondaryButton}>
        Back to My Orders
      </Link>
    </section>
  );
}

/**
 * /orders/:id: one of the student's orders — its state, what happened to it when (campus time),
 * its items and totals, the payment they sent, and 'Cancel order' while they still may. Checkout
 * comes here once the order is placed, with the thank-you view on top (kept by a reload).
 */
export function OrderScreen() {
  const id = useParams().id ?? '';
  const placed = placedOrderIn(useLocation().state, id);
  const Heading = placed ? 'h2' : 'h1';
  const query = useMyOrder(id);
  // An admin's verification, or the round going out, shows here without a reload.
  useOrderEvents({ orderId: id }, [orderKeys.detail(id)]);
  if (query.isError && formatError(query.error).status === 404) return <OrderNotFound />;
  const order = query.data;
  return (
    <section className="mx-auto max-w-3xl space-y-6 px-4 py-8">
      {placed && <OrderPlaced order={placed} />}
      <p>{backLink}</p>
      {query.isPending && <StatusMessage title="Loading your order..." busy />}
      {query.isError && <LoadFailure error={query.error} onRetry={() => query.refetch()} />}
      {order && (
        <>
          <header className="space-y-2">
            <div className="flex flex-wrap items-center gap-3">
              <Heading className="text-3xl font-bold">Your order</Heading>
              <OrderStatusBadge status={order.status} />
            </div>
            <p className="text-sm text-gray-700">
              Order number{' '}
              <span className="font-mono" data-testid="order-number">
                {order.paymentReference}
              </span>
              , placed{' '}
              <time dateTime={order.placedAt}>
                {formatShortTimestamp(new Date(order.placedAt), order.timeZone)}
              </time>{' '}
              at {order.universityName} - {order.campusName}
            </p>
            {order.round && (
              <p className="text-sm text-gray-800">
                Delivery: {roundName(roundOf(order.round), order.timeZone)}
              </p>
            )}
          </header>
          {order.refund && (
            <p
              data-testid="refund"
              className="rounded border border-sky-300 bg-sky-50 px-4 py-3 font-medium text-sky-900"
            >
              {refundText(order.refund, order.timeZone)}
            </p>
          )}
          <RejectionReason order={order} />
          {/* A new rejection starts the form afresh. */}
          <ResubmitOrder
            key={order.transitions.findLast((t) => t.toState === 'rejected')?.id ?? 'none'}
            order={order}
          />
          <div className="space-y-3">
            <CancelOrder orderId={order.id} allowed={order.actions.includes('cancel')} />
          </div>
          <OrderTimeline order={order} />
          <OrderContents order={order} />
          <DeliveryDetails order={order} />
          <PaymentDetails order={order} />
        </>
      )}
    </section>
  );
}
