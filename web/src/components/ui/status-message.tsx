import type { ReactNode } from 'react';

/** A centred notice for empty lists, missing selections and loading texts. */
export function StatusMessage({
  title,
  children,
  busy = false,
}: {
  title: string;
  children?: ReactNode;
  busy?: boolean;
}) {
  return (
    <div
      className="rounded border border-dashed border-gray-300 bg-white px-6 py-10 text-center"
      role="status"
      aria-busy={busy || undefined}
    >
      {busy && (
        <span
          aria-hidden="true"
          className="mx-auto mb-3 block size-8 animate-spin rounded-full border-4 border-orange-200 border-t-orange-700"
        />
      )}
      <p className="text-lg font-medium text-gray-800">{title}</p>
      {children && <div className="mt-1 text-gray-600">{children}</div>}
    </div>
  );
}
