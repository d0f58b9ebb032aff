import { formatError } from '@campus/shared/domain/error-catalogue';
import type { TQueuedOrder } from '@campus/shared/domain/order-api';
import {
  availableActions,
  ORDER_ACTIONS,
  ORDER_STATE_LABELS,
  REJECT_REASONS,
  type TOrderAction,
} from '@campus/shared/domain/order-status';
import {
  differencesToConfirm,
  PAYMENT_EVIDENCE_MESSAGES,
  unpaidOnCard,
} from '@campus/shared/domain/payment-evidence';
import { useEffect, useRef, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { primaryButton } from '@/components/ui/button-styles';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useOrderEvents } from '@/lib/use-live-events';
import { adminKeys } from '../../api/admin-client';
import {
  type TOrderQueueFilters,
  useOrderAction,
  useOrderQueue,
  useOrdersInFlight,
  useVerifyAllClear,
} from '../../api/orders';
import { type AdminScope, useCatalogueScope } from '../../hooks/use-catalogue-scope';
import { useQueueKeys } from '../../hooks/use-queue-keys';
import { AdminListState, rowButton } from '../admin-controls';
import { OrdersExportLinks } from './orders-export-links';
import { PaymentCard, whoseOrder } from './payment-card';
import { DEFAULT_PAYMENT_FILTERS, PaymentFilters, type TPaymentFilters } from './payment-filters';
import { ReasonDialog } from './reason-dialog';
import { StatementPanel } from './statement-panel';

const kbd = 'rounded border border-gray-400 bg-gray-50 px-1.5 font-mono text-xs';

function emptyMessage(filters: TPaymentFilters): string {
  if (filters.q || filters.from || filters.to) return 'No orders match the filters.';
  if (filters.status === 'placed') return 'No payments are waiting for a check.';
  return `No orders in the state '${ORDER_STATE_LABELS[filters.status]}'.`;
}

/**
 * The Payments tab (docs/architecture.md §8): the orders of a state (payments to check first),
 * oldest first, each with its screenshot beside what it must match. Built for clearing a queue
 * fast: J/K move the selection, V verifies it, R asks why and rejects it; the order leaves the list
 * at once and the next is selected. A refusal (409: another admin was first) says who and when.
 */
