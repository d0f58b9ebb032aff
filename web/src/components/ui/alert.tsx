import type { ReactNode } from 'react';

/** The red alert that carries load and form errors. */
export function Alert({ children }: { children: ReactNode }) {
  return (
    <div role="alert" className="rounded border border-red-300 bg-red-50 px-4 py-3 text-red-800">
      {children}
    </div>
  );
}
