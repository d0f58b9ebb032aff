import { useState } from 'react';
import { StatusMessage } from '@/components/ui/status-message';
import { useOrderEvents } from '@/lib/use-live-events';
import { useNow } from '@/lib/use-now';
import { batchKeys, useBatches } from '../../api/batches';
import { type AdminScope, useCatalogueScope } from '../../hooks/use-catalogue-scope';
import { AdminListState } from '../admin-controls';
import { CampusFilter } from '../place-selects';
import { BatchView } from './batch-view';
import { RoundsEditor } from './rounds-editor';
import { RoundsList } from './rounds-list';

/**
 * The Batches tab (DESIGN §8, issue 17): a campus's delivery rounds, today's and the coming
 * rounds with their orders, and one batch opened with its lists. A super admin filters by
 * university and campus; the rounds editor needs one campus. Order events of the campus (the
 * stream sends an admin only those of their campuses) load the rounds again.
 */
export function BatchesTab({ scope }: { scope: AdminScope }) {
  const catalogue = useCatalogueScope(scope);
  const campus = catalogue.campus;
  const batches = useBatches(campus);
  useOrderEvents('all', [batchKeys.all()]);
  const now = useNow(30_000);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const list = batches.data?.batches ?? [];

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
              setSelectedId(null);
            }}
          />
        </div>
      )}
      {campus.campusId ? (
        <RoundsEditor key={`${campus.universityId}/${campus.campusId}`} campus={campus} />
      ) : (
        <StatusMessage title="Choose a campus to edit its delivery rounds." />
      )}
      <section aria-labelledby="rounds-heading" className="space-y-3">
        <h3 id="rounds-heading" className="text-lg font-semibold">
          Today's and upcoming rounds
        </h3>
        <AdminListState
          query={batches}
          count={list.length}
          emptyMessage="No rounds today or in the coming week."
          loadingTitle="Loading rounds..."
        >
          <RoundsList
            batches={list}
            now={now}
            showCampus={catalogue.all}
            selectedId={selectedId}
            onOpen={setSelectedId}
          />
        </AdminListState>
      </section>
      {selectedId && <BatchView key={selectedId} batchId={selectedId} now={now} />}
    </section>
  );
}
