import { useState } from 'react';

/**
 * A button that copies a text to the clipboard, then says so; nothing where the browser gives no
 * clipboard (the text beside it can still be selected). `what` names the text for screen readers.
 */
export function CopyButton({ text, what }: { text: string; what: string }) {
  const [copied, setCopied] = useState(false);
  if (!navigator.clipboard) return null;
  const copy = () =>
    navigator.clipboard.writeText(text).then(
      () => setCopied(true),
      (failure: unknown) => console.warn(`Could not copy the ${what}`, failure),
    );
  return (
    <button
      type="button"
      onClick={copy}
      className="rounded border border-orange-700 px-2 py-0.5 text-xs font-medium text-orange-800 hover:bg-orange-100 focus-visible:outline-2 focus-visible:outline-orange-700"
    >
      {copied ? 'Copied' : 'Copy'}
      <span className="sr-only"> {what}</span>
    </button>
  );
}
