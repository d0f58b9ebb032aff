import type { TMartItemFormValues } from '@campus/shared/domain/admin-forms';
import { useState } from 'react';
import { TextField } from '@/components/forms/form-field';
import type { TCatalogueScope } from '../../hooks/use-catalogue-scope';
import type { TCrudManager } from '../../hooks/use-crud-manager';
import { CrudForm, ExampleField } from '../crud-form';
import { ItemFields } from '../item-fields';
import { PlaceFields } from '../place-selects';

/** The mart item form: its campus (super admin only), the item's fields, category and stock. */
export function MartItemForm({
  crud,
  catalogue,
}: {
  crud: TCrudManager<TMartItemFormValues>;
  catalogue: TCatalogueScope;
}) {
  const [uploading, setUploading] = useState(false);
  const { form } = crud;
  return (
    <CrudForm crud={crud} noun="Mart Item" columns disabled={uploading}>
      {catalogue.all && (
        <PlaceFields form={form} values={crud.values} universities={catalogue.universities.data} />
      )}
      <ItemFields crud={crud} purpose="mart-photo" onUploading={setUploading}>
        <TextField label="Category" autoComplete="off" {...form.register('category')} />
        <ExampleField label="Stock" example="12" inputMode="numeric" {...form.register('stock')} />
      </ItemFields>
    </CrudForm>
  );
}
