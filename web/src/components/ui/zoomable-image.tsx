import { useState } from 'react';
import { secondaryButton } from './button-styles';
import { ModalDialog } from './modal-dialog';

/**
 * A picture shown large that opens at full size in a lightbox on click (a payment screenshot);
 * Escape, Close or a click beside it closes the lightbox.
 */
export function ZoomableImage({
  src,
  alt,
  className = '',
}: {
  src: string;
  /** What the picture is ('Payment screenshot of Ayesha Khan'): its alt and the lightbox's name. */
  alt: string;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-label={`${alt}: view full size`}
        className={`block cursor-zoom-in overflow-hidden rounded border border-gray-300 bg-gray-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-700 ${className}`}
      >
        <img src={src} alt="" className="mx-auto max-h-full w-full object-contain" />
      </button>
      {open && (
        <ModalDialog
          title={alt}
          titleHidden
          onClose={() => setOpen(false)}
          className="max-h-[95vh] max-w-[95vw]"
        >
          <img src={src} alt={alt} className="max-h-[80vh] max-w-full object-contain" />
          <div className="mt-4 flex justify-end">
            <button type="button" className={secondaryButton} onClick={() => setOpen(false)}>
              Close
            </button>
          </div>
        </ModalDialog>
      )}
    </>
  );
}
