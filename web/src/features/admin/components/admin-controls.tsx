import { formatError } from '@campus/shared/domain/error-catalogue';
import type { ReactNode } from 'react';
import { SubmitButton } from '@/components/forms/submit-button';
import { Alert } from '@/components/ui/alert';
import { secondaryButton } from '@/components/ui/button-styles';
import { StatusMessage } from '@/components/ui/status-message';

// Pieces the admin screens share: buttons, form actions, list states.

/** A small outlined button of a list row (Edit). */
export const rowButton =
  'inline-flex items-center justify-center rounded border border-gray-400 bg-white px-3 py-1 text-sm font-medium text-gray-800 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-700 disabled:cursor-not-allowed disabled:text-gray-600';

/** A small red button of a list row (Delete). */
export const rowDangerButton =
  'inline-flex items-center justify-center rounded border border-red-700 bg-white px-3 py-1 text-sm font-medium text-red-800 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700 disabled:cursor-not-allowed disabled:border-gray-400 disabled:text-gray-600';

/** The bulk clear button ('Clear all restaurants'). */
export const bulkDangerButton =
  'inline-flex items-center justify-center rounded bg-red-700 px-4 py-2 font-medium text-white hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700 disabled:cursor-not-allowed disabled:bg-gray-300 disabled:text-gray-700';

/** The secondary button of a form (Cancel). */
export const cancelButton = `${secondaryButton} w-full`;

/** The Edit and Delete buttons of a list row, named after the row for screen readers. */
export function RowActions({
  name,
  onEdit,
  onDelete,
}: {
  name: string;
  onEdit(): void;
  onDelete(): void;
}) {
  return (
    <>
      <button type="button" className={rowButton} aria-label={`Edit ${name}`} onClick={onEdit}>
        Edit
      </button>
      <button
        type="button"
        className={rowDangerButton}
        aria-label={`Delete ${name}`}
        onClick={onDelete}
      >
        Delete
      </button>
    </>
  );
}

/**
 * An admin form's 'Add X' / 'Update X' button and its Cancel, which resets the form to empty add
 * mode (docs/product.md §4), from edit mode or from a half-filled add form alike.
 */
export function FormActions({
  noun,
  editing,
  busy,
  disabled,
  onCancel,
}: {
  noun: string;
  editing: boolean;
  busy: boolean;
  disabled?: boolean;
  onCancel(): void;
}) {
  return (
    <>
      <SubmitButton
        label={editing ? `Update ${noun}` : `Add ${noun}`}
        busyLabel="Saving..."
        busy={busy}
        disabled={disabled}
      />
      <button type="button" className={cancelButton} onClick={onCancel}>
        Cancel
      </button>
    </>
  );
}

/** What a list or lookup query tells about its load. */
export type ListQuery = {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch(): unknown;
};

/**
 * A manager's list, or what stands in its place: loading, the load error with Retry, or the
 * spec's empty message when nothing is left after the filters and the search.
 */
export function AdminListState({
  query,
  count,
  emptyMessage,
  loadingTitle,
  children,
}: {
  query: ListQuery;
  count: number;
  emptyMessage: string;
  loadingTitle: string;
  children: ReactNode;
}) {
  if (query.isPending) return <StatusMessage title={loadingTitle} busy />;
  if (query.isError) {
    return (
      <Alert>
        <p>{formatError(query.error).message}</p>
        <button type="button" className={`${rowButton} mt-2`} onClick={() => query.refetch()}>
          Retry
        </button>
      </Alert>
    );
  }
  if (count === 0) return <StatusMessage title={emptyMessage} />;
  return <>{children}</>;
}
