import type { TAdminUniversity } from '@campus/shared/domain/admin-api';
import { useEffect } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { SelectField } from '@/components/forms/form-field';
import { campusesOf } from '../utils/campuses';

// The university, campus and restaurant selects of the admin forms and list filters.

type SelectProps = Omit<Parameters<typeof SelectField>[0], 'children'>;

/** A select of named records; `emptyLabel` is its first option ('All universities' in a filter). */
export function OptionSelect({
  options,
  emptyLabel,
  ...select
}: SelectProps & {
  options: readonly { id: string; name: string }[] | undefined;
  emptyLabel: string;
}) {
  return (
    <SelectField {...select}>
      <option value="">{emptyLabel}</option>
      {options?.map((option) => (
        <option key={option.id} value={option.id}>
          {option.name}
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
      <OptionSelect
        label="Filter by university"
        options={universities}
        emptyLabel="All universities"
        value={universityId}
        onChange={(event) => onChange({ universityId: event.target.value, campusId: '' })}
      />
      <OptionSelect
        label="Filter by campus"
        options={campusesOf(universities, universityId)}
        emptyLabel="All campuses"
        value={campusId}
        disabled={universityId === ''}
        onChange={(event) => onChange({ universityId, campusId: event.target.value })}
      />
    </>
  );
}

/** What the place fields need of an admin form (react-hook-form's, of any form with a place). */
type PlaceForm = {
  register(name: 'universityId' | 'campusId', options: { onChange(): void }): UseFormRegisterReturn;
  setValue(name: 'campusId', value: string): void;
};

/**
 * The university and campus of a record in an admin form. Choosing a university clears the
 * campus (and, through `onChange`, what depends on it, like the restaurant of a menu item).
 */
export function PlaceFields({
  form,
  values,
  universities,
  required,
  onChange = () => undefined,
}: {
  form: PlaceForm;
  /** The form's values now. */
  values: { universityId?: string | null; campusId?: string | null };
  universities: readonly TAdminUniversity[] | undefined;
  required?: boolean;
  onChange?(): void;
}) {
  const universityId = values.universityId ?? '';
  const campusId = values.campusId ?? '';
  // The campus select is uncontrolled: once the chosen university's campuses are its options,
  // show the campus the form holds (opening a record for editing sets both at once).
  useEffect(() => {
    if (universityId && universities) form.setValue('campusId', campusId);
  }, [universityId, campusId, universities, form]);
  return (
    <>
      <OptionSelect
        label="University"
        options={universities}
        emptyLabel="Select University"
        required={required}
        {...form.register('universityId', {
          onChange: () => {
            form.setValue('campusId', '');
            onChange();
          },
        })}
      />
      <OptionSelect
        label="Campus"
        options={campusesOf(universities, universityId)}
        emptyLabel="Select Campus"
        required={required}
        disabled={!universityId}
        {...form.register('campusId', { onChange })}
      />
    </>
  );
}
