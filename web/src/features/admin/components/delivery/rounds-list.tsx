import type { TBatchSummary } from '@campus/shared/domain/batch-api';
import { clockTime, roundName } from '@campus/shared/domain/delivery-rounds';
import { formatRs } from '@campus/shared/domain/money';
import { roundOf } from '@/lib/rounds';
import { rowButton } from '../admin-controls';

/** Whether a round still takes orders at `now`. */
export function isOpen(batch: TBatchSummary, now: Date): boolean {
  return batch.closedAt === null && new Date(batch.cutoffAt) > now;
}

const cell = 'px-3 py-2 text-left align-top';

/**
 * Today's and the coming rounds: name, cut-off, open or closed, the orders and their totals; a
 * round that has orders opens as a batch.
 */
export function RoundsList({
  batches,
  caption,
  now,
  showCampus,
  selectedId,
  onOpen,
}: {
  batches: readonly TBatchSummary[];
  /** The table's name. */
  caption: string;
  now: Date;
  showCampus: boolean;
  selectedId: string | null;
  onOpen(id: string): void;
}) {
  return (
    // relative: the visually hidden texts of the table are placed inside this box, not past the
    // screen's edge where they would widen the page.
    <div className="relative overflow-x-auto">
      <table className="min-w-full divide-y divide-gray-200 text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-gray-50">
          <tr>
            <th scope="col" className={cell}>
              Round
            </th>
            {showCampus && (
              <th scope="col" className={cell}>
                Campus
              </th>
            )}
            <th scope="col" className={cell}>
              Cut-off
            </th>
            <th scope="col" className={cell}>
              State
            </th>
            <th scope="col" className={cell}>
              Orders
            </th>
            <th scope="col" className={cell}>
              Verified
            </th>
            <th scope="col" className={cell}>
              Waiting for payment check
            </th>
            <th scope="col" className={cell}>
              Total
            </th>
            <th scope="col" className={cell}>
              <span className="sr-only">Open</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-200">
          {batches.map((batch) => {
            const name = roundName(roundOf(batch), batch.timeZone);
            const open = isOpen(batch, now);
            return (
              <tr
                key={`${batch.campusId}-${batch.cutoffAt}`}
                className={batch.id !== null && batch.id === selectedId ? 'bg-orange-50' : ''}
              >
                <th scope="row" className={`${cell} font-medium`}>
                  {name}
                </th>
                {showCampus && (
                  <td className={cell}>
                    {batch.universityName} - {batch.campusName}
                  </td>
                )}
                <td className={cell}>{clockTime(new Date(batch.cutoffAt), batch.timeZone)}</td>
                <td className={cell}>{open ? 'Open' : 'Closed'}</td>
                <td className={cell}>{batch.orderCount}</td>
                <td className={cell}>{batch.verifiedCount}</td>
                <td className={cell}>{batch.waitingCount}</td>
                <td className={cell}>
                  {formatRs(batch.totalPaisa)}
                  {batch.verifiedTotalPaisa !== batch.totalPaisa && (
                    <span className="block text-gray-700">
                      verified {formatRs(batch.verifiedTotalPaisa)}
                    </span>
                  )}
                </td>
                <td className={cell}>
                  {batch.id !== null && (
                    <button
                      type="button"
                      className={rowButton}
                      aria-label={`Open the ${name}`}
                      aria-pressed={batch.id === selectedId}
                      onClick={() => batch.id && onOpen(batch.id)}
                    >
                      Open
                    </button>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
