import { ADMIN_CONFIRM_MESSAGES } from '@campus/shared/domain/screen-messages';
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef } from 'react';

/** How serious the confirmed action is: it picks the colours of the dialog and its button. */
export type ConfirmDialogType = 'danger' | 'warning' | 'info';

export type ConfirmDialogProps = {
  open: boolean;
  title: string;
  message: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  type: ConfirmDialogType;
  onConfirm(): void;
  onCancel(): void;
  /** While the confirmed action runs: both buttons are disabled and Escape does nothing. */
  busy?: boolean;
  /** A field the dialog asks for beside its message (an optional reason), above the buttons. */
  children?: ReactNode;
};

// Colours chosen for at least 4.5:1 contrast of the text on its background.
const TONES: Record<ConfirmDialogType, { icon: string; badge: string; confirm: string }> = {
  danger: {
    icon: '!',
    badge: 'bg-red-100 text-red-800',
    confirm: 'bg-red-700 hover:bg-red-800 focus-visible:outline-red-700',
  },
  warning: {
    icon: '!',
    badge: 'bg-amber-100 text-amber-900',
    confirm: 'bg-amber-800 hover:bg-amber-900 focus-visible:outline-amber-800',
  },
  info: {
    icon: 'i',
    badge: 'bg-blue-100 text-blue-800',
    confirm: 'bg-blue-700 hover:bg-blue-800 focus-visible:outline-blue-700',
  },
};

const FOCUSABLE =
  'button:not(:disabled), input:not(:disabled), textarea:not(:disabled), select:not(:disabled)';

/**
 * The modal that asks before an action (every admin deletion): title, message, confirm and
 * cancel. Cancel has the focus when it opens, so Enter never deletes by accident; Escape cancels;
 * Tab stays inside the dialog; the focus goes back to where it was when it closes.
 */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel = ADMIN_CONFIRM_MESSAGES.confirm,
  cancelLabel = ADMIN_CONFIRM_MESSAGES.cancel,
  type,
  onConfirm,
  onCancel,
  busy = false,
  children,
}: ConfirmDialogProps) {
  const titleId = useId();
  const messageId = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    cancelRef.current?.focus();
    return () => previous?.focus();
  }, [open]);

  if (!open) return null;
  const tone = TONES[type];

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.stopPropagation();
      if (!busy) onCancel();
      return;
    }
    if (event.key !== 'Tab') return;
    // Tab and Shift+Tab go round the dialog's controls (its field, then the two buttons) and
    // never leave it.
    const controls = event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE);
    const first = controls[0];
    const last = controls[controls.length - 1];
    if (!first || !last) return;
    const active = document.activeElement;
    if (event.shiftKey && active === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return (
    <div className="fixed inset-0 z-50 flex items-end justify-center bg-black/50 p-4 sm:items-center">
      <div
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={messageId}
        aria-busy={busy || undefined}
        data-type={type}
        onKeyDown={onKeyDown}
        className="w-full max-w-md rounded-lg bg-white p-6 shadow-xl"
      >
        <div className="flex items-start gap-4">
          <span
            aria-hidden="true"
            className={`flex size-10 shrink-0 items-center justify-center rounded-full text-lg font-bold ${tone.badge}`}
          >
            {tone.icon}
          </span>
          <div className="min-w-0">
            <h2 id={titleId} className="text-lg font-semibold text-gray-900">
              {title}
            </h2>
            <div id={messageId} className="mt-2 text-gray-700">
              {message}
            </div>
          </div>
        </div>
        {children && <div className="mt-4">{children}</div>}
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button
            ref={cancelRef}
            type="button"
            onClick={onCancel}
            disabled={busy}
            className="inline-flex items-center justify-center rounded border border-gray-400 bg-white px-4 py-2 font-medium text-gray-800 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-700 disabled:cursor-not-allowed disabled:text-gray-600"
          >
            {cancelLabel}
          </button>
          <button
            type="button"
            onClick={onConfirm}
            disabled={busy}
            className={`inline-flex items-center justify-center rounded px-4 py-2 font-medium text-white focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:bg-gray-300 disabled:text-gray-700 ${tone.confirm}`}
          >
            {confirmLabel}
          </button>
        </div>
      </div>
    </div>
  );
}
