import type { TAdminMenuItem } from '@campus/shared/domain/admin-api';
import {
  ADMIN_FORM_MESSAGES,
  createMenuItemSchema,
  formMode,
  type TMenuItemFormValues,
} from '@campus/shared/domain/admin-forms';
import { formatRupeeSign } from '@campus/shared/domain/money';
import {
  ADMIN_CONFIRM_MESSAGES,
  ADMIN_MESSAGES,
  EMPTY_LIST_MESSAGES,
} from '@campus/shared/domain/screen-messages';
import { filterMenuItems } from '@campus/shared/domain/search';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { TextAreaField, TextField } from '@/components/forms/form-field';
import { useFormFailure } from '@/components/forms/use-form-failure';
import { Alert } from '@/components/ui/alert';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ItemImage } from '@/components/ui/item-image';
import { LoadFailure } from '@/components/ui/load-failure';
import { SearchBox } from '@/components/ui/search-box';
import { StatusMessage } from '@/components/ui/status-message';
import {
  createMenuItem,
  deleteMenuItem,
  deleteRestaurantMenu,
  failureText,
  updateMenuItem,
  useAdminMenuItems,
  useAdminMutation,
  useAdminRestaurants,
  useAdminUniversities,
} from '../api/admin-api';
import { emptyMenuItemForm, menuItemForm } from '../utils/form-values';
import {
  AdminListState,
  type AdminScope,
  bulkDangerButton,
  CampusFilter,
  CampusSelect,
  FormActions,
  PhotoField,
  RestaurantSelect,
  RowActions,
  UniversitySelect,
} from './admin-controls';

type Pending = { kind: 'one'; item: TAdminMenuItem } | { kind: 'clear'; restaurantId: string };

const EMPTY_FILTER = { universityId: '', campusId: '', restaurantId: '' };

/**
 * Menu items: of the restaurant selected on the campus admin dashboard (`restaurantId`), or of
 * every restaurant with filters and a search (super admin). Add, edit, delete, a photo per item
 * (compressed, then uploaded), and for the super admin, clear a restaurant's menu.
 */
