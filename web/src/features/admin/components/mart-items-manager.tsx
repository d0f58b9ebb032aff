import {
  formMode,
  type TMartItemFormValues,
  ZMartItemForm,
} from '@campus/shared/domain/admin-forms';
import type { TMartItem } from '@campus/shared/domain/entities';
import { formatRupeeSign } from '@campus/shared/domain/money';
import {
  ADMIN_CONFIRM_MESSAGES,
  ADMIN_MESSAGES,
  EMPTY_LIST_MESSAGES,
} from '@campus/shared/domain/screen-messages';
import { filterMartItems } from '@campus/shared/domain/search';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { TextAreaField, TextField } from '@/components/forms/form-field';
import { useFormFailure } from '@/components/forms/use-form-failure';
import { Alert } from '@/components/ui/alert';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ItemImage } from '@/components/ui/item-image';
import { LoadFailure } from '@/components/ui/load-failure';
import { SearchBox } from '@/components/ui/search-box';
import {
  createMartItem,
  deleteCampusMartItems,
  deleteMartItem,
  failureText,
  updateMartItem,
  useAdminMartItems,
  useAdminMutation,
  useAdminUniversities,
} from '../api/admin-api';
import { emptyMartItemForm, martItemForm } from '../utils/form-values';
import {
  AdminListState,
  type AdminScope,
  bulkDangerButton,
  CampusFilter,
  CampusSelect,
  campusLabel,
  FormActions,
  PhotoField,
  RowActions,
  UniversitySelect,
} from './admin-controls';

type Pending = { kind: 'one'; item: TMartItem } | { kind: 'clear'; campusId: string };

/**
 * Mart items of one campus (campus admin) or of every campus with filters and a search (super
 * admin): add, edit, delete, a photo per item, and for the super admin, clear a campus's items.
 */
export function MartItemsManager({ scope }: { scope: AdminScope }) {
  const all = scope.kind === 'all';
  const titleId = useId();
  const [filter, setFilter] = useState({ universityId: '', campusId: '' });
  const [search, setSearch] = useState('');
  const [pending, setPending] = useState<Pending | null>(null);
  const [listFailure, setListFailure] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  // Cancel of an add form shows the same empty values again: the count tells PhotoField that the
  // form was reset all the same, so a photo still uploading for what was cancelled is dropped.
  const [resets, setResets] = useState(0);

  const place = all ? filter : { universityId: scope.universityId, campusId: scope.campusId };
  const universities = useAdminUniversities(all);
  const items = useAdminMartItems(place);
  const shown = filterMartItems(items.data ?? [], search);

  const { failure, setFailure, onInvalid } = useFormFailure();
  const form = useForm<TMartItemFormValues, unknown, TMartItemFormValues>({
    resolver: zodResolver(ZMartItemForm, undefined, { raw: true }),
    defaultValues: emptyMartItemForm(place),
  });
  const editing = formMode({ id: form.watch('id') }) === 'edit';
  const formUniversityId = form.watch('universityId') ?? '';
  const photoURL = form.watch('photoURL') ?? '';
  const itemName = form.watch('name') ?? '';

  const save = useAdminMutation((values: TMartItemFormValues) =>
    values.id ? updateMartItem(values.id, values) : createMartItem(values),
  );
  const remove = useAdminMutation(deleteMartItem);
  const clear = useAdminMutation(deleteCampusMartItems);

  function toAddMode() {
    setFailure(null);
    setResets((count) => count + 1);
    form.reset(emptyMartItemForm(place));
  }

  function edit(item: TMartItem) {
    setFailure(null);
    form.reset(martItemForm(item));
  }

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await save.mutateAsync(values);
      form.reset(emptyMartItemForm(place));
    } catch (error) {
      setFailure(failureText(ADMIN_MESSAGES.saveMartItemFailed, error));
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
        await clear.mutateAsync(pending.campusId);
        toAddMode();
      }
    } catch (error) {
      // The spec has one message for both: 'Failed to delete mart item(s)'.
      setListFailure(failureText(ADMIN_MESSAGES.deleteMartItemsFailed, error));
    } finally {
      setPending(null);
    }
  }

  const dialog =
    pending?.kind === 'one'
      ? {
          type: 'danger' as const,
          title: ADMIN_CONFIRM_MESSAGES.deleteMartItem.title,
          message: ADMIN_CONFIRM_MESSAGES.deleteMartItem.message(pending.item.name),
          confirmLabel: ADMIN_CONFIRM_MESSAGES.confirm,
        }
      : {
          type: 'warning' as const,
          title: ADMIN_CONFIRM_MESSAGES.clearMartItems.title,
          message: ADMIN_CONFIRM_MESSAGES.clearMartItems.message(
            campusLabel(universities.data, pending?.campusId ?? ''),
          ),
          confirmLabel: ADMIN_CONFIRM_MESSAGES.clear,
        };

  return (
    <section aria-labelledby={titleId} className="space-y-6">
      <h2 id={titleId} className="text-xl font-semibold">
        Mart Items
      </h2>
      {universities.isError && (
        <LoadFailure error={universities.error} onRetry={() => universities.refetch()} />
      )}

      <form
        onSubmit={submit}
        noValidate
        aria-label={editing ? 'Edit mart item' : 'Add mart item'}
        className="space-y-4 rounded-lg border border-gray-300 bg-white p-4"
      >
        <h3 className="text-lg font-semibold">{editing ? 'Edit Mart Item' : 'Add Mart Item'}</h3>
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
          <TextField label="Item Name" autoComplete="off" {...form.register('name')} />
          <TextField
            label="Price (Rs)"
            inputMode="decimal"
            placeholder="e.g. 250"
            autoComplete="off"
            {...form.register('price')}
          />
          <TextField label="Category" autoComplete="off" {...form.register('category')} />
          <TextField
            label="Stock"
            inputMode="numeric"
            placeholder="e.g. 12"
            autoComplete="off"
            {...form.register('stock')}
          />
          <div className="sm:col-span-2">
            <TextAreaField label="Description" rows={2} {...form.register('description')} />
          </div>
          <div className="sm:col-span-2">
            <PhotoField
              purpose="mart-photo"
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
            noun="Mart Item"
            editing={editing}
            busy={form.formState.isSubmitting}
            disabled={uploading}
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
                disabled={filter.campusId === '' || (items.data?.length ?? 0) === 0}
                onClick={() => setPending({ kind: 'clear', campusId: filter.campusId })}
              >
                Clear all mart items
              </button>
            </div>
          </div>
        )}
        <SearchBox
          label="Search mart items"
          placeholder="Search by name, category or description"
          value={search}
          onChange={setSearch}
        />
        {listFailure && <Alert>{listFailure}</Alert>}
        <AdminListState
          query={items}
          count={shown.length}
          emptyMessage={EMPTY_LIST_MESSAGES.martItems}
          loadingTitle="Loading mart items..."
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
                    {formatRupeeSign(item.price)} · {item.category} · Stock: {item.stock}
                  </p>
                  {item.description && <p className="text-sm text-gray-700">{item.description}</p>}
                  {all && (
                    <p className="text-sm text-gray-700">
                      {campusLabel(universities.data, item.campusId)}
                    </p>
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
