import type { TAdminUniversity } from '@campus/shared/domain/admin-api';
import type { TDomainFormValues } from '@campus/shared/domain/admin-forms';
import { TextField } from '@/components/forms/form-field';
import type { TCrudManager } from '../../hooks/use-crud-manager';
import { CrudForm } from '../crud-form';
import { PlaceFields } from '../place-selects';

/** The allowed domain form: the campus it is for, a name, and the domain (a leading @ is added). */
export function DomainForm({
  crud,
  universities,
}: {
  crud: TCrudManager<TDomainFormValues>;
  universities: readonly TAdminUniversity[] | undefined;
}) {
  const { form } = crud;
  return (
    <CrudForm crud={crud} noun="Domain" headingId="domain-form-heading">
      <PlaceFields form={form} values={crud.values} universities={universities} required />
      <TextField label="Name" required {...form.register('name')} />
      <TextField
        label="Domain"
        required
        placeholder="@university.edu.pk"
        hint={
          <span className="mt-1 block text-xs text-gray-700">
            A leading @ is added when missing.
          </span>
        }
        {...form.register('domain')}
      />
    </CrudForm>
  );
}
