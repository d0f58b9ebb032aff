import type { ReactNode } from 'react';

/** The green message that confirms a finished action. */
export function SuccessNotice({ children }: { children: ReactNode }) {
  return (
    <div
      role="status"
      className="rounded border border-green-300 bg-green-50 px-4 py-3 text-green-800"
    >
      {children}
    </div>
  );
}
