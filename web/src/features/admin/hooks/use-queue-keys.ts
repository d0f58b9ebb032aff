import { useEffect, useRef } from 'react';

/** The one-key commands of a queue, by the key's letter (lower case). */
export type QueueKeyHandlers = Record<string, () => void>;

/** Whether the key press is someone typing: in a field, a select or editable text. */
function isTyping(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || target.closest('input, textarea, select') !== null)
  );
}

/** Whether a dialog is open: the keys then belong to it. */
function dialogOpen(): boolean {
  return (
    document.querySelector('dialog[open], [role="dialog"]:not(dialog), [role="alertdialog"]') !==
    null
  );
}

/**
 * One-key commands for the whole page while it is mounted (J/K to move, V to verify...), ignored
 * while typing in a field, with a dialog open, with Ctrl, Alt or Meta held (the browser's), and
 * when the key is held down (its repeats).
 */
export function useQueueKeys(handlers: QueueKeyHandlers): void {
  // The latest handlers, without adding and removing the listener at every render.
  const current = useRef(handlers);
  current.current = handlers;
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.altKey || event.metaKey) return;
      // A held key acts once: holding V must not verify the orders after this one unseen.
      if (event.repeat) return;
      if (isTyping(event.target) || dialogOpen()) return;
      const handler = current.current[event.key.toLowerCase()];
      if (!handler) return;
      // Nothing else happens with the key (no letter typed where the focus lands next).
      event.preventDefault();
      handler();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}
