import type { TRestaurantFormValues } from '@campus/shared/domain/admin-forms';
import { TextField } from '@/components/forms/form-field';
import type { TCatalogueScope } from '../../hooks/use-catalogue-scope';
import type { TCrudManager } from '../../hooks/use-crud-manager';
import { CrudForm, ExampleField } from '../crud-form';
import { PlaceFields } from '../place-selects';

/**
 * The restaurant form: its campus (super admin only; a campus admin adds to their own), name,
 * location, cuisine, hours and the contact e-mail that gets the batches' pick lists.
 */
export function RestaurantForm({
  crud,
  catalogue,
}: {
  crud: TCrudManager<TRestaurantFormValues>;
  catalogue: TCatalogueScope;
}) {
  const { form } = crud;
  return (
    <CrudForm crud={crud} noun="Restaurant" columns>
      {catalogue.all && (
        <PlaceFields form={form} values={crud.values} universities={catalogue.universities.data} />
      )}
      <TextField label="Restaurant Name" autoComplete="off" {...form.register('name')} />
      <TextField label="Location" autoComplete="off" {...form.register('location')} />
      <TextField label="Cuisine" autoComplete="off" {...form.register('cuisine')} />
      <ExampleField label="Opening Time" example="10:00 AM" {...form.register('openTime')} />
      <ExampleField label="Closing Time" example="10:00 PM" {...form.register('closeTime')} />
      <TextField
        label="Contact e-mail (gets the pick list)"
        type="email"
        autoComplete="off"
        {...form.register('contactEmail')}
      />
      <TextField
        label="Orders per round (empty: no limit)"
        inputMode="numeric"
        autoComplete="off"
        {...form.register('roundCapacity')}
      />
      <label className="flex items-center gap-2 self-end pb-2 text-sm font-medium text-gray-800">
        <input type="checkbox" className="size-4 accent-orange-700" {...form.register('is24x7')} />
        Open 24/7
      </label>
    </CrudForm>
  );
}
