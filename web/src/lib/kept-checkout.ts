// What a person typed at checkout, kept in this browser until the order is placed or they sign
// out: a phone browser often reloads the page on the way back from the bank app. The fields go to
// session storage (this tab only), the chosen screenshot to IndexedDB (too big for the other).

const FIELDS_KEY_PREFIX = 'campusbucket.checkout.';
const DATABASE = 'campusbucket';
const STORE = 'kept';
const screenshotKey = (uid: string) => `checkout-screenshot.${uid}`;

/** The checkout fields kept: text ones and the number of persons. */
export type KeptCheckoutFields = Partial<Record<string, string | number>>;

const session = (): Storage | null => {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
};

export function keptCheckoutFields(uid: string): KeptCheckoutFields | null {
  try {
    const kept: unknown = JSON.parse(session()?.getItem(FIELDS_KEY_PREFIX + uid) ?? 'null');
    if (!kept || typeof kept !== 'object') return null;
    return Object.fromEntries(
      Object.entries(kept).filter(([, value]) => ['string', 'number'].includes(typeof value)),
    );
  } catch {
    return null;
  }
}

export function keepCheckoutFields(uid: string, fields: KeptCheckoutFields): void {
  try {
    session()?.setItem(FIELDS_KEY_PREFIX + uid, JSON.stringify(fields));
  } catch {
    // A full or disabled storage keeps nothing: the form works as before.
  }
}

/** The store of kept pictures, or null where the browser has no IndexedDB. */
function openStore(): Promise<IDBDatabase | null> {
  if (typeof indexedDB === 'undefined') return Promise.resolve(null);
  return new Promise((resolve) => {
    const request = indexedDB.open(DATABASE, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => resolve(null);
    request.onblocked = () => resolve(null);
  });
}

/** Runs one request on the store and gives its result (undefined when it could not). */
async function onStore(
  mode: IDBTransactionMode,
  act: (store: IDBObjectStore) => IDBRequest,
): Promise<unknown> {
  const database = await openStore();
  if (!database) return undefined;
  try {
    return await new Promise<unknown>((resolve) => {
      const request = act(database.transaction(STORE, mode).objectStore(STORE));
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => resolve(undefined);
    });
  } catch {
    return undefined;
  } finally {
    database.close();
  }
}

type KeptPicture = { bytes: Blob; name: string; type: string };

/** Keeps the chosen screenshot (null: the choice was taken back). */
export async function keepCheckoutScreenshot(uid: string, file: File | null): Promise<void> {
  await onStore('readwrite', (store) =>
    file
      ? store.put(
          { bytes: file, name: file.name, type: file.type } satisfies KeptPicture,
          screenshotKey(uid),
        )
      : store.delete(screenshotKey(uid)),
  );
}

export async function keptCheckoutScreenshot(uid: string): Promise<File | null> {
  const kept = (await onStore('readonly', (store) => store.get(screenshotKey(uid)))) as
    | KeptPicture
    | undefined;
  return kept?.bytes instanceof Blob
    ? new File([kept.bytes], kept.name, { type: kept.type })
    : null;
}

/** Forgets what checkout kept: one person's after their order, everyone's at sign-out. */
export async function forgetCheckout(uid?: string): Promise<void> {
  const storage = session();
  try {
    const keys = uid
      ? [FIELDS_KEY_PREFIX + uid]
      : Object.keys(storage ?? {}).filter((key) => key.startsWith(FIELDS_KEY_PREFIX));
    for (const key of keys) storage?.removeItem(key);
  } catch {
    // Nothing was kept.
  }
  await onStore('readwrite', (store) => (uid ? store.delete(screenshotKey(uid)) : store.clear()));
}
