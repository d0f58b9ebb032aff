import { type ComponentProps, type ReactNode, useId } from 'react';

const labelClass = 'block text-sm font-medium text-gray-800';
const inputClass =
  'mt-1 block w-full rounded border border-gray-400 px-3 py-2 placeholder:text-gray-600 focus-visible:outline-2 focus-visible:outline-orange-700 disabled:bg-gray-100';

type FieldProps = { label: ReactNode; hint?: ReactNode };

/**
 * The label, the control and the hint of a field. The hint stays out of the label, so the
 * control's name is just its label; it is the control's description instead.
 */
function Field({
  label,
  hint,
  id,
  control,
}: FieldProps & {
  id: string | undefined;
  control: (props: { id: string; 'aria-describedby': string | undefined }) => ReactNode;
}) {
  const ownId = useId();
  const controlId = id ?? ownId;
  const hintId = `${controlId}-hint`;
  const hasHint = hint !== undefined && hint !== null && hint !== false && hint !== '';
  return (
    <div>
      <label htmlFor={controlId} className={labelClass}>
        {label}
      </label>
      {control({ id: controlId, 'aria-describedby': hasHint ? hintId : undefined })}
      {hasHint && <div id={hintId}>{hint}</div>}
    </div>
  );
}

/** A labelled input with an optional hint below it; `className` adds to the input's classes. */
export function TextField({
  label,
  hint,
  className,
  id,
  ...input
}: FieldProps & ComponentProps<'input'>) {
  const classes = className ? `${inputClass} ${className}` : inputClass;
  return (
    <Field
      label={label}
      hint={hint}
      id={id}
      control={(props) => <input {...props} className={classes} {...input} />}
    />
  );
}

/** A labelled multi-line text input with an optional hint below it. */
export function TextAreaField({
  label,
  hint,
  id,
  ...textarea
}: FieldProps & ComponentProps<'textarea'>) {
  return (
    <Field
      label={label}
      hint={hint}
      id={id}
      control={(props) => <textarea {...props} className={inputClass} {...textarea} />}
    />
  );
}

/** A labelled select. */
export function SelectField({
  label,
  children,
  ...select
}: { label: string; children: ReactNode } & ComponentProps<'select'>) {
  return (
    <label className={labelClass}>
      {label}
      <select className={inputClass} {...select}>
        {children}
      </select>
    </label>
  );
}
