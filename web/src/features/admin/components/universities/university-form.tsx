import type { TUniversityFormValues } from '@campus/shared/domain/admin-forms';
import { TextField } from '@/components/forms/form-field';
import type { TCrudManager } from '../../hooks/use-crud-manager';
import { CrudForm } from '../crud-form';

/** The university form: its name. */
export function UniversityForm({ crud }: { crud: TCrudManager<TUniversityFormValues> }) {
  return (
    <CrudForm crud={crud} noun="University" headingId="university-form-heading">
      <TextField label="University Name" required {...crud.form.register('name')} />
    </CrudForm>
  );
}
