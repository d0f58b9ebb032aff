// Business constants of docs/product.md §9 that are not owned by a single rule file.

/** Minimum password length at signup and admin user creation. */
export const MIN_PASSWORD_LENGTH = 6;

/** Maximum password length (what the password hashing accepts). */
export const MAX_PASSWORD_LENGTH = 128;

/** Delay before a successful signup redirects to /login. */
export const SIGNUP_REDIRECT_MS = 3000;

/** Payment screenshots are compressed to at most this size before upload. */
export const SCREENSHOT_MAX_SIZE_MB = 0.5;

/** The same limit in bytes (0.5 MiB, as image compression libraries count it). */
export const SCREENSHOT_MAX_BYTES = SCREENSHOT_MAX_SIZE_MB * 1024 * 1024;

/** Payment screenshots are scaled to at most this width or height before upload. */
export const SCREENSHOT_MAX_DIMENSION_PX = 1000;

/** Super admin data load timeout. */
export const SUPER_ADMIN_LOAD_TIMEOUT_MS = 30_000;

/** The connectivity indicator turns Offline after this long without an answer. */
export const CONNECTIVITY_TIMEOUT_MS = 10_000;

/**
 * The 4:3 box a catalogue item's photo is shown in on the storefront's cards; demo photos fit it.
 */
export const ITEM_PHOTO_BOX = { width: 400, height: 300 } as const;
