import { ITEM_PHOTO_BOX } from '@campus/shared/domain/limits';

/**
 * An item's photo (lazy, async decode, explicit size): a square thumbnail in a phone's compact
 * row, the card's 4:3 box from the sm breakpoint. Without a photo a phone's row shows nothing in
 * its place, while a card keeps a neutral placeholder of the same box, so the grid stays even.
 */
export function ItemImage({ src, alt }: { src?: string | null; alt: string }) {
  if (!src) {
    return (
      <div
        aria-hidden="true"
        data-testid="photo-placeholder"
        className="hidden aspect-[4/3] w-full items-center justify-center bg-gray-100 text-gray-400 sm:flex"
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="size-10"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.5"
        >
          <rect x="3" y="5" width="18" height="14" rx="2" />
          <circle cx="9" cy="10" r="1.5" />
          <path d="m21 16-5-5-8 8" />
        </svg>
      </div>
    );
  }
  return (
    <img
      src={src}
      alt={alt}
      width={ITEM_PHOTO_BOX.width}
      height={ITEM_PHOTO_BOX.height}
      loading="lazy"
      decoding="async"
      className="size-20 shrink-0 rounded bg-gray-100 object-cover sm:aspect-[4/3] sm:h-auto sm:w-full sm:rounded-none"
    />
  );
}
