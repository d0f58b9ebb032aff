import { CATALOGUE_MESSAGES } from '@campus/shared/domain/storefront-messages';
import type { ReactNode } from 'react';
import { LoadFailure } from './load-failure';
import { StatusMessage } from './status-message';

type QueryState = { isPending: boolean; isError: boolean; error: unknown; refetch(): unknown };

// A screen that waits for its data itself (the menu needs it for its heading) passes neither.
type Load = { query: QueryState; loadingTitle: string } | { query?: never; loadingTitle?: never };

/**
 * A catalogue screen's grid of cards, or the one state that stands in its place: loading, a load
 * error, nothing at all, or nothing that matches the search.
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
  if (query?.isPending) return <StatusMessage title={loadingTitle} busy />;
  if (query?.isError) return <LoadFailure error={query.error} onRetry={() => query.refetch()} />;
  if (items.length === 0) return <StatusMessage title={emptyTitle}>{emptyHint}</StatusMessage>;
  if (shown.length === 0) {
    return (
      <StatusMessage title={noMatchTitle}>{CATALOGUE_MESSAGES.tryAdjustingSearch}</StatusMessage>
    );
  }
  return (
    <ul className="grid gap-3 sm:grid-cols-2 sm:gap-4 lg:grid-cols-4">
      {shown.map((item) => (
        <li key={item.id} className="flex">
          {renderItem(item)}
        </li>
      ))}
    </ul>
  );
}
