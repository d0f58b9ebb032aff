import { type ReactNode, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { SearchBox } from '@/components/ui/search-box';
import { AdminListState, type ListQuery, RowActions } from './admin-controls';

/** What a list needs of useCrudManager: its failure, and the form a row is opened in. */
type ListCrud<TValues> = {
  listFailure: string | null;
  edit(values: TValues): void;
  askDelete(id: string, name: string): void;
};

type Row = { id: string; name: string };

/** What a manager gives its list: the rows' query, its crud, and where a row belongs. */
export type TListProps<T, TValues> = {
  query: ListQuery & { data?: readonly T[] };
  crud: ListCrud<TValues>;
  /**
   * Where a row belongs ('University - Campus', a restaurant), where the list has every one's.
   * The rows' type comes from the query, not from this (which may take any row with a campus).
   */
  placeOf?(row: NoInfer<T>): string;
};

/** What a list calls its rows, says when none is left, searches by, and opens a row as. */
export type TListSpec<T, TValues> = {
  /** As 'Loading restaurants...' and 'Search restaurants' name them. */
  noun: string;
  empty: string;
  /** What the search looks at, as its placeholder says ('name or description'). */
  searchBy?: string;
  /** How the search matches; no search without it. */
  filter?(rows: readonly T[], term: string): T[];
  toForm(row: T): TValues;
};

/**
 * The list side of an admin screen: a search, the failure of the last deletion, and the rows,
 * each with its Edit (which opens it in the form) and Delete, named after the row; or what
 * stands in their place: loading, the load failure with Retry, the empty message.
 */
export function RecordList<T extends Row, TValues>({
  query,
  crud,
  noun,
  empty,
  searchBy,
  filter,
  toForm,
  rows = query.data ?? [],
  nameOf = (row) => row.name,
  selectedId,
  onEdit,
  children,
}: Omit<TListProps<T, TValues>, 'placeOf'> &
  TListSpec<T, TValues> & {
    /** The rows the filters leave, where there are filters. */
    rows?: readonly T[];
    /** What the row's buttons and the delete dialog call it. */
    nameOf?(row: T): string;
    /** The row shown as selected. */
    selectedId?: string | null;
    /** Besides opening the row in the form. */
    onEdit?(row: T): void;
    /** What a row shows of its record. */
    children(row: T): ReactNode;
  }) {
  const [term, setTerm] = useState('');
  const shown = filter ? filter(rows, term) : rows;
  return (
    <div className="space-y-4">
      {filter && (
        <SearchBox
          label={`Search ${noun}`}
          placeholder={`Search by ${searchBy}`}
          value={term}
          onChange={setTerm}
        />
      )}
      {crud.listFailure && <Alert>{crud.listFailure}</Alert>}
      <AdminListState
        query={query}
        count={shown.length}
        emptyMessage={empty}
        loadingTitle={`Loading ${noun}...`}
      >
        <ul className="divide-y divide-gray-200 rounded-lg border border-gray-200 bg-white">
          {shown.map((row) => (
            <li
              key={row.id}
              className={`flex flex-col gap-3 p-4 sm:flex-row sm:items-center ${row.id === selectedId ? 'bg-orange-50' : ''}`}
            >
              {children(row)}
              <div className="flex shrink-0 gap-2">
                <RowActions
                  name={nameOf(row)}
                  onEdit={() => {
                    crud.edit(toForm(row));
                    onEdit?.(row);
                  }}
                  onDelete={() => crud.askDelete(row.id, nameOf(row))}
                />
              </div>
            </li>
          ))}
        </ul>
      </AdminListState>
    </div>
  );
}
