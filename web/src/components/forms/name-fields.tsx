import type { UseFormRegisterReturn } from 'react-hook-form';
import { TextField } from './form-field';

/** A name field's registration, and what is wrong with its value. */
type NameField = UseFormRegisterReturn & { error?: string };

/** First and last name side by side, as sign-up and checkout ask for them. */
export function NameFields({ first, last }: { first: NameField; last: NameField }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField label="First Name" autoComplete="given-name" required {...first} />
      <TextField label="Last Name" autoComplete="family-name" required {...last} />
    </div>
  );
}
