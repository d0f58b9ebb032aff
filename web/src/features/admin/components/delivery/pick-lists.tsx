import { addedText, bagsText, type TPickList, waitingText } from '@campus/shared/domain/batch-api';
import { MART_RESTAURANT_NAME } from '@campus/shared/domain/cart';
import type { ReactNode } from 'react';

/** The restaurants' lists first, in the api's order, then the mart's as its own. */
export function orderedPickLists(lists: readonly TPickList[]): TPickList[] {
  return [...lists.filter((list) => !list.isMart), ...lists.filter((list) => list.isMart)];
}

/** A pick list's heading: the restaurant's name, or 'Mart'. */
const pickListName = (list: TPickList) =>
  list.isMart ? MART_RESTAURANT_NAME : list.restaurantName;

/**
 * What one restaurant (or the mart) prepares: each item with its total quantity over the
 * verified orders, how much of it was added after the list went out and how it splits into the
 * orders' bags (by order code); the orders still waiting for their payment check are counted
 * apart.
 */
export function PickList({
  list,
  headingLevel = 5,
  className,
  children,
}: {
  list: TPickList;
  headingLevel?: 2 | 5;
  className?: string;
  /** Shown under the heading (the print view's round and campus). */
  children?: ReactNode;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h5';
  const name = pickListName(list);
  return (
    <section aria-label={`Pick list: ${name}`} className={className}>
      <Heading className="text-lg font-semibold">{name}</Heading>
      {children}
      {list.items.length === 0 ? (
        <p className="text-sm text-gray-700">Nothing verified to prepare yet.</p>
      ) : (
        <table className="mt-2 min-w-64 divide-y divide-gray-200 text-sm">
          <thead>
            <tr>
              <th scope="col" className="py-1 pr-6 text-left">
                Item
              </th>
              <th scope="col" className="py-1 text-right">
                Quantity
              </th>
              <th scope="col" className="py-1 ps-6 text-left">
                Bags
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-200">
            {list.items.map((item) => (
              <tr key={item.name}>
                <td className="py-1 pr-6">
                  {item.name}
                  {item.added > 0 && (
                    <span className="ms-2 rounded bg-amber-100 px-1 text-xs text-amber-900">
                      {addedText(item.added)}
                    </span>
                  )}
                </td>
                <td className="py-1 text-right tabular-nums">{item.quantity}</td>
                <td className="py-1 ps-6 font-mono text-xs">{bagsText(item)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {list.waitingOrders > 0 && (
        <p className="mt-2 text-sm text-amber-900">{waitingText(list.waitingOrders)}</p>
      )}
    </section>
  );
}
