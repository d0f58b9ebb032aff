import type { UseFormRegisterReturn } from 'react-hook-form';
import { TextField } from './form-field';

/** First and last name side by side, as sign-up and checkout ask for them. */
export function NameFields({
  first,
  last,
}: {
  first: UseFormRegisterReturn;
  last: UseFormRegisterReturn;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField label="First Name" autoComplete="given-name" required {...first} />
      <TextField label="Last Name" autoComplete="family-name" required {...last} />
    </div>
  );
}
