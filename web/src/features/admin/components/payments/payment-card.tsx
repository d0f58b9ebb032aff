import { statementCheckText, type TStatementCheck } from '@campus/shared/domain/bank-statement';
import { formatRs } from '@campus/shared/domain/money';
import type { TOrderSummary, TQueuedOrder } from '@campus/shared/domain/order-api';
import {
  ORDER_ACTIONS,
  ORDER_STATE_LABELS,
  type TOrderAction,
} from '@campus/shared/domain/order-status';
import type { TReceiptCheck, TReceiptDifference } from '@campus/shared/domain/receipt-check';
import { formatShortTimestamp } from '@campus/shared/domain/time-zone';
import { type Ref, useId } from 'react';
import { dangerButton, primaryButton, secondaryButton } from '@/components/ui/button-styles';
import { OrderStatusBadge } from '@/components/ui/order-status-badge';
import { ZoomableImage } from '@/components/ui/zoomable-image';

/** The look of each action's button: verify is the one the queue is for. */
const ACTION_BUTTONS: Record<TOrderAction, string> = {
  verify: primaryButton,
  reject: dangerButton,
  cancel: secondaryButton,
  dispatch: primaryButton,
  deliver: primaryButton,
  reopen: secondaryButton,
  resubmit: secondaryButton,
};

/** A payment sent again after a rejection: 'Second try', then 'Try 3'... */
const tryText = (screenshots: number) =>
  screenshots === 2
    ? 'Second try: a new screenshot after a rejection'
    : `Try ${screenshots}: a new screenshot after a rejection`;

/** The full name on an order. */
export const whoseOrder = (order: Pick<TOrderSummary, 'firstName' | 'lastName'>) =>
  `${order.firstName} ${order.lastName}`.trim();

/**
 * What the check of the screenshot found: used before (in red, with the earlier orders'
 * screenshots to compare side by side), not checked yet (the card changes when it is), or not
 * checked (it could not be fingerprinted).
 */
function ScreenshotCheck({ order }: { order: TQueuedOrder }) {
  if (order.screenshotCheck === 'checking') {
    return (
      <p className="text-sm text-gray-700">This screenshot is being checked for earlier use.</p>
    );
  }
  if (order.screenshotCheck === 'not_checked') {
    return (
      <p className="text-sm text-gray-700">This screenshot was not checked for earlier use.</p>
    );
  }
  if (order.screenshotCheck !== 'duplicate') return null;
  return (
    <div role="note" className="rounded border-2 border-red-700 bg-red-50 p-2 text-sm text-red-800">
      <p className="font-semibold">Screenshot used before</p>
      <div className="mt-2 grid grid-cols-2 gap-2">
        {order.duplicates.map((earlier) =>
          earlier.seen === 'whole' ? (
            <div key={earlier.id} className="space-y-1">
              <ZoomableImage
                src={earlier.screenshotUrl}
                alt={`Earlier screenshot, order ${earlier.id}`}
                className="h-40 w-full"
              />
              <p className="font-mono text-xs break-all">{earlier.id}</p>
              <p>
                {ORDER_STATE_LABELS[earlier.status]}, {earlier.campusName},{' '}
                {formatShortTimestamp(new Date(earlier.placedAt), order.timeZone)}
              </p>
            </div>
          ) : (
            <p key={earlier.placedAt}>
              Used on an order at another campus on{' '}
              {formatShortTimestamp(new Date(earlier.placedAt), order.timeZone)}.
            </p>
          ),
        )}
      </div>
    </div>
  );
}

/** The headline of the receipt's check: agrees, differs, or could not be read. */
function receiptHeadline(differences: TReceiptDifference[]): string {
  if (differences.length === 0) return 'The receipt agrees with the order';
  return differences[0]?.kind === 'unread' ? 'The receipt was not read' : 'The receipt differs';
}

/**
 * What the receipt in the screenshot says, read by the worker (decision 022), beside the order:
 * every difference named, amber; being read until the card changes. It proves nothing by itself
 * (an edited screenshot reads perfectly): the admin decides.
 */
function ReceiptCheck({ receipt }: { receipt: TReceiptCheck }) {
  if (receipt.state === 'reading') {
    return <p className="text-sm text-gray-700">Reading the receipt...</p>;
  }
  const { says, differences } = receipt;
  const facts: Array<[string, string]> = [
    ['Amount', says.amountPaisa === null ? 'not found' : formatRs(says.amountPaisa)],
    ['Transaction id', says.transactionId ?? 'not found'],
    ['Date', says.paidAt?.replace('T', ' ') ?? 'not found'],
  ];
  return (
    <section
      aria-label="What the receipt says"
      data-testid="receipt-check"
      className={`rounded border p-2 text-sm ${
        differences.length > 0
          ? 'border-amber-600 bg-amber-50 text-amber-950'
          : 'border-gray-200 bg-gray-50 text-gray-800'
      }`}
    >
      <p className="font-semibold">{receiptHeadline(differences)}</p>
      <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3">
        {facts.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-gray-700">{label} on the receipt</dt>
            <dd className="break-all">{value}</dd>
          </div>
        ))}
      </dl>
      {/* Paragraphs, not a list: the card is an item of the queue's list, counted by its items. */}
      {differences.map((difference) => (
        <p key={difference.kind} className="mt-1 font-medium">
          {difference.text}
        </p>
      ))}
    </section>
  );
}

