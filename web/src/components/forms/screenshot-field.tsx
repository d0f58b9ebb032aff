import { type ReactNode, type Ref, useEffect, useState } from 'react';
import { TextField } from '@/components/forms/form-field';

/** An address the page can show `file` at while it is chosen; let go of once it is not. */
function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}

/**
 * The payment screenshot picker: what is wrong with the file chosen is said beside it (the form
 * checks it as soon as it is chosen), and an image that holds is shown small, with its name.
 */
export function ScreenshotField({
  file,
  error,
  hint,
  inputRef,
  onChoose,
}: {
  file: File | null;
  error: string | undefined;
  hint: ReactNode;
  inputRef: Ref<HTMLInputElement>;
  onChoose(file: File | null): void;
}) {
  const preview = useObjectUrl(file && !error ? file : null);
  return (
    <div className="space-y-2">
      <TextField
        ref={inputRef}
        label="Payment Screenshot"
        type="file"
        accept="image/*"
        required
        error={error}
        hint={hint}
        onChange={(event) => onChoose(event.target.files?.[0] ?? null)}
      />
      {preview && file && (
        <figure className="flex items-center gap-3">
          <img
            src={preview}
            alt="Payment screenshot preview"
            className="size-16 shrink-0 rounded border border-gray-300 object-cover"
          />
          <figcaption className="min-w-0 text-sm break-words text-gray-800">{file.name}</figcaption>
        </figure>
      )}
    </div>
  );
}
