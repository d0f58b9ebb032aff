import type { ReactNode } from 'react';
import { ConfirmDialog, type ConfirmDialogProps } from '@/components/ui/confirm-dialog';

/**
 * A tab of the super admin dashboard: its heading, its form column beside its list (after it
 * with `formLast`), and the confirm dialog of its deletions.
 */
export function TabSection({
  title,
  headingId,
  crud,
  notices,
  form,
  formLast = false,
  children,
}: {
  title: string;
  headingId: string;
  crud: { dialog: ConfirmDialogProps };
  /** What the last change left to say, above the form and the list. */
  notices?: ReactNode;
  form: ReactNode;
  formLast?: boolean;
  /** The list, with what goes above it. */
  children: ReactNode;
}) {
  const columns = formLast
    ? 'lg:grid-cols-[1fr_minmax(0,22rem)]'
    : 'lg:grid-cols-[minmax(0,22rem)_1fr]';
  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <h2 id={headingId} className="text-xl font-semibold">
        {title}
      </h2>
      {notices}
      <div className={`grid gap-6 ${columns}`}>
        {!formLast && <div className="space-y-6">{form}</div>}
        <div className="min-w-0 space-y-4">{children}</div>
        {formLast && form}
      </div>
      <ConfirmDialog {...crud.dialog} />
    </section>
  );
}
