import {
  formMode,
  type TRestaurantFormValues,
  ZRestaurantForm,
} from '@campus/shared/domain/admin-forms';
import type { TRestaurant } from '@campus/shared/domain/entities';
import { HOURS_MESSAGES } from '@campus/shared/domain/restaurant-hours';
import {
  ADMIN_CONFIRM_MESSAGES,
  ADMIN_MESSAGES,
  EMPTY_LIST_MESSAGES,
} from '@campus/shared/domain/screen-messages';
import { filterRestaurants } from '@campus/shared/domain/search';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { TextField } from '@/components/forms/form-field';
import { useFormFailure } from '@/components/forms/use-form-failure';
import { Alert } from '@/components/ui/alert';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { LoadFailure } from '@/components/ui/load-failure';
import { SearchBox } from '@/components/ui/search-box';
import {
  createRestaurant,
  deleteCampusRestaurants,
  deleteRestaurant,
  failureText,
  updateRestaurant,
  useAdminMutation,
  useAdminRestaurants,
  useAdminUniversities,
} from '../api/admin-api';
import { emptyRestaurantForm, restaurantForm } from '../utils/form-values';
import {
  AdminListState,
  type AdminScope,
  bulkDangerButton,
  CampusFilter,
  CampusSelect,
  campusLabel,
  FormActions,
  RowActions,
  UniversitySelect,
} from './admin-controls';

type Pending = { kind: 'one'; restaurant: TRestaurant } | { kind: 'clear'; campusId: string };

/**
 * Restaurants of one campus (campus admin) or of every campus with filters and a search (super
 * admin): add, edit (which also selects the restaurant, so its menu shows), delete, and for the
 * super admin, clear a campus's restaurants.
 */
