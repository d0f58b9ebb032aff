import { cartLineSource } from '@campus/shared/domain/cart';
import { formatRs } from '@campus/shared/domain/money';
import type { TOrderDetail } from '@campus/shared/domain/order-api';

/** The order's items with their prices, then item total, delivery charge and grand total. */
export function OrderContents({ order }: { order: TOrderDetail }) {
  const totals = [
    ['Item total', order.itemTotalPaisa],
    [
      `Delivery charge (${order.persons} ${order.persons === 1 ? 'person' : 'persons'})`,
      order.deliveryChargePaisa,
    ],
  ] as const;
  return (
    <section aria-labelledby="order-items-heading">
      <h2 id="order-items-heading" className="text-lg font-semibold">
        Items
      </h2>
      <table className="mt-2 w-full text-left text-sm">
        <thead className="border-b border-gray-300 text-gray-700">
          <tr>
            <th scope="col" className="py-1 pr-2 font-medium">
              Item
            </th>
            <th scope="col" className="py-1 pr-2 text-right font-medium">
              Quantity
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              Amount
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-200">
          {order.lines.map((line, index) => (
            // Lines have no id of their own; their order on the page is their order in the order.
            // biome-ignore lint/suspicious/noArrayIndexKey: the lines never move
            <tr key={index}>
              <td className="py-2 pr-2">
                {line.name}
                <span className="block text-xs text-gray-700">{cartLineSource(line)}</span>
              </td>
              <td className="py-2 pr-2 text-right">
                {line.quantity} × {formatRs(line.unitPricePaisa)}
              </td>
              <td className="py-2 text-right">{formatRs(line.lineTotalPaisa)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot className="border-t border-gray-300">
          {totals.map(([label, paisa]) => (
            <tr key={label}>
              <th scope="row" colSpan={2} className="py-1 pr-2 font-normal">
                {label}
              </th>
              <td className="py-1 text-right">{formatRs(paisa)}</td>
            </tr>
          ))}
          <tr>
            <th scope="row" colSpan={2} className="py-1 pr-2 font-semibold">
              Grand total
            </th>
            <td className="py-1 text-right font-semibold" data-testid="order-grand-total">
              {formatRs(order.grandTotalPaisa)}
            </td>
          </tr>
        </tfoot>
      </table>
    </section>
  );
}
