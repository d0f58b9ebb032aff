import type { TAdminCampus, TAdminUniversity } from '@campus/shared/domain/admin-api';
import { EMPTY_LIST_MESSAGES } from '@campus/shared/domain/screen-messages';
import { LoadFailure } from '@/components/ui/load-failure';
import { StatusMessage } from '@/components/ui/status-message';
import { type ListQuery, RowActions, rowButton } from '../admin-controls';
import { card } from '../crud-form';

/** What the list does with a row: open it in its form, or ask before deleting it. */
type RowHandlers<T> = { edit(row: T): void; askDelete(row: T): void };

/** The Edit and Delete of a university's or a campus's row. */
function Actions<T extends { name: string }>({
  row,
  handlers,
}: {
  row: T;
  handlers: RowHandlers<T>;
}) {
  return (
    <RowActions
      name={row.name}
      onEdit={() => handlers.edit(row)}
      onDelete={() => handlers.askDelete(row)}
    />
  );
}

function CampusRow({
  campus,
  handlers,
}: {
  campus: TAdminCampus;
  handlers: RowHandlers<TAdminCampus>;
}) {
  return (
    <li className="flex flex-col gap-2 py-2 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="font-medium break-words">{campus.name}</p>
        {campus.location && <p className="text-sm text-gray-700">{campus.location}</p>}
        {campus.payToAccountNumber && (
          <p className="text-sm text-gray-700">
            Pays to {campus.payToAccountTitle}, {campus.payToBankName}, {campus.payToAccountNumber}
          </p>
        )}
      </div>
      <div className="flex shrink-0 gap-2">
        <Actions row={campus} handlers={handlers} />
      </div>
    </li>
  );
}

/** Every university with its campuses, each with its Edit and Delete; a university adds a campus. */
export function UniversityList({
  query,
  universities,
  campuses,
  onAddCampus,
}: {
  query: ListQuery & { data?: TAdminUniversity[]; isSuccess: boolean };
  universities: RowHandlers<TAdminUniversity>;
  campuses: RowHandlers<TAdminCampus>;
  onAddCampus(university: TAdminUniversity): void;
}) {
  const rows = query.data ?? [];
  return (
    <>
      {query.isPending && <StatusMessage title="Loading universities..." busy />}
      {query.isError && <LoadFailure error={query.error} onRetry={() => query.refetch()} />}
      {query.isSuccess && rows.length === 0 && <StatusMessage title="No universities yet" />}
      <ul className="space-y-4">
        {rows.map((university) => (
          <li key={university.id} className={card}>
            <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
              <h3 className="text-lg font-semibold break-words">{university.name}</h3>
              <div className="flex flex-wrap gap-2">
                <button
                  type="button"
                  className={rowButton}
                  aria-label={`Add Campus to ${university.name}`}
                  onClick={() => onAddCampus(university)}
                >
                  Add Campus
                </button>
                <Actions row={university} handlers={universities} />
              </div>
            </div>
            {university.campuses.length === 0 ? (
              <p className="text-sm text-gray-700">{EMPTY_LIST_MESSAGES.campuses}</p>
            ) : (
              <ul
                className="divide-y divide-gray-200"
                aria-label={`Campuses of ${university.name}`}
              >
                {university.campuses.map((campus) => (
                  <CampusRow key={campus.id} campus={campus} handlers={campuses} />
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}
