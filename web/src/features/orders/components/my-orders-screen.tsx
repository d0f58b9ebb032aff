import { roundName } from '@campus/shared/domain/delivery-rounds';
import { formatRs } from '@campus/shared/domain/money';
import type { TOrderSummary } from '@campus/shared/domain/order-api';
import { formatShortTimestamp } from '@campus/shared/domain/time-zone';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Link } from '@/components/link';
import { secondaryButton } from '@/components/ui/button-styles';
import { LoadFailure } from '@/components/ui/load-failure';
import { OrderStatusBadge } from '@/components/ui/order-status-badge';
import { StatusMessage } from '@/components/ui/status-message';
import { roundOf } from '@/lib/rounds';
import { useOrderEvents } from '@/lib/use-live-events';
import { orderKeys, useMyOrders } from '../api/my-orders';

/** The page of the list in the address (?page=2); anything else is the first. */
function pageOf(search: URLSearchParams): number {
  const page = Number(search.get('page'));
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

function OrderCard({ order }: { order: TOrderSummary }) {
  const placed = formatShortTimestamp(new Date(order.placedAt), order.timeZone);
  return (
    <li className="rounded-lg border border-gray-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 className="font-semibold">
          <Link
            to={`/orders/${encodeURIComponent(order.id)}`}
            className="rounded text-orange-800 underline hover:text-orange-900 focus-visible:outline-2 focus-visible:outline-orange-700"
          >
            Order of <time dateTime={order.placedAt}>{placed}</time>
          </Link>
        </h2>
        <OrderStatusBadge status={order.status} />
      </div>
      <p className="mt-1 text-sm text-gray-700">
        {order.universityName} - {order.campusName}
      </p>
      {order.round && (
        <p className="mt-1 text-sm text-gray-800">
          Delivery: {roundName(roundOf(order.round), order.timeZone)}
        </p>
      )}
      <p className="mt-2 line-clamp-3 text-sm whitespace-pre-line text-gray-800">
        {order.cartItemsText}
      </p>
      <p className="mt-2 font-medium">{formatRs(order.grandTotalPaisa)}</p>
    </li>
  );
}

/** /orders: the signed-in student's orders, newest first, a page at a time. */
export function MyOrdersScreen() {
  const [search] = useSearchParams();
  const page = pageOf(search);
  const query = useMyOrders(page);
  useOrderEvents('all', [orderKeys.lists()]);
  const answer = query.data;

  let body: ReactNode;
  if (query.isPending) body = <StatusMessage title="Loading your orders..." busy />;
  else if (query.isError) {
    body = <LoadFailure error={query.error} onRetry={() => query.refetch()} />;
  } else if (answer?.orders.length === 0) {
    body = (
      <StatusMessage title={page === 1 ? 'You have not placed any orders yet.' : 'No more orders.'}>
        <Link to={page === 1 ? '/restaurants' : '/orders'} className={`${secondaryButton} mt-3`}>
          {page === 1 ? 'Start Ordering' : 'Back to your latest orders'}
        </Link>
      </StatusMessage>
    );
  } else {
    body = (
      <>
        <ul className="space-y-3">
          {answer?.orders.map((order) => (
            <OrderCard key={order.id} order={order} />
          ))}
        </ul>
        {(page > 1 || answer?.hasMore) && (
          <nav aria-label="Pages of your orders" className="mt-6 flex justify-between gap-3">
            {page > 1 ? (
              <Link
                to={page === 2 ? '/orders' : `/orders?page=${page - 1}`}
                className={secondaryButton}
              >
                Newer
              </Link>
            ) : (
              <span />
            )}
            {answer?.hasMore && (
              <Link to={`/orders?page=${page + 1}`} className={secondaryButton}>
                Older
              </Link>
            )}
          </nav>
        )}
      </>
    );
  }

  return (
    <section className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="mb-6 text-3xl font-bold">My Orders</h1>
      {body}
    </section>
  );
}
