import type { TAdminUniversity } from '@campus/shared/domain/admin-api';
import { formatError } from '@campus/shared/domain/error-catalogue';
import {
  type ChangeEvent,
  type ReactNode,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { SelectField } from '@/components/forms/form-field';
import { SubmitButton } from '@/components/forms/submit-button';
import { Alert } from '@/components/ui/alert';
import { secondaryButton } from '@/components/ui/button-styles';
import { ItemImage } from '@/components/ui/item-image';
import { StatusMessage } from '@/components/ui/status-message';
import { preloadCompression } from '@/lib/compress-image';
import { type CatalogPhotoPurpose, uploadCatalogPhoto } from '../api/admin-api';

// Pieces the three catalogue managers share: scope, selects, list states, row buttons, photo.

/**
 * Which catalogue a manager shows: one campus (the campus admin dashboard, the campus fixed by
 * the route) or everything with filters (the super admin dashboard).
 */
export type AdminScope =
  | { kind: 'campus'; universityId: string; campusId: string }
  | { kind: 'all' };

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
 * mode (SPEC §4), from edit mode or from a half-filled add form alike.
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

/** 'University - Campus' of a campus id, from the universities list; '' when unknown. */
export function campusLabel(
  universities: readonly TAdminUniversity[] | undefined,
  campusId: string,
): string {
  for (const university of universities ?? []) {
    const campus = university.campuses.find((c) => c.id === campusId);
    if (campus) return `${university.name} - ${campus.name}`;
  }
  return '';
}

/** The campuses of one university of the list ([] when none is chosen). */
export function campusesOf(
  universities: readonly TAdminUniversity[] | undefined,
  universityId: string,
) {
  return universities?.find((u) => u.id === universityId)?.campuses ?? [];
}

type SelectProps = Omit<Parameters<typeof SelectField>[0], 'label' | 'children'>;

/** A university select; `emptyLabel` is its first option ('All universities' in a filter). */
export function UniversitySelect({
  universities,
  emptyLabel,
  label = 'University',
  ...select
}: SelectProps & {
  universities: readonly TAdminUniversity[] | undefined;
  emptyLabel: string;
  label?: string;
}) {
  return (
    <SelectField label={label} {...select}>
      <option value="">{emptyLabel}</option>
      {universities?.map((university) => (
        <option key={university.id} value={university.id}>
          {university.name}
        </option>
      ))}
    </SelectField>
  );
}

/** A campus select of one university. */
export function CampusSelect({
  universities,
  universityId,
  emptyLabel,
  label = 'Campus',
  ...select
}: SelectProps & {
  universities: readonly TAdminUniversity[] | undefined;
  universityId: string;
  emptyLabel: string;
  label?: string;
}) {
  return (
    <SelectField label={label} {...select}>
      <option value="">{emptyLabel}</option>
      {campusesOf(universities, universityId).map((campus) => (
        <option key={campus.id} value={campus.id}>
          {campus.name}
        </option>
      ))}
    </SelectField>
  );
}

/** The university and campus filters of an admin list; choosing a university clears the campus. */
export function CampusFilter({
  universities,
  universityId,
  campusId,
  onChange,
}: {
  universities: readonly TAdminUniversity[] | undefined;
  universityId: string;
  campusId: string;
  onChange(next: { universityId: string; campusId: string }): void;
}) {
  return (
    <>
      <UniversitySelect
        label="Filter by university"
        universities={universities}
        emptyLabel="All universities"
        value={universityId}
        onChange={(event) => onChange({ universityId: event.target.value, campusId: '' })}
      />
      <CampusSelect
        label="Filter by campus"
        universities={universities}
        universityId={universityId}
        emptyLabel="All campuses"
        value={campusId}
        disabled={universityId === ''}
        onChange={(event) => onChange({ universityId, campusId: event.target.value })}
      />
    </>
  );
}

/** A restaurant select. */
export function RestaurantSelect({
  restaurants,
  emptyLabel,
  label = 'Restaurant',
  ...select
}: SelectProps & {
  restaurants: readonly { id: string; name: string }[] | undefined;
  emptyLabel: string;
  label?: string;
}) {
  return (
    <SelectField label={label} {...select}>
      <option value="">{emptyLabel}</option>
      {restaurants?.map((restaurant) => (
        <option key={restaurant.id} value={restaurant.id}>
          {restaurant.name}
        </option>
      ))}
    </SelectField>
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

/** The owner of the uploads of a photo field that is gone (another campus's dashboard). */
const UNMOUNTED = Symbol('unmounted');

/**
 * An item photo: choose a file, it is compressed and uploaded at once, and the form keeps the
 * url it got (photoURL). Shows the current photo and lets the admin remove it.
 *
 * An upload belongs to the item the form showed when it started: if the form was reset before
 * it finished (Cancel, Edit of another row, another restaurant selected) or the field is gone,
 * its url or failure is dropped, so it never lands on another item.
 */
export function PhotoField({
  purpose,
  item,
  value,
  alt,
  onChange,
  onError,
  onBusyChange,
}: {
  purpose: CatalogPhotoPurpose;
  /**
   * The values the form was last reset to (`form.formState.defaultValues`): the item open for
   * editing, or the empty form of a place, with a count of resets where the same empty form can
   * be shown again (Cancel in add mode). A change means the form now shows another item.
   */
  item: unknown;
  value: string;
  alt: string;
  onChange(url: string): void;
  /** The failure to show (null clears it). */
  onError(message: string | null): void;
  /** True while a photo uploads for the item shown, so the form can wait for it. */
  onBusyChange?(busy: boolean): void;
}) {
  const id = useId();
  const owner = JSON.stringify(item ?? null);
  // The item shown now, read when an upload ends (set in the commit that shows another item).
  const currentOwner = useRef<string | symbol>(owner);
  useLayoutEffect(() => {
    currentOwner.current = owner;
    return () => {
      currentOwner.current = UNMOUNTED;
    };
  }, [owner]);
  const [upload, setUpload] = useState<{ owner: string } | null>(null);
  // An upload left running for the previous item does not hold up the form of this one.
  const busy = upload?.owner === owner;
  useEffect(() => {
    onBusyChange?.(busy);
  }, [busy, onBusyChange]);

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    const started = { owner };
    const stillShown = () => currentOwner.current === started.owner;
    onError(null);
    setUpload(started);
    try {
      const url = await uploadCatalogPhoto(file, purpose);
      if (stillShown()) onChange(url);
    } catch (error) {
      console.warn(`${purpose} upload failed`, error);
      if (stillShown()) onError(formatError(error).message);
    } finally {
      setUpload((current) => (current === started ? null : current));
      // The same file can be chosen again after a failure.
      input.value = '';
    }
  }

  return (
    <div className="space-y-2">
      <label htmlFor={id} className="block text-sm font-medium text-gray-800">
        Photo
      </label>
      <input
        id={id}
        type="file"
        accept="image/*"
        disabled={busy}
        aria-describedby={`${id}-status`}
        onClick={preloadCompression}
        onChange={choose}
        className="block w-full text-sm text-gray-800 file:mr-3 file:rounded file:border file:border-gray-400 file:bg-white file:px-3 file:py-1 file:font-medium file:text-gray-800 hover:file:bg-gray-100"
      />
      <p id={`${id}-status`} role="status" className="text-sm text-gray-700">
        {busy ? 'Uploading photo...' : ''}
      </p>
      {value !== '' && (
        <div className="flex items-end gap-3">
          <div className="w-32 overflow-hidden rounded border border-gray-300">
            <ItemImage src={value} alt={alt} />
          </div>
          <button type="button" className={rowButton} disabled={busy} onClick={() => onChange('')}>
            Remove photo
          </button>
        </div>
      )}
    </div>
  );
}
