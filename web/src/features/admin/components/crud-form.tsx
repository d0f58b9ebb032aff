import type { FormEvent, ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { TextField } from '@/components/forms/form-field';
import { Alert } from '@/components/ui/alert';
import { FormActions } from './admin-controls';

/** A card of an admin screen (a form, a university with its campuses, the filters). */
export const card = 'space-y-4 rounded-lg border border-gray-200 bg-white p-4 shadow-sm sm:p-6';

/** What the frame needs of useCrudManager. */
type FormState = {
  editing: boolean;
  failure: string | null;
  submit(event: FormEvent): Promise<void>;
  toAddMode(): void;
  form: { formState: { isSubmitting: boolean } };
};

/**
 * An admin form in add or edit mode (docs/product.md §4): 'Add X' or 'Edit X' above it, the failure
 * of its checks or its save, its fields, then 'Add X' or 'Update X' and Cancel, which empties it.
 */
export function CrudForm({
  crud,
  noun,
  headingId,
  columns = false,
  disabled,
  children,
}: {
  crud: FormState;
  noun: string;
  /** The heading's id, where the tab names its form by it; else the form's name is 'Add x'. */
  headingId?: string;
  /** Fields and buttons in two columns (a form as wide as the screen). */
  columns?: boolean;
  /** Holds the submit back (a photo still uploading). */
  disabled?: boolean;
  children: ReactNode;
}) {
  const mode = crud.editing ? 'Edit' : 'Add';
  const grid = columns ? 'grid gap-4 sm:grid-cols-2' : 'space-y-4';
  return (
    <form
      onSubmit={crud.submit}
      noValidate
      className={card}
      aria-labelledby={headingId}
      aria-label={headingId ? undefined : `${mode} ${noun.toLowerCase()}`}
    >
      <h3 id={headingId} className="text-lg font-semibold">
        {mode} {noun}
      </h3>
      {crud.failure && <Alert>{crud.failure}</Alert>}
      <div className={grid}>{children}</div>
      <div className={columns ? 'grid gap-2 sm:grid-cols-2' : 'space-y-4'}>
        <FormActions
          noun={noun}
          editing={crud.editing}
          busy={crud.form.formState.isSubmitting}
          disabled={disabled}
          onCancel={crud.toAddMode}
        />
      </div>
    </form>
  );
}

/** A field typed to a pattern (a price, a stock count, a time), with an example as placeholder. */
export function ExampleField({
  label,
  example,
  inputMode,
  ...registration
}: UseFormRegisterReturn & {
  label: string;
  example: string;
  inputMode?: 'decimal' | 'numeric';
}) {
  return (
    <TextField
      label={label}
      inputMode={inputMode}
      placeholder={`e.g. ${example}`}
      autoComplete="off"
      {...registration}
    />
  );
}
