import type { TMenuItemFormValues } from '@campus/shared/domain/admin-forms';
import type { TRestaurant } from '@campus/shared/domain/entities';
import { useState } from 'react';
import type { TCatalogueScope } from '../../hooks/use-catalogue-scope';
import type { TCrudManager } from '../../hooks/use-crud-manager';
import { CrudForm } from '../crud-form';
import { ItemFields } from '../item-fields';
import { OptionSelect, PlaceFields } from '../place-selects';

/**
 * The menu item form: its restaurant (super admin only; the campus dashboard adds to the
 * restaurant selected there), then the item's fields and photo.
 */
export function MenuItemForm({
  crud,
  catalogue,
  restaurantsOf,
}: {
  crud: TCrudManager<TMenuItemFormValues>;
  catalogue: TCatalogueScope;
  restaurantsOf(campusId: string): readonly TRestaurant[] | undefined;
}) {
  const { form, values } = crud;
  const [uploading, setUploading] = useState(false);
  return (
    <CrudForm crud={crud} noun="Menu Item" columns disabled={uploading}>
      {catalogue.all && (
        <>
          <PlaceFields
            form={form}
            values={values}
            universities={catalogue.universities.data}
            onChange={() => form.setValue('restaurantId', '')}
          />
          <OptionSelect
            label="Restaurant"
            options={restaurantsOf(values.campusId ?? '')}
            emptyLabel="Select Restaurant"
            {...form.register('restaurantId')}
          />
        </>
      )}
      <ItemFields crud={crud} purpose="menu-photo" onUploading={setUploading} />
    </CrudForm>
  );
}
