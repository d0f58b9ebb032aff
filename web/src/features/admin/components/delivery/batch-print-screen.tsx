import { waitingText } from '@campus/shared/domain/batch-api';
import { clockTime, roundName } from '@campus/shared/domain/delivery-rounds';
import { formatError } from '@campus/shared/domain/error-catalogue';
import { useParams } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { primaryButton } from '@/components/ui/button-styles';
import { StatusMessage } from '@/components/ui/status-message';
import { roundOf } from '@/lib/rounds';
import { useBatch } from '../../api/delivery';
import { orderedPickLists, PickList } from './pick-lists';

/**
 * /admin/batches/:batchId/print: the pick lists of a batch to print, one restaurant per page
 * (each section but the last breaks the page after it), each page naming its round and campus
 * so a kitchen's sheet stands alone. The site's navigation is left out of the print.
 */
export function BatchPrintScreen() {
  const batchId = useParams().batchId ?? '';
  const query = useBatch(batchId);

  if (query.isPending) return <StatusMessage title="Loading the pick lists..." busy />;
  if (query.isError) {
    return (
      <div className="mx-auto max-w-3xl p-4">
        <Alert>{formatError(query.error).message}</Alert>
      </div>
    );
  }

  const { batch, pickLists } = query.data;
  const name = roundName(roundOf(batch), batch.timeZone);
  const lists = orderedPickLists(pickLists);
  const place = `${batch.universityName} - ${batch.campusName}`;

  return (
    <article className="mx-auto max-w-3xl space-y-6 p-4 print:max-w-none print:space-y-0 print:p-0">
      <header className="space-y-2 print:hidden">
        <h1 className="text-2xl font-bold">Pick lists: {name}</h1>
        <p className="text-gray-700">
          {place} · cut-off {clockTime(new Date(batch.cutoffAt), batch.timeZone)} · one restaurant
          per page
        </p>
        {batch.waitingCount > 0 && (
          <p className="text-amber-900">{waitingText(batch.waitingCount)}</p>
        )}
        <button type="button" className={primaryButton} onClick={() => window.print()}>
          Print
        </button>
      </header>
      {lists.length === 0 ? (
        <StatusMessage title="Nothing to prepare in this round yet." />
      ) : (
        lists.map((list, index) => (
          <PickList
            key={list.restaurantId ?? 'mart'}
            list={list}
            headingLevel={2}
            className={`space-y-1 ${index < lists.length - 1 ? 'break-after-page' : ''}`}
          >
            <p className="text-sm text-gray-700">
              {name} · {place}
            </p>
          </PickList>
        ))
      )}
    </article>
  );
}