const STATEMENT_TONES: Record<TStatementCheck['state'], string> = {
  found: 'border-green-700 bg-green-50 text-green-900',
  not_found: 'border-amber-600 bg-amber-50 text-amber-950',
  no_statement: 'border-gray-200 bg-gray-50 text-gray-700',
};

/** Whether the campus's imported bank statement holds the order's credit (decision 023). */
function StatementCheck({ statement }: { statement: TStatementCheck }) {
  return (
    <p
      data-testid="statement-check"
      className={`rounded border p-2 text-sm ${STATEMENT_TONES[statement.state]}`}
    >
      {statementCheckText(statement)}
    </p>
  );
}

/**
 * One payment to check: the screenshot large (full size on click) beside what it must match —
 * the grand total, the account title and bank the student named — and who, when and what; then
 * the buttons of the actions this admin may take.
 */
export function PaymentCard({
  ref,
  order,
  actions,
  selected,
  showCampus,
  onSelect,
  onAction,
}: {
  ref?: Ref<HTMLLIElement>;
  order: TQueuedOrder;
  actions: readonly TOrderAction[];
  selected: boolean;
  /** Shown where the queue has several campuses (a super admin's). */
  showCampus: boolean;
  /** The card (or a control in it) got the focus. */
  onSelect(): void;
  onAction(action: TOrderAction): void;
}) {
  const headingId = useId();
  const name = whoseOrder(order);
  const facts: Array<[label: string, value: string, mono?: boolean]> = [
    ['Account title', order.accountTitle],
    ['Bank', order.bankName],
    ['Phone', order.phone],
    ['Placed', formatShortTimestamp(new Date(order.placedAt), order.timeZone)],
    ...(showCampus
      ? [['Campus', `${order.universityName} - ${order.campusName}`] as [string, string]]
      : []),
    ['Order number', order.paymentReference, true],
  ];
  return (
    <li
      ref={ref}
      tabIndex={-1}
      aria-labelledby={headingId}
      aria-current={selected || undefined}
      onFocus={onSelect}
      className={`scroll-my-4 rounded-lg border bg-white p-4 shadow-sm focus:outline-none ${
        selected ? 'border-orange-700 ring-4 ring-orange-700 ring-offset-2' : 'border-gray-200'
      }`}
    >
      <div className="grid gap-4 md:grid-cols-[minmax(0,22rem)_1fr]">
        <div className="space-y-2">
          <ZoomableImage
            src={order.screenshotUrl}
            alt={`Payment screenshot of ${name}`}
            className="h-80 w-full md:h-96"
          />
          <ScreenshotCheck order={order} />
          <ReceiptCheck receipt={order.receipt} />
          <StatementCheck statement={order.statement} />
        </div>
        <div className="min-w-0 space-y-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h3 id={headingId} className="text-lg font-semibold">
              {name}
            </h3>
            <OrderStatusBadge status={order.status} />
          </div>
          {order.screenshotsSent > 1 && (
            <p
              data-testid="second-try"
              className="w-fit rounded bg-sky-100 px-2 py-0.5 text-sm font-medium text-sky-900"
            >
              {tryText(order.screenshotsSent)}
            </p>
          )}
          <p className="text-2xl font-bold" data-testid="payment-total">
            {formatRs(order.grandTotalPaisa)}
          </p>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            {facts.map(([label, value, mono]) => (
              <div key={label} className="contents">
                <dt className="font-medium text-gray-700">{label}</dt>
                <dd className={mono ? 'font-mono text-xs break-all' : 'break-words'}>{value}</dd>
              </div>
            ))}
          </dl>
          <div>
            <p className="text-sm font-medium text-gray-700">Items</p>
            <p className="text-sm whitespace-pre-line">{order.cartItemsText}</p>
          </div>
          {actions.length > 0 && (
            <div className="flex flex-wrap gap-2">
              {actions.map((action) => (
                <button
                  key={action}
                  type="button"
                  className={ACTION_BUTTONS[action]}
                  onClick={() => onAction(action)}
                >
                  {ORDER_ACTIONS[action].label}
                </button>
              ))}
            </div>
          )}
        </div>
      </div>
    </li>
  );
}
