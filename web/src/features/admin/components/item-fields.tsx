import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { TextAreaField, TextField } from '@/components/forms/form-field';
import type { CatalogPhotoPurpose } from '../api/catalog-photos';
import { ExampleField } from './crud-form';
import { PhotoField } from './photo-field';

/** What the item fields need of useCrudManager (a menu item's or a mart item's). */
type ItemCrud = {
  form: {
    register(name: 'name' | 'price' | 'description'): UseFormRegisterReturn;
    setValue(name: 'photoURL', value: string, options: { shouldDirty: boolean }): void;
    formState: { defaultValues?: unknown };
  };
  values: { name?: string | null; photoURL?: string | null };
  resets: number;
  setFailure(message: string | null): void;
};

/**
 * The fields every catalogue item has: name, price in rupees, what `children` add (a mart item's
 * category and stock), description and a photo, compressed and uploaded as soon as it is chosen.
 */
export function ItemFields({
  crud,
  purpose,
  onUploading,
  children,
}: {
  crud: ItemCrud;
  purpose: CatalogPhotoPurpose;
  onUploading(busy: boolean): void;
  children?: ReactNode;
}) {
  const { form, values } = crud;
  return (
    <>
      <TextField label="Item Name" autoComplete="off" {...form.register('name')} />
      <ExampleField
        label="Price (Rs)"
        example="250"
        inputMode="decimal"
        {...form.register('price')}
      />
      {children}
      <div className="sm:col-span-2">
        <TextAreaField label="Description" rows={2} {...form.register('description')} />
      </div>
      <div className="sm:col-span-2">
        <PhotoField
          purpose={purpose}
          item={{ resets: crud.resets, values: form.formState.defaultValues }}
          value={values.photoURL ?? ''}
          alt={values.name ?? ''}
          onChange={(url) => form.setValue('photoURL', url, { shouldDirty: true })}
          onError={crud.setFailure}
          onBusyChange={onUploading}
        />
      </div>
    </>
  );
}
