import { formatRupeeSign } from '@campus/shared/domain/money';
import { ItemImage } from '@/components/ui/item-image';
import { RecordList, type TListProps, type TListSpec } from './record-list';

/** A menu item or a mart item, which also has a category and a stock count. */
type TItem = {
  id: string;
  name: string;
  price: number;
  description: string;
  photoURL?: string | null;
  category?: string;
  stock?: number;
};

/** What a row says of the price: 'Rs 250', and a mart item's category and stock. */
function priceLine(item: TItem): string {
  const price = formatRupeeSign(item.price);
  return item.stock === undefined ? price : `${price} · ${item.category} · Stock: ${item.stock}`;
}

/**
 * The catalogue items of a manager (a menu's, a mart's) with a search, each with its photo, name,
 * price line, description and where it belongs.
 */
export function ItemList<T extends TItem, TValues>({
  placeOf,
  ...list
}: TListProps<T, TValues> & TListSpec<T, TValues>) {
  return (
    <RecordList {...list}>
      {(item) => (
        <>
          <div className="w-20 shrink-0 overflow-hidden rounded">
            <ItemImage src={item.photoURL} alt={item.name} />
          </div>
          <div className="min-w-0 flex-1">
            <p className="font-medium text-gray-900">{item.name}</p>
            <p className="text-sm font-medium text-gray-800">{priceLine(item)}</p>
            {item.description && <p className="text-sm text-gray-700">{item.description}</p>}
            {placeOf && <p className="text-sm text-gray-700">{placeOf(item)}</p>}
          </div>
        </>
      )}
    </RecordList>
  );
}
