import { formatError } from '@campus/shared/domain/error-catalogue';
import { type ChangeEvent, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { ItemImage } from '@/components/ui/item-image';
import { preloadCompression } from '@/lib/compress-image';
import { type CatalogPhotoPurpose, uploadCatalogPhoto } from '../api/catalog-photos';
import { rowButton } from './admin-controls';

/** The owner of the uploads of a photo field that is gone (another campus's dashboard). */
const UNMOUNTED = Symbol('unmounted');

/**
 * An item photo: choose a file, it is compressed and uploaded at once, and the form keeps the
 * url it got (photoURL). Shows the current photo and lets the admin remove it.
 *
 * An upload belongs to the item the form showed when it started: if the form was reset before
 * it finished (Cancel, Edit of another row, another restaurant selected) or the field is gone,
 * its url or failure is dropped, so it never lands on another item.
 */
export function PhotoField({
  purpose,
  item,
  value,
  alt,
  onChange,
  onError,
  onBusyChange,
}: {
  purpose: CatalogPhotoPurpose;
  /**
   * The values the form was last reset to (`form.formState.defaultValues`): the item open for
   * editing, or the empty form of a place, with a count of resets where the same empty form can
   * be shown again (Cancel in add mode). A change means the form now shows another item.
   */
  item: unknown;
  value: string;
  alt: string;
  onChange(url: string): void;
  /** The failure to show (null clears it). */
  onError(message: string | null): void;
  /** True while a photo uploads for the item shown, so the form can wait for it. */
  onBusyChange?(busy: boolean): void;
}) {
  const id = useId();
  const owner = JSON.stringify(item ?? null);
  // The item shown now, read when an upload ends (set in the commit that shows another item).
  const currentOwner = useRef<string | symbol>(owner);
  useLayoutEffect(() => {
    currentOwner.current = owner;
    return () => {
      currentOwner.current = UNMOUNTED;
    };
  }, [owner]);
  const [upload, setUpload] = useState<{ owner: string } | null>(null);
  // An upload left running for the previous item does not hold up the form of this one.
  const busy = upload?.owner === owner;
  useEffect(() => {
    onBusyChange?.(busy);
  }, [busy, onBusyChange]);

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    const started = { owner };
    const stillShown = () => currentOwner.current === started.owner;
    onError(null);
    setUpload(started);
    try {
      const url = await uploadCatalogPhoto(file, purpose);
      if (stillShown()) onChange(url);
    } catch (error) {
      console.warn(`${purpose} upload failed`, error);
      if (stillShown()) onError(formatError(error).message);
    } finally {
      setUpload((current) => (current === started ? null : current));
      // The same file can be chosen again after a failure.
      input.value = '';
    }
  }

  return (
    <div className="space-y-2">
      <label htmlFor={id} className="block text-sm font-medium text-gray-800">
        Photo
      </label>
      <input
        id={id}
        type="file"
        accept="image/*"
        disabled={busy}
        aria-describedby={`${id}-status`}
        onClick={preloadCompression}
        onChange={choose}
        className="block w-full text-sm text-gray-800 file:mr-3 file:rounded file:border file:border-gray-400 file:bg-white file:px-3 file:py-1 file:font-medium file:text-gray-800 hover:file:bg-gray-100"
      />
      <p id={`${id}-status`} role="status" className="text-sm text-gray-700">
        {busy ? 'Uploading photo...' : ''}
      </p>
      {value !== '' && (
        <div className="flex items-end gap-3">
          <div className="w-32 overflow-hidden rounded border border-gray-300">
            <ItemImage src={value} alt={alt} />
          </div>
          <button type="button" className={rowButton} disabled={busy} onClick={() => onChange('')}>
            Remove photo
          </button>
        </div>
      )}
    </div>
  );
}
