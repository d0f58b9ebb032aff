import { useEffect, useId, useRef } from 'react';
import { primaryButton } from './button-styles';

/**
 * A modal notice with one 'OK' (the app's own, never the browser's alert()): the browser's
 * <dialog> keeps the focus inside while open, closes on Escape and gives the focus back.
 */
export function NoticeDialog({ message, onClose }: { message: string | null; onClose(): void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const messageId = useId();
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (message && !element.open) element.showModal();
    if (!message && element.open) element.close();
  }, [message]);
  return (
    <dialog
      ref={dialog}
      aria-describedby={messageId}
      aria-label="Notice"
      onClose={onClose}
      className="m-auto w-[min(28rem,calc(100%-2rem))] rounded-lg border border-gray-200 bg-white p-6 shadow-xl backdrop:bg-black/40"
    >
      <p id={messageId} className="text-gray-900">
        {message}
      </p>
      <form method="dialog" className="mt-4 flex justify-end">
        {/* biome-ignore lint/a11y/noAutofocus: the dialog's one action takes the focus as it opens. */}
        <button type="submit" autoFocus className={primaryButton}>
          OK
        </button>
      </form>
    </dialog>
  );
}