export function MenuItemsManager({
  scope,
  restaurantId,
}: {
  scope: AdminScope;
  /** Campus scope: the restaurant whose menu is shown and added to. */
  restaurantId?: string | null;
}) {
  const all = scope.kind === 'all';
  const titleId = useId();
  const [filter, setFilter] = useState(EMPTY_FILTER);
  const [search, setSearch] = useState('');
  const [pending, setPending] = useState<Pending | null>(null);
  const [listFailure, setListFailure] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  // Cancel of an add form shows the same empty values again: the count tells PhotoField that the
  // form was reset all the same, so a photo still uploading for what was cancelled is dropped.
  const [resets, setResets] = useState(0);

  const place = all
    ? filter
    : {
        universityId: scope.universityId,
        campusId: scope.campusId,
        restaurantId: restaurantId ?? '',
      };
  const universities = useAdminUniversities(all);
  // Campus scope: the campus's restaurants (the same list the restaurants manager shows).
  // Super admin: every restaurant, for the selects and the restaurant of each row.
  const restaurants = useAdminRestaurants(
    all ? {} : { universityId: place.universityId, campusId: place.campusId },
  );
  const restaurantName = (id: string) =>
    restaurants.data?.find((restaurant) => restaurant.id === id)?.name ?? '';
  const restaurantsOf = (campusId: string) =>
    restaurants.data?.filter((restaurant) => restaurant.campusId === campusId);

  const listReady = all || place.restaurantId !== '';
  const items = useAdminMenuItems(place, listReady);
  const shown = filterMenuItems(items.data ?? [], search);

  const actor = all ? 'superAdmin' : 'campusAdmin';
  const schema = useMemo(() => createMenuItemSchema(actor), [actor]);
  const { failure, setFailure, onInvalid } = useFormFailure();
  const form = useForm<TMenuItemFormValues, unknown, TMenuItemFormValues>({
    resolver: zodResolver(schema, undefined, { raw: true }),
    defaultValues: emptyMenuItemForm(place),
  });
  const editing = formMode({ id: form.watch('id') }) === 'edit';
  const formUniversityId = form.watch('universityId') ?? '';
  const formCampusId = form.watch('campusId') ?? '';
  const photoURL = form.watch('photoURL') ?? '';
  const itemName = form.watch('name') ?? '';

  // Another restaurant selected on the campus dashboard: its menu, and the form adds to it.
  const campusPlace = all ? null : place;
  const campusUniversityId = campusPlace?.universityId;
  const campusId = campusPlace?.campusId;
  const campusRestaurantId = campusPlace?.restaurantId;
  useEffect(() => {
    if (campusUniversityId === undefined) return;
    setFailure(null);
    form.reset(
      emptyMenuItemForm({
        universityId: campusUniversityId,
        campusId,
        restaurantId: campusRestaurantId,
      }),
    );
  }, [campusUniversityId, campusId, campusRestaurantId, form, setFailure]);

  const save = useAdminMutation((values: TMenuItemFormValues) =>
    values.id ? updateMenuItem(values.id, values) : createMenuItem(values),
  );
  const remove = useAdminMutation(deleteMenuItem);
  const clear = useAdminMutation(deleteRestaurantMenu);

  function toAddMode() {
    setFailure(null);
    setResets((count) => count + 1);
    form.reset(emptyMenuItemForm(place));
  }

  function edit(item: TAdminMenuItem) {
    setFailure(null);
    form.reset(menuItemForm(item));
  }

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await save.mutateAsync(values);
      form.reset(emptyMenuItemForm(place));
    } catch (error) {
      setFailure(failureText(ADMIN_MESSAGES.saveMenuItemFailed, error));
    }
  }, onInvalid);

  async function confirmDelete() {
    if (!pending) return;
    setListFailure(null);
    try {
      if (pending.kind === 'one') {
        await remove.mutateAsync(pending.item.id);
        if (form.getValues('id') === pending.item.id) toAddMode();
      } else {
        await clear.mutateAsync(pending.restaurantId);
        toAddMode();
      }
    } catch (error) {
      setListFailure(
        failureText(
          pending.kind === 'one'
            ? ADMIN_MESSAGES.deleteMenuItemFailed
            : ADMIN_MESSAGES.deleteMenuItemsFailed,
          error,
        ),
      );
    } finally {
      setPending(null);
    }
  }

  const dialog =
    pending?.kind === 'one'
      ? {
          type: 'danger' as const,
          title: ADMIN_CONFIRM_MESSAGES.deleteMenuItem.title,
          message: ADMIN_CONFIRM_MESSAGES.deleteMenuItem.message(pending.item.name),
          confirmLabel: ADMIN_CONFIRM_MESSAGES.confirm,
        }
      : {
          type: 'warning' as const,
          title: ADMIN_CONFIRM_MESSAGES.clearMenu.title,
          message: ADMIN_CONFIRM_MESSAGES.clearMenu.message(
            restaurantName(pending?.restaurantId ?? ''),
          ),
          confirmLabel: ADMIN_CONFIRM_MESSAGES.clear,
        };

  const selectedName = all ? '' : restaurantName(place.restaurantId);

  return (
    <section aria-labelledby={titleId} className="space-y-6">
      <h2 id={titleId} className="text-xl font-semibold">
        {selectedName ? `Menu Items of ${selectedName}` : 'Menu Items'}
      </h2>
      {universities.isError && (
        <LoadFailure error={universities.error} onRetry={() => universities.refetch()} />
      )}
      {/* On the campus dashboard the restaurants list above shows its own failure. */}
      {all && restaurants.isError && (
        <LoadFailure error={restaurants.error} onRetry={() => restaurants.refetch()} />
      )}

      <form
        onSubmit={submit}
        noValidate
        aria-label={editing ? 'Edit menu item' : 'Add menu item'}
        className="space-y-4 rounded-lg border border-gray-300 bg-white p-4"
      >
        <h3 className="text-lg font-semibold">{editing ? 'Edit Menu Item' : 'Add Menu Item'}</h3>
        {failure && <Alert>{failure}</Alert>}
        <div className="grid gap-4 sm:grid-cols-2">
          {all && (
            <>
              <UniversitySelect
                universities={universities.data}
                emptyLabel="Select University"
                {...form.register('universityId', {
                  onChange: () => {
                    form.setValue('campusId', '');
                    form.setValue('restaurantId', '');
                  },
                })}
              />
              <CampusSelect
                universities={universities.data}
                universityId={formUniversityId}
                emptyLabel="Select Campus"
                {...form.register('campusId', {
                  onChange: () => form.setValue('restaurantId', ''),
                })}
              />
              <RestaurantSelect
                restaurants={restaurantsOf(formCampusId)}
                emptyLabel="Select Restaurant"
                {...form.register('restaurantId')}
              />
            </>
          )}
          <TextField label="Item Name" autoComplete="off" {...form.register('name')} />
          <TextField
            label="Price (Rs)"
            inputMode="decimal"
            placeholder="e.g. 250"
            autoComplete="off"
            {...form.register('price')}
          />
          <div className="sm:col-span-2">
            <TextAreaField label="Description" rows={2} {...form.register('description')} />
          </div>
          <div className="sm:col-span-2">
            <PhotoField
              purpose="menu-photo"
              item={{ resets, values: form.formState.defaultValues }}
              value={photoURL}
              alt={itemName}
              onChange={(url) => form.setValue('photoURL', url, { shouldDirty: true })}
              onError={setFailure}
              onBusyChange={setUploading}
            />
          </div>
        </div>
        <div className="grid gap-2 sm:grid-cols-2">
          <FormActions
            noun="Menu Item"
            editing={editing}
            busy={form.formState.isSubmitting}
            disabled={uploading}
            onCancel={toAddMode}
          />
        </div>
      </form>

      <div className="space-y-4">
        {all && (
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            <CampusFilter
              universities={universities.data}
              universityId={filter.universityId}
              campusId={filter.campusId}
              onChange={(next) => setFilter({ ...next, restaurantId: '' })}
            />
            <RestaurantSelect
              label="Filter by restaurant"
              restaurants={restaurantsOf(filter.campusId)}
              emptyLabel="All restaurants"
              value={filter.restaurantId}
              disabled={filter.campusId === ''}
              onChange={(event) => setFilter({ ...filter, restaurantId: event.target.value })}
            />
            <div className="flex items-end">
              <button
                type="button"
                className={bulkDangerButton}
                disabled={filter.restaurantId === '' || (items.data?.length ?? 0) === 0}
                onClick={() => setPending({ kind: 'clear', restaurantId: filter.restaurantId })}
              >
                Clear menu
              </button>
            </div>
          </div>
        )}
        {listReady && (
          <SearchBox
            label="Search menu items"
            placeholder="Search by name or description"
            value={search}
            onChange={setSearch}
          />
        )}
        {listFailure && <Alert>{listFailure}</Alert>}
        {listReady ? (
          <AdminListState
            query={items}
            count={shown.length}
            emptyMessage={EMPTY_LIST_MESSAGES.menuItems}
            loadingTitle="Loading menu items..."
          >
            <ul className="divide-y divide-gray-200 rounded-lg border border-gray-300 bg-white">
              {shown.map((item) => (
                <li key={item.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center">
                  <div className="w-20 shrink-0 overflow-hidden rounded">
                    <ItemImage src={item.photoURL} alt={item.name} />
                  </div>
                  <div className="min-w-0 flex-1">
                    <p className="font-medium text-gray-900">{item.name}</p>
                    <p className="text-sm font-medium text-gray-800">
                      {formatRupeeSign(item.price)}
                    </p>
                    {item.description && (
                      <p className="text-sm text-gray-700">{item.description}</p>
                    )}
                    {all && (
                      <p className="text-sm text-gray-700">{restaurantName(item.restaurantId)}</p>
                    )}
                  </div>
                  <div className="flex gap-2">
                    <RowActions
                      name={item.name}
                      onEdit={() => edit(item)}
                      onDelete={() => setPending({ kind: 'one', item })}
                    />
                  </div>
                </li>
              ))}
            </ul>
          </AdminListState>
        ) : (
          <StatusMessage title={ADMIN_FORM_MESSAGES.selectRestaurantFirst} />
        )}
      </div>

      <ConfirmDialog
        open={pending !== null}
        type={dialog.type}
        title={dialog.title}
        message={dialog.message}
        confirmLabel={dialog.confirmLabel}
        busy={remove.isPending || clear.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setPending(null)}
      />
    </section>
  );
}
