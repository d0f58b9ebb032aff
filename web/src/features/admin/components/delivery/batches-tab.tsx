import type { TBatchSummary } from '@campus/shared/domain/batch-api';
import { calendarDay } from '@campus/shared/domain/time-zone';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { StatusMessage } from '@/components/ui/status-message';
import { useOrderEvents } from '@/lib/use-live-events';
import { useNow } from '@/lib/use-now';
import { batchKeys, useBatches } from '../../api/delivery';
import { type AdminScope, useCatalogueScope } from '../../hooks/use-catalogue-scope';
import { AdminListState } from '../admin-controls';
import { CampusFilter } from '../place-selects';
import { BatchView } from './batch-view';
import { PlacesEditor } from './places-editor';
import { RoundsEditor } from './rounds-editor';
import { RoundsList } from './rounds-list';

/** The batch open in the Batches tab, kept in the address (?round=<id>) so it can be linked. */
function useOpenRound() {
  const [search, setSearch] = useSearchParams();
  const open = (id: string | null) =>
    setSearch((current) => {
      const next = new URLSearchParams(current);
      if (id) next.set('round', id);
      else next.delete('round');
      return next;
    });
  return [search.get('round'), open] as const;
}

type TDay = 'today' | 'coming' | 'earlier';

/**
 * Whether a round is delivered today, on a coming day or on an earlier one, in its campus's zone.
 */
function dayOf(batch: TBatchSummary, now: Date): TDay {
  const day = calendarDay(new Date(batch.deliveryAt), batch.timeZone);
  const today = calendarDay(now, batch.timeZone);
  return day === today ? 'today' : day > today ? 'coming' : 'earlier';
}

/**
 * The Batches tab (docs/architecture.md §8): a campus's delivery rounds, today's first, then the
 * coming week's and the last day's earlier ones, the opened batch below the rounds it is listed
 * with, and last the week of rounds and the delivery places to edit, folded. A super admin filters by university and
 * campus; the rounds editor needs one campus. Order events of the campus (the stream sends an admin
 * only those of their campuses) load the rounds again.
 */
export function BatchesTab({ scope }: { scope: AdminScope }) {
  const catalogue = useCatalogueScope(scope);
  const campus = catalogue.campus;
  const batches = useBatches(campus);
  useOrderEvents('all', [batchKeys.all()]);
  const now = useNow(30_000);
  const [selectedId, openRound] = useOpenRound();
  const list = batches.data?.batches ?? [];
  const days: Record<TDay, TBatchSummary[]> = { today: [], coming: [], earlier: [] };
  for (const batch of list) days[dayOf(batch, now)].push(batch);
  const selected = list.find((batch) => batch.id !== null && batch.id === selectedId);
  // A linked round no longer listed shows with today's.
  const viewDay = selected ? dayOf(selected, now) : 'today';
  const view = (day: TDay) =>
    selectedId && viewDay === day ? (
      <BatchView key={selectedId} batchId={selectedId} now={now} />
    ) : null;
  const rounds = (day: TDay, caption: string) => (
    <RoundsList
      batches={days[day]}
      caption={caption}
      now={now}
      showCampus={catalogue.all}
      selectedId={selectedId}
      onOpen={openRound}
    />
  );
  const group = (day: TDay, title: string, body: ReactNode) => (
    <section aria-labelledby={`rounds-${day}-heading`} className="space-y-3">
      <h3 id={`rounds-${day}-heading`} className="text-lg font-semibold">
        {title}
      </h3>
      {body}
    </section>
  );

  return (
    <section aria-labelledby="batches-heading" className="space-y-6">
      <h2 id="batches-heading" className="text-xl font-semibold">
        Batches
      </h2>
      {catalogue.all && (
        // biome-ignore lint/a11y/useSemanticElements: the role says what <search> would
        <div role="search" aria-label="Filter batches" className="grid gap-3 sm:grid-cols-2">
          <CampusFilter
            universities={catalogue.universities.data}
            {...catalogue.filter}
            onChange={(next) => {
              catalogue.setFilter(next);
              openRound(null);
            }}
          />
        </div>
      )}
      {group(
        'today',
        "Today's rounds",
        <AdminListState
          query={batches}
          count={list.length}
          emptyMessage="No rounds today or in the coming week."
          loadingTitle="Loading rounds..."
        >
          {days.today.length === 0 ? (
            <p className="text-sm text-gray-700">No rounds today.</p>
          ) : (
            rounds('today', "Today's delivery rounds")
          )}
        </AdminListState>,
      )}
      {view('today')}
      {days.coming.length > 0 &&
        group('coming', 'Coming rounds', rounds('coming', 'Coming delivery rounds'))}
      {view('coming')}
      {days.earlier.length > 0 &&
        group('earlier', 'Earlier rounds', rounds('earlier', 'Earlier delivery rounds'))}
      {view('earlier')}
      <details className="rounded-lg border border-gray-200">
        <summary className="cursor-pointer rounded-lg px-4 py-3 text-lg font-semibold focus-visible:outline-2 focus-visible:outline-orange-700">
          Weekly delivery rounds
        </summary>
        <div className="border-t border-gray-200 p-4">
          {campus.campusId ? (
            <RoundsEditor key={`${campus.universityId}/${campus.campusId}`} campus={campus} />
          ) : (
            <StatusMessage title="Choose a campus to edit its delivery rounds." />
          )}
        </div>
      </details>
      <details className="rounded-lg border border-gray-200">
        <summary className="cursor-pointer rounded-lg px-4 py-3 text-lg font-semibold focus-visible:outline-2 focus-visible:outline-orange-700">
          Delivery places
        </summary>
        <div className="border-t border-gray-200 p-4">
          {campus.campusId ? (
            <PlacesEditor key={`${campus.universityId}/${campus.campusId}`} campus={campus} />
          ) : (
            <StatusMessage title="Choose a campus to edit its delivery places." />
          )}
        </div>
      </details>
    </section>
  );
}