export function RestaurantsManager({
  scope,
  selectedRestaurantId,
  onSelectRestaurant,
}: {
  scope: AdminScope;
  /** The restaurant whose menu the page shows. */
  selectedRestaurantId?: string | null;
  /** A row was clicked or opened for editing (null: the selected restaurant was deleted). */
  onSelectRestaurant?(id: string | null): void;
}) {
  const all = scope.kind === 'all';
  const titleId = useId();
  const [filter, setFilter] = useState({ universityId: '', campusId: '' });
  const [search, setSearch] = useState('');
  const [pending, setPending] = useState<Pending | null>(null);
  const [listFailure, setListFailure] = useState<string | null>(null);
  const [ownSelection, setOwnSelection] = useState<string | null>(null);
  const selected = selectedRestaurantId !== undefined ? selectedRestaurantId : ownSelection;
  const select = (id: string | null) => {
    setOwnSelection(id);
    onSelectRestaurant?.(id);
  };

  const place = all ? filter : { universityId: scope.universityId, campusId: scope.campusId };
  const universities = useAdminUniversities(all);
  const restaurants = useAdminRestaurants(place);
  const shown = filterRestaurants(restaurants.data ?? [], search);

  const { failure, setFailure, onInvalid } = useFormFailure();
  const form = useForm<TRestaurantFormValues, unknown, TRestaurantFormValues>({
    resolver: zodResolver(ZRestaurantForm, undefined, { raw: true }),
    defaultValues: emptyRestaurantForm(place),
  });
  const editing = formMode({ id: form.watch('id') }) === 'edit';
  const formUniversityId = form.watch('universityId') ?? '';

  const save = useAdminMutation((values: TRestaurantFormValues) =>
    values.id ? updateRestaurant(values.id, values) : createRestaurant(values),
  );
  const remove = useAdminMutation(deleteRestaurant);
  const clear = useAdminMutation(deleteCampusRestaurants);

  function toAddMode() {
    setFailure(null);
    form.reset(emptyRestaurantForm(place));
  }

  function edit(restaurant: TRestaurant) {
    setFailure(null);
    form.reset(restaurantForm(restaurant));
    select(restaurant.id);
  }

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await save.mutateAsync(values);
      form.reset(emptyRestaurantForm(place));
    } catch (error) {
      setFailure(failureText(ADMIN_MESSAGES.saveRestaurantFailed, error));
    }
  }, onInvalid);

  async function confirmDelete() {
    if (!pending) return;
    setListFailure(null);
    try {
      if (pending.kind === 'one') {
        await remove.mutateAsync(pending.restaurant.id);
        if (form.getValues('id') === pending.restaurant.id) toAddMode();
        if (selected === pending.restaurant.id) select(null);
      } else {
        await clear.mutateAsync(pending.campusId);
        toAddMode();
        select(null);
      }
    } catch (error) {
      setListFailure(
        failureText(
          pending.kind === 'one'
            ? ADMIN_MESSAGES.deleteRestaurantFailed
            : ADMIN_MESSAGES.deleteRestaurantsFailed,
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
          title: ADMIN_CONFIRM_MESSAGES.deleteRestaurant.title,
          message: ADMIN_CONFIRM_MESSAGES.deleteRestaurant.message(pending.restaurant.name),
          confirmLabel: ADMIN_CONFIRM_MESSAGES.confirm,
        }
      : {
          type: 'warning' as const,
          title: ADMIN_CONFIRM_MESSAGES.clearRestaurants.title,
          message: ADMIN_CONFIRM_MESSAGES.clearRestaurants.message(
            campusLabel(universities.data, pending?.campusId ?? ''),
          ),
          confirmLabel: ADMIN_CONFIRM_MESSAGES.clear,
        };

  return (
    <section aria-labelledby={titleId} className="space-y-6">
      <h2 id={titleId} className="text-xl font-semibold">
        Restaurants
      </h2>
      {universities.isError && (
        <LoadFailure error={universities.error} onRetry={() => universities.refetch()} />
      )}

      <form
        onSubmit={submit}
        noValidate
        aria-label={editing ? 'Edit restaurant' : 'Add restaurant'}
        className="space-y-4 rounded-lg border border-gray-300 bg-white p-4"
      >
        <h3 className="text-lg font-semibold">{editing ? 'Edit Restaurant' : 'Add Restaurant'}</h3>
        {failure && <Alert>{failure}</Alert>}
        <div className="grid gap-4 sm:grid-cols-2">
          {all && (
            <>
              <UniversitySelect
                universities={universities.data}
                emptyLabel="Select University"
                {...form.register('universityId', {
                  onChange: () => form.setValue('campusId', ''),
                })}
              />
              <CampusSelect
                universities={universities.data}
                universityId={formUniversityId}
                emptyLabel="Select Campus"
                {...form.register('campusId')}
              />
            </>
          )}
          <TextField label="Restaurant Name" autoComplete="off" {...form.register('name')} />
          <TextField label="Location" autoComplete="off" {...form.register('location')} />
          <TextField label="Cuisine" autoComplete="off" {...form.register('cuisine')} />
          <TextField
            label="Opening Time"
            placeholder="e.g. 10:00 AM"
            autoComplete="off"
            {...form.register('openTime')}
          />
          <TextField
            label="Closing Time"
            placeholder="e.g. 10:00 PM"
            autoComplete="off"
            {...form.register('closeTime')}
          />
          <label className="flex items-center gap-2 self-end pb-2 text-sm font-medium text-gray-800">
            <input
              type="checkbox"
              className="size-4 accent-orange-700"
              {...form.register('is24x7')}
            />
            Open 24/7
          </label>
        </div>
        <div className="grid gap-2 sm:grid-cols-2">
          <FormActions
            noun="Restaurant"
            editing={editing}
            busy={form.formState.isSubmitting}
            onCancel={toAddMode}
          />
        </div>
      </form>

      <div className="space-y-4">
        {all && (
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            <CampusFilter
              universities={universities.data}
              universityId={filter.universityId}
              campusId={filter.campusId}
              onChange={(next) => setFilter(next)}
            />
            <div className="flex items-end">
              <button
                type="button"
                className={bulkDangerButton}
                disabled={filter.campusId === '' || (restaurants.data?.length ?? 0) === 0}
                onClick={() => setPending({ kind: 'clear', campusId: filter.campusId })}
              >
                Clear all restaurants
              </button>
            </div>
          </div>
        )}
        <SearchBox
          label="Search restaurants"
          placeholder="Search by name, cuisine or location"
          value={search}
          onChange={setSearch}
        />
        {listFailure && <Alert>{listFailure}</Alert>}
        <AdminListState
          query={restaurants}
          count={shown.length}
          emptyMessage={EMPTY_LIST_MESSAGES.restaurants}
          loadingTitle="Loading restaurants..."
        >
          <ul className="divide-y divide-gray-200 rounded-lg border border-gray-300 bg-white">
            {shown.map((restaurant) => {
              const isSelected = restaurant.id === selected;
              return (
                <li
                  key={restaurant.id}
                  className={`flex flex-col gap-3 p-4 sm:flex-row sm:items-center ${isSelected ? 'bg-orange-50' : ''}`}
                >
                  <button
                    type="button"
                    aria-pressed={isSelected}
                    onClick={() => select(restaurant.id)}
                    className="min-w-0 flex-1 rounded text-left focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-700"
                  >
                    <span className="block font-medium text-gray-900">{restaurant.name}</span>
                    <span className="block text-sm text-gray-700">
                      {restaurant.cuisine} · {restaurant.location} ·{' '}
                      {restaurant.is24x7
                        ? HOURS_MESSAGES.open24x7
                        : `${restaurant.openTime ?? ''} - ${restaurant.closeTime ?? ''}`}
                    </span>
                    {all && (
                      <span className="block text-sm text-gray-700">
                        {campusLabel(universities.data, restaurant.campusId)}
                      </span>
                    )}
                  </button>
                  <div className="flex gap-2">
                    <RowActions
                      name={restaurant.name}
                      onEdit={() => edit(restaurant)}
                      onDelete={() => setPending({ kind: 'one', restaurant })}
                    />
                  </div>
                </li>
              );
            })}
          </ul>
        </AdminListState>
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
