import { useId } from 'react';

/**
 * A search field with an accessible name (the visually hidden label) and the given placeholder,
 * set smaller on phones (12 px) so the spec's long placeholders fit even in a wide font; typed text
 * keeps 16 px, so phones do not zoom in on focus.
 */
export function SearchBox({
  label,
  placeholder,
  value,
  onChange,
}: {
  label: string;
  placeholder: string;
  value: string;
  onChange(value: string): void;
}) {
  const id = useId();
  return (
    <div className="max-w-xl">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input
        id={id}
        type="search"
        value={value}
        placeholder={placeholder}
        onChange={(event) => onChange(event.target.value)}
        className="w-full rounded border border-gray-400 bg-white px-3 py-2 placeholder:text-xs placeholder:text-gray-600 sm:placeholder:text-base focus:border-orange-700 focus:outline-2 focus:outline-offset-1 focus:outline-orange-700"
      />
    </div>
  );
}
