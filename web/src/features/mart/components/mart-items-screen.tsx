import { filterMartItems } from '@campus/shared/domain/search';
import { useState } from 'react';
import { FloatingCartButton } from '@/components/cart/floating-cart-button';
import { ListState } from '@/components/ui/list-state';
import { SearchBox } from '@/components/ui/search-box';
import { SelectCampusMessage } from '@/components/ui/select-campus-message';
import { useCampusSelection } from '@/lib/campus-selection';
import { useMartItems } from '../api/use-mart-items';
import { MartItemCard } from './mart-item-card';

/** SPEC §2 Mart items: the chosen campus's mart, searchable by name, category, description. */
export function MartItemsScreen() {
  const { selectedUniversity, selectedCampus } = useCampusSelection();
  const [term, setTerm] = useState('');
  const martItems = useMartItems(selectedCampus?.id ?? null);

  if (!selectedCampus) {
    return (
      <section className="mx-auto max-w-6xl px-4 py-8">
        <h1 className="mb-6 text-3xl font-bold">Mart Items</h1>
        <SelectCampusMessage universityChosen={selectedUniversity !== null} what="mart items" />
        <FloatingCartButton />
      </section>
    );
  }

  const all = martItems.data ?? [];
  const shown = filterMartItems(all, term);
  return (
    <section className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-3xl font-bold">Mart Items at {selectedCampus.name}</h1>
      <div className="mt-4 mb-6">
        <SearchBox
          label="Search mart items"
          placeholder="Search mart items by name, category, or description..."
          value={term}
          onChange={setTerm}
        />
      </div>
      <ListState
        query={martItems}
        loadingTitle="Loading Mart Items..."
        items={all}
        shown={shown}
        emptyTitle="No mart items available at this campus"
        noMatchTitle={`No mart items found matching "${term.trim()}"`}
        renderItem={(item) => <MartItemCard item={item} />}
      />
      <FloatingCartButton />
    </section>
  );
}
