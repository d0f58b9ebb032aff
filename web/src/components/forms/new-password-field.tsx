import type { ComponentProps } from 'react';
import { TextField } from './form-field';

/** A password being chosen (sign-up, a reset, an account an admin creates): browsers may suggest one. */
export function NewPasswordField(props: Omit<ComponentProps<typeof TextField>, 'type'>) {
  return <TextField type="password" autoComplete="new-password" {...props} />;
}
