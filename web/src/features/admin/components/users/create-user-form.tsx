import type { TAdminUniversity } from '@campus/shared/domain/admin-api';
import type { TCreateUserFormValues } from '@campus/shared/domain/admin-forms';
import { ROLE_LABELS, ROLES } from '@campus/shared/domain/roles';
import { ADMIN_MESSAGES } from '@campus/shared/domain/screen-messages';
import { SelectField, TextField } from '@/components/forms/form-field';
import { NameFields } from '@/components/forms/name-fields';
import { NewPasswordField } from '@/components/forms/new-password-field';
import { SubmitButton } from '@/components/forms/submit-button';
import { Alert } from '@/components/ui/alert';
import { SuccessNotice } from '@/components/ui/success-notice';
import type { TCrudManager } from '../../hooks/use-crud-manager';
import { cancelButton } from '../admin-controls';
import { card } from '../crud-form';
import { PlaceFields } from '../place-selects';

/**
 * The super admin's new-user form (docs/product.md §5: role campusAdmin unless chosen): the account
 * can sign in at once; Cancel empties it.
 */
export function CreateUserForm({
  crud,
  universities,
  created,
  onCreatedSeen,
}: {
  crud: TCrudManager<TCreateUserFormValues>;
  universities: readonly TAdminUniversity[] | undefined;
  /** The last submit created the user. */
  created: boolean;
  /** The success notice is gone: the form is being sent again or emptied. */
  onCreatedSeen(): void;
}) {
  const { form } = crud;
  return (
    <form
      onSubmit={(event) => {
        onCreatedSeen();
        return crud.submit(event);
      }}
      noValidate
      className={card}
      aria-labelledby="create-user-heading"
    >
      <h3 id="create-user-heading" className="text-lg font-semibold">
        Create User
      </h3>
      {crud.failure && <Alert>{crud.failure}</Alert>}
      {created && <SuccessNotice>{ADMIN_MESSAGES.userCreated}</SuccessNotice>}
      <NameFields first={form.register('firstName')} last={form.register('lastName')} />
      <TextField
        label="Email"
        type="email"
        autoComplete="off"
        required
        {...form.register('email')}
      />
      <NewPasswordField label="Password" required {...form.register('password')} />
      <SelectField label="Role" required {...form.register('role')}>
        {ROLES.map((role) => (
          <option key={role} value={role}>
            {ROLE_LABELS[role]}
          </option>
        ))}
      </SelectField>
      <PlaceFields form={form} values={crud.values} universities={universities} required />
      <SubmitButton
        label="Create User"
        busyLabel="Creating..."
        busy={form.formState.isSubmitting}
      />
      <button
        type="button"
        className={cancelButton}
        onClick={() => {
          onCreatedSeen();
          crud.toAddMode();
        }}
      >
        Cancel
      </button>
    </form>
  );
}
