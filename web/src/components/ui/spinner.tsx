/** A centred spinner with a text for screen readers. */
export function Spinner({ label = 'Loading...' }: { label?: string }) {
  return (
    <div className="flex justify-center p-10" role="status">
      <span className="size-8 animate-spin rounded-full border-4 border-orange-200 border-t-orange-700" />
      <span className="sr-only">{label}</span>
    </div>
  );
}
