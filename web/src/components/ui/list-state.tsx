import { CATALOGUE_MESSAGES } from '@campus/shared/domain/storefront-messages';
import { type ReactNode, useState } from 'react';
import { secondaryButton } from './button-styles';
import { LoadFailure } from './load-failure';
import { StatusMessage } from './status-message';

type QueryState = { isPending: boolean; isError: boolean; error: unknown; refetch(): unknown };

// A screen that waits for its data itself (the menu needs it for its heading) passes neither.
type Load = { query: QueryState; loadingTitle: string } | { query?: never; loadingTitle?: never };

/** Cards shown at first and added by each 'Show more': a 2,000-item menu stays a small page. */
const LIST_PAGE_SIZE = 60;

/**
 * A catalogue screen's grid of cards, LIST_PAGE_SIZE at a time, or the one state that stands in
 * its place: loading, a load error, nothing at all, or nothing that matches the search. A screen
 * gives it its search as `key`, so that a new search starts at its first page.
 */
export function ListState<T extends { id: string }>({
  query,
  loadingTitle,
  items,
  shown,
  emptyTitle,
  emptyHint,
  noMatchTitle,
  renderItem,
}: Load & {
  /** Everything the screen has, before the search. */
  items: readonly T[];
  /** What the search leaves. */
  shown: readonly T[];
  emptyTitle: string;
  emptyHint?: string;
  noMatchTitle: string;
  renderItem(item: T): ReactNode;
}) {
  const [limit, setLimit] = useState(LIST_PAGE_SIZE);
  if (query?.isPending) return <StatusMessage title={loadingTitle} busy />;
  if (query?.isError) return <LoadFailure error={query.error} onRetry={() => query.refetch()} />;
  if (items.length === 0) return <StatusMessage title={emptyTitle}>{emptyHint}</StatusMessage>;
  if (shown.length === 0) {
    return (
      <StatusMessage title={noMatchTitle}>{CATALOGUE_MESSAGES.tryAdjustingSearch}</StatusMessage>
    );
  }
  const visible = shown.slice(0, limit);
  const next = Math.min(LIST_PAGE_SIZE, shown.length - visible.length);
  return (
    <>
      <ul className="grid gap-3 sm:grid-cols-2 sm:gap-4 lg:grid-cols-4">
        {visible.map((item) => (
          <li key={item.id} className="flex">
            {renderItem(item)}
          </li>
        ))}
      </ul>
      {next > 0 && (
        <div className="mt-6 flex justify-center">
          <button
            type="button"
            className={secondaryButton}
            onClick={() => setLimit(limit + LIST_PAGE_SIZE)}
          >
            {CATALOGUE_MESSAGES.showMore(next, visible.length, shown.length)}
          </button>
        </div>
      )}
    </>
  );
}
