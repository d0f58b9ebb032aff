import { martItemToCartLine } from '@campus/shared/domain/cart';
import { filterMartItems } from '@campus/shared/domain/search';
import { CATALOGUE_MESSAGES } from '@campus/shared/domain/storefront-messages';
import { useMemo, useState } from 'react';
import { FloatingCartButton } from '@/components/cart/floating-cart-button';
import { ListState } from '@/components/ui/list-state';
import { SearchBox } from '@/components/ui/search-box';
import { SelectCampusMessage } from '@/components/ui/select-campus-message';
import { useCampusSelection } from '@/stores/campus-selection';
import { useRepriceFrom } from '@/stores/cart';
import { useMartItems } from '../api/use-mart-items';
import { MartItemCard } from './mart-item-card';

/**
 * docs/product.md §2 Mart items: the chosen campus's mart, searchable by name, category,
 * description.
 */
export function MartItemsScreen() {
  const { selectedUniversity, selectedCampus } = useCampusSelection();
  const [term, setTerm] = useState('');
  const martItems = useMartItems(selectedCampus?.id ?? null);
  const asLines = useMemo(() => martItems.data?.map(martItemToCartLine), [martItems.data]);
  useRepriceFrom(asLines);

  if (!selectedCampus) {
    return (
      <section className="mx-auto max-w-6xl px-4 py-4 sm:py-8">
        <h1 className="mb-6 text-2xl font-bold sm:text-3xl">Mart Items</h1>
        <SelectCampusMessage universityChosen={selectedUniversity !== null} what="mart items" />
        <FloatingCartButton />
      </section>
    );
  }

  const all = martItems.data ?? [];
  const shown = filterMartItems(all, term);
  return (
    <section className="mx-auto max-w-6xl px-4 py-4 sm:py-8">
      <h1 className="text-2xl font-bold sm:text-3xl">
        {CATALOGUE_MESSAGES.martItems.title(selectedCampus.name)}
      </h1>
      <div className="mt-4 mb-4 sm:mb-6">
        <SearchBox
          label="Search mart items"
          placeholder={CATALOGUE_MESSAGES.martItems.searchPlaceholder}
          value={term}
          onChange={setTerm}
        />
      </div>
      <ListState
        key={term}
        query={martItems}
        loadingTitle={CATALOGUE_MESSAGES.martItems.loading}
        items={all}
        shown={shown}
        emptyTitle={CATALOGUE_MESSAGES.martItems.empty}
        noMatchTitle={CATALOGUE_MESSAGES.martItems.noMatch(term.trim())}
        renderItem={(item) => <MartItemCard item={item} />}
      />
      <FloatingCartButton />
    </section>
  );
}
