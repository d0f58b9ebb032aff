import { type ReactNode, useId } from 'react';
import { ConfirmDialog, type ConfirmDialogProps } from '@/components/ui/confirm-dialog';
import { LoadFailure } from '@/components/ui/load-failure';
import type { TCatalogueScope } from '../hooks/use-catalogue-scope';
import type { TClearTexts } from '../hooks/use-crud-manager';
import { bulkDangerButton, type ListQuery } from './admin-controls';
import { CampusFilter } from './place-selects';

/** The failure of a load the form and filters need, with Retry. */
function LookupFailure({ query }: { query: ListQuery }) {
  return query.isError ? <LoadFailure error={query.error} onRetry={() => query.refetch()} /> : null;
}

/**
 * A catalogue manager's section (restaurants, menu items, mart items): its heading, a failed load
 * of the universities (or of `lookup`), its form, filters and list, and the confirm dialog of its
 * deletions.
 */
export function CatalogueSection({
  title,
  catalogue,
  crud,
  lookup,
  children,
}: {
  title: string;
  catalogue: TCatalogueScope;
  crud: { dialog: ConfirmDialogProps };
  /** Another load the form and filters need. */
  lookup?: ListQuery;
  /** The form, the filters and the list. */
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="space-y-6">
      <h2 id={titleId} className="text-xl font-semibold">
        {title}
      </h2>
      <LookupFailure query={catalogue.universities} />
      {lookup && <LookupFailure query={lookup} />}
      {children}
      <ConfirmDialog {...crud.dialog} />
    </section>
  );
}

/**
 * The super admin's filters of a catalogue list (university, campus and `children`), with the
 * button that clears the list they name; nothing on a campus dashboard.
 */
export function CatalogueFilters({
  catalogue,
  clear,
  onClear,
  children,
}: {
  catalogue: TCatalogueScope;
  clear: TClearTexts;
  /** Asks before the bulk clear; null while there is nothing to clear. */
  onClear: (() => void) | null;
  children?: ReactNode;
}) {
  if (!catalogue.all) return null;
  const { universities, filter } = catalogue;
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <CampusFilter
        universities={universities.data}
        universityId={filter.universityId}
        campusId={filter.campusId}
        onChange={catalogue.setFilter}
      />
      {children}
      <div className="flex items-end">
        <button
          type="button"
          className={bulkDangerButton}
          disabled={onClear === null}
          onClick={onClear ?? undefined}
        >
          {clear.label}
        </button>
      </div>
    </div>
  );
}
