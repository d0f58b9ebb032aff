import type { TOrderDetail } from '@campus/shared/domain/order-api';
import { ORDER_STATE_LABELS } from '@campus/shared/domain/order-status';
import { formatShortTimestamp } from '@campus/shared/domain/time-zone';

type TEntry =
  | { kind: 'transition'; at: string; transition: TOrderDetail['transitions'][number] }
  | { kind: 'note'; at: string; text: string; index: number };

/** Changes of state and notes in the order they happened (a change before a note at one time). */
function entriesOf(order: TOrderDetail): TEntry[] {
  const entries: TEntry[] = [
    ...order.transitions.map((transition) => ({
      kind: 'transition' as const,
      at: transition.at,
      transition,
    })),
    ...order.notes.map((note, index) => ({
      kind: 'note' as const,
      at: note.at,
      text: note.text,
      index,
    })),
  ];
  // A stable sort: equal times keep changes first, each list in its own order.
  return entries.sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
}

/** A new screenshot after a rejection: the order waits for its payment check again. */
const RESUBMITTED = 'New payment screenshot sent, waiting for its check';

/**
 * What happened to the order, oldest first: its placing, then every change of its state with
 * the time in the campus's time zone and the reason given, and the notes (a move to another
 * delivery round) where they happened.
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
        {entriesOf(order).map((entry) =>
          entry.kind === 'transition' ? (
            <li key={`t-${entry.transition.id}`}>
              <p className="font-medium">
                {entry.transition.action === 'resubmit'
                  ? RESUBMITTED
                  : ORDER_STATE_LABELS[entry.transition.toState]}
              </p>
              {at(entry.at)}
              {entry.transition.reason && (
                <p className="text-sm text-gray-800">
                  {entry.transition.action === 'resubmit' ? 'Note' : 'Reason'}:{' '}
                  {entry.transition.reason}
                </p>
              )}
            </li>
          ) : (
            <li key={`n-${entry.index}`}>
              <p className="text-gray-900">{entry.text}</p>
              {at(entry.at)}
            </li>
          ),
        )}
      </ol>
    </section>
  );
}
