import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef } from 'react';

/**
 * A modal the browser keeps modal (<dialog> opened with showModal: the rest of the page is inert,
 * the focus stays inside), named by its title. It is shown while mounted; Escape, the browser's
 * own cancel and a click on the backdrop call `onClose`. The focus goes back to where it was.
 */
export function ModalDialog({
  title,
  titleHidden = false,
  onClose,
  className = '',
  children,
}: {
  title: string;
  /** Names the dialog for screen readers without showing the heading (a picture's lightbox). */
  titleHidden?: boolean;
  onClose(): void;
  className?: string;
  children: ReactNode;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const element = dialog.current;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (element && !element.open) element.showModal();
    // Browsers focus the first control as the dialog opens; make sure of it everywhere.
    if (element && !element.contains(document.activeElement)) {
      (
        element.querySelector<HTMLElement>('[autofocus], button, input, textarea, select') ??
        element
      ).focus();
    }
    return () => {
      if (element?.open) element.close();
      if (previous?.isConnected) previous.focus();
    };
  }, []);

  function onKeyDown(event: KeyboardEvent<HTMLDialogElement>) {
    if (event.key !== 'Escape') return;
    // The app closes it (not every engine's <dialog> does): one close, in React's state.
    event.preventDefault();
    event.stopPropagation();
    onClose();
  }

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      onKeyDown={onKeyDown}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        // A click on the backdrop lands on the <dialog> itself, never on its content.
        if (event.target === event.currentTarget) onClose();
      }}
      className={`m-auto rounded-lg bg-white p-0 shadow-xl backdrop:bg-black/60 ${className}`}
    >
      <div className="p-6">
        <h2 id={titleId} className={titleHidden ? 'sr-only' : 'mb-4 text-lg font-semibold'}>
          {title}
        </h2>
        {children}
      </div>
    </dialog>
  );
}
