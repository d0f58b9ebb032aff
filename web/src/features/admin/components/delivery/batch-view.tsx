import {
  BATCH_LISTS,
  BATCH_MESSAGES,
  type TBatchAction,
  type TBatchSummary,
  waitingText,
} from '@campus/shared/domain/batch-api';
import { clockTime, roundName } from '@campus/shared/domain/delivery-rounds';
import { formatError } from '@campus/shared/domain/error-catalogue';
import { formatRs } from '@campus/shared/domain/money';
import { useId, useState } from 'react';
import { Link } from '@/components/link';
import { Alert } from '@/components/ui/alert';
import { primaryButton, secondaryButton } from '@/components/ui/button-styles';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { StatusMessage } from '@/components/ui/status-message';
import { roundOf } from '@/lib/rounds';
import {
  batchListUrl,
  useBatch,
  useBatchAction,
  useDeliverOrder,
  useOrdersBeingDelivered,
} from '../../api/delivery';
import { rowButton } from '../admin-controls';
import { DropList } from './drop-list';
import { orderedPickLists, PickList } from './pick-lists';
import { isOpen } from './rounds-list';

const LIST_LABELS = { 'pick-list': 'Pick list', 'drop-list': 'Drop list' } as const;

/** What an action did, said in the status line. */
function doneText(action: TBatchAction, moved: number): string {
  if (action === 'close') return `Round closed early with ${orderCount(moved)}.`;
  if (action === 'dispatch') return `${orderCount(moved)} marked out for delivery.`;
  return `${orderCount(moved)} marked delivered.`;
}

/**
 * One batch (docs/architecture.md §8): what each restaurant prepares (the pick lists, the mart's
 * apart), where the rider hands the orders over (the drop list by place and room), and the round's
 * actions: close early, dispatch, deliver; downloads of both lists, a print view of the pick
 * lists and one of the bag labels.
 */
/** 'order' or 'orders' after a count: '1 order', '3 orders'. */
const orderCount = (count: number) => `${count} ${count === 1 ? 'order' : 'orders'}`;

/** Verified orders not yet out: the paid count also holds those out for delivery and delivered. */
const readyToDispatch = (batch: TBatchSummary) =>
  batch.verifiedCount - batch.outForDeliveryCount - batch.deliveredCount;

/** What each step's confirmation says: what moves, how many, and who is told. */
function confirmation(step: TBatchAction, batch: TBatchSummary, name: string) {
  if (step === 'close') {
    return {
      title: 'Close this round now?',
      message: `No more orders join the ${name}; orders placed from now on go with the next round.`,
      confirmLabel: 'Close now',
    };
  }
  if (step === 'dispatch') {
    const ready = readyToDispatch(batch);
    return {
      title: `Send ${orderCount(ready)} out for delivery?`,
      message: `The verified ${ready === 1 ? 'order' : 'orders'} of the ${name} ${ready === 1 ? 'goes' : 'go'} out for delivery, and each student is told.${batch.waitingCount > 0 ? ` ${orderCount(batch.waitingCount)} still waiting for a payment check ${batch.waitingCount === 1 ? 'stays' : 'stay'} behind.` : ''}`,
      confirmLabel: 'Mark dispatched',
    };
  }
  const out = batch.outForDeliveryCount;
  return {
    title: `Mark ${orderCount(out)} delivered?`,
    message: `Every order of the ${name} out for delivery is marked delivered, and each student is told. If one could not be handed over, mark the others one by one in the drop list instead.`,
    confirmLabel: 'Mark all delivered',
  };
}

