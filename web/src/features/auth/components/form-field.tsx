import type { ComponentProps, ReactNode } from 'react';

const inputClass =
  'mt-1 block w-full rounded border border-gray-400 px-3 py-2 focus-visible:outline-2 focus-visible:outline-orange-700 disabled:bg-gray-100';

/** A labelled input with an optional hint below it. */
export function TextField({
  label,
  hint,
  ...input
}: { label: string; hint?: ReactNode } & ComponentProps<'input'>) {
  return (
    <label className="block text-sm font-medium text-gray-800">
      {label}
      <input className={inputClass} {...input} />
      {hint}
    </label>
  );
}

/** A labelled select. */
export function SelectField({
  label,
  children,
  ...select
}: { label: string; children: ReactNode } & ComponentProps<'select'>) {
  return (
    <label className="block text-sm font-medium text-gray-800">
      {label}
      <select className={inputClass} {...select}>
        {children}
      </select>
    </label>
  );
}
