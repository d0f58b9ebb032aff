import { ORDER_STATE_LABELS, type TOrderState } from '@campus/shared/domain/order-status';

// Colours chosen for at least 4.5:1 contrast of the text on its background.
const TONES: Record<TOrderState, string> = {
  placed: 'bg-amber-100 text-amber-900',
  verified: 'bg-green-100 text-green-800',
  rejected: 'bg-red-100 text-red-800',
  cancelled: 'bg-gray-200 text-gray-800',
  out_for_delivery: 'bg-blue-100 text-blue-800',
  delivered: 'bg-green-700 text-white',
};

/** The state of an order as students and admins read it ('Payment check pending'). */
export function OrderStatusBadge({ status }: { status: TOrderState }) {
  return (
    <span
      data-testid="order-status"
      className={`inline-block rounded-full px-3 py-0.5 text-sm font-medium ${TONES[status]}`}
    >
      {ORDER_STATE_LABELS[status]}
    </span>
  );
}
