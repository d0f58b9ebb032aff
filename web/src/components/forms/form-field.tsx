import { type ComponentProps, type ReactNode, useId } from 'react';

const labelClass = 'block text-sm font-medium text-gray-800';
const inputClass =
  'mt-1 block w-full rounded border border-gray-400 px-3 py-2 placeholder:text-gray-600 focus-visible:outline-2 focus-visible:outline-orange-700 disabled:bg-gray-100';

type FieldProps = {
  label: ReactNode;
  hint?: ReactNode;
  /** What is wrong with the value: shown under the control, which is marked invalid. */
  error?: string;
};

/**
 * The label, the control, its message and the hint of a field. The hint and the message stay out
 * of the label, so the control's name is just its label; they are the control's description.
 */
function Field({
  label,
  hint,
  error,
  id,
  control,
}: FieldProps & {
  id: string | undefined;
  control: (props: {
    id: string;
    'aria-describedby': string | undefined;
    'aria-invalid': true | undefined;
  }) => ReactNode;
}) {
  const ownId = useId();
  const controlId = id ?? ownId;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const hasHint = hint !== undefined && hint !== null && hint !== false && hint !== '';
  const describedBy = [error ? errorId : null, hasHint ? hintId : null].filter(Boolean).join(' ');
  return (
    <div>
      <label htmlFor={controlId} className={labelClass}>
        {label}
      </label>
      {control({
        id: controlId,
        'aria-describedby': describedBy || undefined,
        'aria-invalid': error ? true : undefined,
      })}
      {error && (
        <p id={errorId} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
      {hasHint && <div id={hintId}>{hint}</div>}
    </div>
  );
}

/**
 * A labelled input with an optional message and hint below it; `className` adds to the input's
 * classes.
 */
export function TextField({
  label,
  hint,
  error,
  className,
  id,
  ...input
}: FieldProps & ComponentProps<'input'>) {
  const classes = className ? `${inputClass} ${className}` : inputClass;
  return (
    <Field
      label={label}
      hint={hint}
      error={error}
      id={id}
      control={(props) => <input {...props} className={classes} {...input} />}
    />
  );
}

/** A labelled multi-line text input with an optional message and hint below it. */
export function TextAreaField({
  label,
  hint,
  error,
  id,
  ...textarea
}: FieldProps & ComponentProps<'textarea'>) {
  return (
    <Field
      label={label}
      hint={hint}
      error={error}
      id={id}
      control={(props) => <textarea {...props} className={inputClass} {...textarea} />}
    />
  );
}

/** A labelled select with an optional message and hint below it. */
export function SelectField({
  label,
  hint,
  error,
  id,
  children,
  ...select
}: FieldProps & { children: ReactNode } & ComponentProps<'select'>) {
  return (
    <Field
      label={label}
      hint={hint}
      error={error}
      id={id}
      control={(props) => (
        <select {...props} className={inputClass} {...select}>
          {children}
        </select>
      )}
    />
  );
}

/** A field's hint as the forms show it: small, under the control, in the label's weight reset. */
export const fieldHint = (text: string) => (
  <span className="mt-1 block text-xs font-normal text-gray-700">{text}</span>
);
