/** Whether a database error (or one it wraps) is PostgreSQL's unique violation, 23505. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

// Text PostgreSQL cannot store: U+0000 (22021 character_not_in_repertoire, or 22P05 for an
// escaped \u0000 in jsonb), and a value over a column's length (22001).
const TEXT_REFUSED = new Set(['22021', '22P05', '22001']);

/**
 * Whether a database error is PostgreSQL refusing the text it was given. The shared text rule
 * refuses such text before any query; this is the second line for a value no schema checked.
 */
export function isTextRefused(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && TEXT_REFUSED.has(code)) return true;
  }
  return false;
}

/**
 * Whether an error is the disk refusing a write: PostgreSQL's disk_full (53100, "could not extend
 * file ... No space left on device") or the file system's ENOSPC.
 */
export function isDiskFull(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    const code = (e as { code?: unknown }).code;
    if (code === '53100' || code === 'ENOSPC') return true;
    if (/No space left on device/i.test(e.message)) return true;
  }
  return false;
}
