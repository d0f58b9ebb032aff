import type { TDropOrder, TDropPlace } from '@campus/shared/domain/batch-api';
import { deliveryAddress } from '@campus/shared/domain/delivery-places';
import { formatRs } from '@campus/shared/domain/money';
import { OrderStatusBadge } from '@/components/ui/order-status-badge';
import { rowButton } from '../admin-controls';

const cell = 'px-3 py-2 text-left align-top';

/**
 * Where the rider hands the orders over: by delivery place, then room, with the order's code, the
 * student's name, phone, items, instruction and amount; an order out for delivery gets its own
 * 'Delivered'.
 */
export function DropList({
  places,
  delivering,
  onDelivered,
}: {
  places: readonly TDropPlace[];
  /** The orders whose 'Delivered' is on its way. */
  delivering: ReadonlySet<string>;
  onDelivered(order: TDropOrder): void;
}) {
  if (places.length === 0) {
    return <p className="text-sm text-gray-700">No verified order to deliver yet.</p>;
  }
  return (
    <div className="space-y-4">
      {places.map(({ place, orders }) => (
        <section key={place} aria-label={`Drop list: ${place}`}>
          <h5 className="font-semibold">{place}</h5>
          <div className="relative overflow-x-auto">
            <table className="min-w-full divide-y divide-gray-200 text-sm">
              <thead className="bg-gray-50">
                <tr>
                  <th scope="col" className={cell}>
                    Room
                  </th>
                  <th scope="col" className={cell}>
                    Order
                  </th>
                  <th scope="col" className={cell}>
                    Name
                  </th>
                  <th scope="col" className={cell}>
                    Phone
                  </th>
                  <th scope="col" className={cell}>
                    Items
                  </th>
                  <th scope="col" className={cell}>
                    Instruction
                  </th>
                  <th scope="col" className={cell}>
                    Amount
                  </th>
                  <th scope="col" className={cell}>
                    State
                  </th>
                  <th scope="col" className={cell}>
                    <span className="sr-only">Hand over</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-gray-200">
                {orders.map((order) => (
                  <tr key={order.orderId}>
                    <td className={cell}>{order.room}</td>
                    <td className={`${cell} font-mono`}>{order.paymentReference}</td>
                    <td className={cell}>{order.name}</td>
                    <td className={cell}>
                      <a className="underline" href={`tel:${order.phone}`}>
                        {order.phone}
                      </a>
                    </td>
                    <td className={`${cell} whitespace-pre-line`}>{order.items}</td>
                    <td className={`${cell} whitespace-pre-line`}>{order.instruction}</td>
                    <td className={`${cell} tabular-nums`}>{formatRs(order.grandTotalPaisa)}</td>
                    <td className={cell}>
                      <OrderStatusBadge status={order.status} />
                    </td>
                    <td className={cell}>
                      {order.status === 'out_for_delivery' && (
                        <button
                          type="button"
                          className={rowButton}
                          aria-label={`Delivered: ${order.name}, ${deliveryAddress({ placeName: place, room: order.room })}`}
                          disabled={delivering.has(order.orderId)}
                          onClick={() => onDelivered(order)}
                        >
                          Delivered
                        </button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ))}
    </div>
  );
}