export function PaymentsTab({ scope }: { scope: AdminScope }) {
  const catalogue = useCatalogueScope(scope);
  const [filters, setFilters] = useState(DEFAULT_PAYMENT_FILTERS);
  const [page, setPage] = useState(1);
  const queueFilters: TOrderQueueFilters = { ...catalogue.campus, ...filters, page };
  const queue = useOrderQueue(queueFilters);
  // Another admin's action, or a new order, shows here without a reload.
  useOrderEvents('all', [adminKeys.orderQueues()]);
  const inFlight = useOrdersInFlight();
  const orders = (queue.data?.orders ?? []).filter((order) => !inFlight.has(order.id));
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState('');
  const action = useOrderAction(queue.queryKey, {
    onSuccess: (answer, request) =>
      setDone(`${request.whose}: ${ORDER_STATE_LABELS[answer.status]}`),
    onError: (error) => setFailure(formatError(error).message),
  });

  const verifyAllClear = useVerifyAllClear();
  const [confirmingAllClear, setConfirmingAllClear] = useState(false);
  // With the 'All clear' filter: how many placed orders it holds, to verify at once.
  const allClear =
    filters.evidence === 'all_clear' && filters.status === 'placed'
      ? (queue.data?.matching ?? 0)
      : 0;
  const { universityId, campusId } = catalogue.campus;

  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [asking, setAsking] = useState<{ order: TQueuedOrder; action: TOrderAction } | null>(null);
  const [confirming, setConfirming] = useState<{
    order: TQueuedOrder;
    differences: string[];
  } | null>(null);

  // The selection moved by a key or an action takes the focus (and comes into view); one that
  // follows the focus (a click, Tab) leaves it where it is.
  const cards = useRef(new Map<string, HTMLLIElement>());
  const heading = useRef<HTMLHeadingElement>(null);
  const focusPending = useRef(false);
  const [focusTick, setFocusTick] = useState(0);
  useEffect(() => {
    if (!focusPending.current || focusTick === 0) return;
    focusPending.current = false;
    const target = (selectedId && cards.current.get(selectedId)) || heading.current;
    target?.focus();
    target?.scrollIntoView?.({ block: 'nearest' });
  }, [selectedId, focusTick]);
  const select = (id: string | null) => {
    focusPending.current = true;
    setFocusTick((tick) => tick + 1);
    setSelectedId(id);
  };

  const actionsOf = (order: TQueuedOrder) => availableActions(order.status, 'admin');
  const selected = orders.find((order) => order.id === selectedId) ?? null;

  function act(
    order: TQueuedOrder,
    name: TOrderAction,
    reason = '',
    confirmed: readonly string[] | null = null,
    askDifference = false,
  ) {
    if (ORDER_ACTIONS[name].reasonRequired && reason === '') {
      setAsking({ order, action: name });
      return;
    }
    // A verify despite differences asks first, naming them (decision 023).
    const differences = name === 'verify' ? differencesToConfirm(order) : [];
    if (differences.length > 0 && confirmed === null) {
      setConfirming({ order, differences });
      return;
    }
    if (order.id === selectedId) {
      const at = orders.findIndex((candidate) => candidate.id === order.id);
      select((orders[at + 1] ?? orders[at - 1])?.id ?? null);
    }
    action.mutate({
      id: order.id,
      action: name,
      reason,
      confirmed: confirmed ?? [],
      askDifference,
      whose: whoseOrder(order),
    });
  }

  function move(step: 1 | -1) {
    if (orders.length === 0) return;
    const at = orders.findIndex((order) => order.id === selectedId);
    const next = at < 0 ? 0 : Math.min(Math.max(at + step, 0), orders.length - 1);
    select(orders[next]?.id ?? null);
  }

  useQueueKeys({
    j: () => move(1),
    k: () => move(-1),
    v: () => {
      if (selected && actionsOf(selected).includes('verify')) act(selected, 'verify');
    },
    r: () => {
      if (selected && actionsOf(selected).includes('reject')) act(selected, 'reject');
    },
  });

  const changeFilters = (next: TPaymentFilters) => {
    setFilters(next);
    setPage(1);
    setSelectedId(null);
  };
  const changePage = (next: number) => {
    setPage(next);
    setSelectedId(null);
  };
  const campusFilter = catalogue.all
    ? {
        universities: catalogue.universities.data,
        ...catalogue.filter,
        onChange: (next: { universityId: string; campusId: string }) => {
          catalogue.setFilter(next);
          changePage(1);
        },
      }
    : null;

  return (
    <section aria-labelledby="payments-heading" className="space-y-4">
      <h2 id="payments-heading" ref={heading} tabIndex={-1} className="text-xl font-semibold">
        Payments
      </h2>
      <p className="text-sm text-gray-700">
        Keys: <kbd className={kbd}>J</kbd> next, <kbd className={kbd}>K</kbd> previous,{' '}
        <kbd className={kbd}>V</kbd> verify, <kbd className={kbd}>R</kbd> reject;{' '}
        <kbd className={kbd}>Enter</kbd> in the search goes back to the list.
      </p>
      <PaymentFilters
        filters={filters}
        onChange={changeFilters}
        campus={campusFilter}
        onSearched={() => select(null)}
      />
      <OrdersExportLinks filters={{ ...catalogue.campus, ...filters }} />
      {universityId && campusId && <StatementPanel campus={{ universityId, campusId }} />}
      {allClear > 0 && (
        <button
          type="button"
          className={primaryButton}
          disabled={verifyAllClear.isPending}
          onClick={() => setConfirmingAllClear(true)}
        >
          {PAYMENT_EVIDENCE_MESSAGES.allClearButton(allClear)}
        </button>
      )}
      {/* The last refusal stays until dismissed: the admin may be a few orders further on. */}
      {failure && (
        <Alert>
          <p>{failure}</p>
          <button type="button" className={`${rowButton} mt-2`} onClick={() => setFailure(null)}>
            Dismiss
          </button>
        </Alert>
      )}
      <p role="status" className="text-sm text-gray-700">
        {done}
      </p>
      <AdminListState
        query={queue}
        count={orders.length}
        emptyMessage={emptyMessage(filters)}
        loadingTitle="Loading payments..."
      >
        <ul
          aria-label="Orders to check"
          aria-busy={queue.isPlaceholderData || undefined}
          className={`space-y-6 ${queue.isPlaceholderData ? 'opacity-60' : ''}`}
        >
          {orders.map((order) => (
            <PaymentCard
              key={order.id}
              ref={(element) => {
                if (element) cards.current.set(order.id, element);
                else cards.current.delete(order.id);
              }}
              order={order}
              actions={actionsOf(order)}
              selected={order.id === selectedId}
              showCampus={catalogue.all}
              onSelect={() => setSelectedId(order.id)}
              onAction={(name) => act(order, name)}
            />
          ))}
        </ul>
      </AdminListState>
      {(page > 1 || queue.data?.hasMore) && (
        <nav aria-label="Pages of the queue" className="flex items-center justify-between gap-3">
          <button
            type="button"
            className={rowButton}
            disabled={page === 1}
            onClick={() => changePage(page - 1)}
          >
            Previous page
          </button>
          <span className="text-sm text-gray-700">Page {page}</span>
          <button
            type="button"
            className={rowButton}
            disabled={!queue.data?.hasMore}
            onClick={() => changePage(page + 1)}
          >
            Next page
          </button>
        </nav>
      )}
      {confirmingAllClear && (
        <ConfirmDialog
          open
          type="info"
          title={PAYMENT_EVIDENCE_MESSAGES.allClearTitle(allClear)}
          message={<p>{PAYMENT_EVIDENCE_MESSAGES.allClearLead}</p>}
          confirmLabel={PAYMENT_EVIDENCE_MESSAGES.allClearButton(allClear)}
          onCancel={() => setConfirmingAllClear(false)}
          onConfirm={() => {
            setConfirmingAllClear(false);
            verifyAllClear.mutate(
              { ...catalogue.campus, count: allClear },
              {
                onSuccess: (answer) =>
                  setDone(PAYMENT_EVIDENCE_MESSAGES.allClearDone(answer.verified)),
                onError: (error) => setFailure(formatError(error).message),
              },
            );
          }}
        />
      )}
      {confirming && (
        <ConfirmDialog
          open
          type="warning"
          title={PAYMENT_EVIDENCE_MESSAGES.confirmTitle}
          confirmLabel={PAYMENT_EVIDENCE_MESSAGES.confirmButton}
          message={
            <div className="space-y-2">
              <p>
                {PAYMENT_EVIDENCE_MESSAGES.confirmLead} (the order of {whoseOrder(confirming.order)}
                )
              </p>
              <ul className="list-disc space-y-1 pl-5 text-amber-900">
                {confirming.differences.map((difference) => (
                  <li key={difference}>{difference}</li>
                ))}
              </ul>
              <p className="text-sm">{PAYMENT_EVIDENCE_MESSAGES.confirmHint}</p>
            </div>
          }
          onCancel={() => setConfirming(null)}
          onConfirm={() => {
            setConfirming(null);
            act(confirming.order, 'verify', '', confirming.differences);
          }}
        />
      )}
      {asking && (
        <ReasonDialog
          action={asking.action}
          whose={whoseOrder(asking.order)}
          presets={asking.action === 'reject' ? REJECT_REASONS : []}
          unpaidPaisa={asking.action === 'reject' ? unpaidOnCard(asking.order) : null}
          onClose={() => setAsking(null)}
          onSubmit={(reason, askDifference) => {
            setAsking(null);
            act(asking.order, asking.action, reason, null, askDifference);
          }}
        />
      )}
    </section>
  );
}