export function BatchView({ batchId, now }: { batchId: string; now: Date }) {
  const query = useBatch(batchId);
  const action = useBatchAction(batchId);
  const deliver = useDeliverOrder();
  const delivering = useOrdersBeingDelivered();
  // The step whose confirmation is open: each says what it moves, with its counts.
  const [confirming, setConfirming] = useState<TBatchAction | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState('');
  const headingId = useId();

  if (query.isPending) return <StatusMessage title="Loading the batch..." busy />;
  if (query.isError) {
    return (
      <Alert>
        <p>{formatError(query.error).message}</p>
        <button type="button" className={`${rowButton} mt-2`} onClick={() => query.refetch()}>
          Retry
        </button>
      </Alert>
    );
  }

  const { batch, pickLists, dropList } = query.data;
  const name = roundName(roundOf(batch), batch.timeZone);
  const open = isOpen(batch, now);

  const run = (name: TBatchAction) => {
    setFailure(null);
    setDone('');
    action.mutate(name, {
      onSuccess: (answer) => setDone(doneText(name, answer.moved)),
      onError: (error) => setFailure(formatError(error).message),
    });
  };

  return (
    <section
      aria-labelledby={headingId}
      className="space-y-4 rounded-lg border border-gray-200 p-4"
    >
      <header>
        <h3 id={headingId} className="text-lg font-semibold">
          {name}
        </h3>
        <p className="text-sm text-gray-700">
          {batch.universityName} - {batch.campusName} · cut-off{' '}
          {clockTime(new Date(batch.cutoffAt), batch.timeZone)} · {open ? 'Open' : 'Closed'} ·{' '}
          {orderCount(batch.orderCount)}, {batch.verifiedCount} verified,{' '}
          {batch.outForDeliveryCount} out for delivery, {batch.deliveredCount} delivered ·{' '}
          {formatRs(batch.totalPaisa)}
        </p>
      </header>

      <div className="flex flex-wrap gap-2">
        {open && (
          <button
            type="button"
            className={secondaryButton}
            disabled={action.isPending}
            onClick={() => setConfirming('close')}
          >
            Close now
          </button>
        )}
        <button
          type="button"
          className={primaryButton}
          disabled={action.isPending || open || readyToDispatch(batch) === 0}
          aria-describedby={open ? `${headingId}-still-open` : undefined}
          onClick={() => setConfirming('dispatch')}
        >
          Mark dispatched
        </button>
        <button
          type="button"
          className={primaryButton}
          disabled={action.isPending || batch.outForDeliveryCount === 0}
          onClick={() => setConfirming('deliver')}
        >
          Mark all delivered
        </button>
        <Link
          to={`/admin/batches/${encodeURIComponent(batch.id)}/print`}
          target="_blank"
          rel="noopener"
          className={secondaryButton}
        >
          Print pick lists
        </Link>
        <Link
          to={`/admin/batches/${encodeURIComponent(batch.id)}/labels`}
          target="_blank"
          rel="noopener"
          className={secondaryButton}
        >
          Print bag labels
        </Link>
      </div>
      {open && readyToDispatch(batch) > 0 && (
        <p id={`${headingId}-still-open`} className="text-sm text-gray-700">
          {BATCH_MESSAGES.stillOpen(clockTime(new Date(batch.cutoffAt), batch.timeZone))}
        </p>
      )}
      {failure && (
        <Alert>
          <p>{failure}</p>
        </Alert>
      )}
      <p role="status" className="text-sm text-gray-700">
        {done}
      </p>

      <nav aria-label="Downloads" className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
        {BATCH_LISTS.flatMap((list) =>
          (['xlsx', 'csv'] as const).map((format) => (
            <a
              key={`${list}.${format}`}
              href={batchListUrl(batch.id, list, format)}
              download
              className="text-orange-800 underline"
            >
              {LIST_LABELS[list]} ({format.toUpperCase()})
            </a>
          )),
        )}
      </nav>

      <section aria-labelledby={`${headingId}-pick`} className="space-y-3">
        <h4 id={`${headingId}-pick`} className="font-semibold">
          Pick lists
        </h4>
        {batch.waitingCount > 0 && (
          <p className="rounded bg-amber-50 px-3 py-2 text-sm text-amber-900">
            {waitingText(batch.waitingCount)}
          </p>
        )}
        {pickLists.length === 0 ? (
          <p className="text-sm text-gray-700">Nothing to prepare yet.</p>
        ) : (
          <div className="grid gap-4 md:grid-cols-2">
            {orderedPickLists(pickLists).map((list) => (
              <PickList key={list.restaurantId ?? 'mart'} list={list} />
            ))}
          </div>
        )}
      </section>

      <section aria-labelledby={`${headingId}-drop`} className="space-y-3">
        <h4 id={`${headingId}-drop`} className="font-semibold">
          Drop list
        </h4>
        <DropList
          places={dropList}
          delivering={delivering}
          onDelivered={(order) => {
            setFailure(null);
            deliver.mutate(order.orderId, {
              onSuccess: () => setDone(`${order.name}'s order marked delivered.`),
              onError: (error) => setFailure(formatError(error).message),
            });
          }}
        />
      </section>

      {confirming && (
        <ConfirmDialog
          open
          type="warning"
          {...confirmation(confirming, batch, name)}
          busy={action.isPending}
          onCancel={() => setConfirming(null)}
          onConfirm={() => {
            setConfirming(null);
            run(confirming);
          }}
        />
      )}
    </section>
  );
}
