import type { TAdminUniversity } from '@campus/shared/domain/admin-api';
import type { TCampusFormValues } from '@campus/shared/domain/admin-forms';
import { TextField } from '@/components/forms/form-field';
import type { TCrudManager } from '../../hooks/use-crud-manager';
import { CrudForm } from '../crud-form';
import { OptionSelect } from '../place-selects';

/** The campus form: its university, name, location and the pay-to account of its checkout. */
export function CampusForm({
  crud,
  universities,
}: {
  crud: TCrudManager<TCampusFormValues>;
  universities: readonly TAdminUniversity[];
}) {
  const { form } = crud;
  return (
    <CrudForm crud={crud} noun="Campus" headingId="campus-form-heading">
      {/* A campus stays with its university (the api refuses a move), so editing keeps it. */}
      <OptionSelect
        label="University"
        options={universities}
        emptyLabel="Select University"
        required
        {...form.register('universityId')}
        disabled={crud.editing}
      />
      <TextField label="Campus Name" required {...form.register('name')} />
      <TextField label="Location (optional)" {...form.register('location')} />
      <fieldset className="space-y-3 rounded border border-gray-200 p-3">
        <legend className="px-1 text-sm font-semibold text-gray-800">
          Pay-to account (optional)
        </legend>
        <p className="text-sm text-gray-700">
          The account shown to students of this campus at checkout. Leave all three empty to use the
          default account.
        </p>
        <TextField label="Account Title" {...form.register('payToAccountTitle')} />
        <TextField label="Bank Name" {...form.register('payToBankName')} />
        <TextField
          label="Account Number"
          inputMode="numeric"
          {...form.register('payToAccountNumber')}
        />
      </fieldset>
    </CrudForm>
  );
}
