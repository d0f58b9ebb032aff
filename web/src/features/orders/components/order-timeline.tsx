import type { TOrderDetail } from '@campus/shared/domain/order-api';
import { ORDER_STATE_LABELS } from '@campus/shared/domain/order-status';
import { formatShortTimestamp } from '@campus/shared/domain/time-zone';

/**
 * What happened to the order, oldest first: its placing, then every change of its state with
 * the time in the campus's time zone and the reason given.
 */
export function OrderTimeline({ order }: { order: TOrderDetail }) {
  const at = (iso: string) => (
    <time dateTime={iso} className="text-sm text-gray-700">
      {formatShortTimestamp(new Date(iso), order.timeZone)}
    </time>
  );
  return (
    <section aria-labelledby="order-timeline-heading">
      <h2 id="order-timeline-heading" className="text-lg font-semibold">
        Timeline
      </h2>
      <ol className="mt-2 space-y-3 border-l-2 border-gray-300 pl-4">
        <li>
          <p className="font-medium">Placed</p>
          {at(order.placedAt)}
        </li>
        {order.transitions.map((transition) => (
          <li key={transition.id}>
            <p className="font-medium">{ORDER_STATE_LABELS[transition.toState]}</p>
            {at(transition.at)}
            {transition.reason && (
              <p className="text-sm text-gray-800">Reason: {transition.reason}</p>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
