// One fixed 4:3 box whether or not there is a photo, so nothing moves when images arrive.
const WIDTH = 400;
const HEIGHT = 300;

/** An item's photo (lazy, async decode, explicit size) or a neutral placeholder of the same box. */
export function ItemImage({ src, alt }: { src?: string | null; alt: string }) {
  if (!src) {
    return (
      <div
        aria-hidden="true"
        className="flex aspect-[4/3] w-full items-center justify-center bg-gray-100 text-gray-400"
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
      width={WIDTH}
      height={HEIGHT}
      loading="lazy"
      decoding="async"
      className="aspect-[4/3] w-full bg-gray-100 object-cover"
    />
  );
}
