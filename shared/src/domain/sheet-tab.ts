/** Sheet tab names are cut to this many characters. */
export const MAX_SHEET_TAB_NAME_LENGTH = 30;

/** The tab hidden from the order dashboard. */
export const MASTER_TAB_NAME = 'Master';

/** Messages of the sheet tab rules. */
export const SHEET_TAB_MESSAGES = {
  collision: (tabName: string) =>
    `Another campus already uses the order sheet tab "${tabName}". Please choose a different campus name.`,
  empty: 'University and campus names must contain letters or digits to name an order sheet tab.',
} as const;

function cutTo(text: string, length: number): string {
  if (text.length <= length) return text;
  const cut = text.slice(0, length);
  // Never leave half of a surrogate pair (an emoji or astral letter) at the end.
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}

/**
 * The order sheet tab of a campus: university and campus names joined with '_', punctuation
 * removed (letters, digits, '_' and spaces stay), each run of spaces turned into one '_', cut to
 * 30 characters.
 */
export function sheetTabName(universityName: string, campusName: string): string {
  const joined = `${universityName.trim()} ${campusName.trim()}`;
  const sanitised = joined
    .replace(/[^\p{L}\p{N}\s_]/gu, '')
    .trim()
    .replace(/\s+/g, '_');
  return cutTo(sanitised, MAX_SHEET_TAB_NAME_LENGTH);
}

type NamedCampus = { universityName: string; campusName: string };

/** Groups of two or more campuses that map to the same tab name (their orders would mix). */
export function findSheetTabCollisions<T extends NamedCampus>(
  campuses: readonly T[],
): { tabName: string; campuses: T[] }[] {
  const byTab = new Map<string, T[]>();
  for (const campus of campuses) {
    const tabName = sheetTabName(campus.universityName, campus.campusName);
    byTab.set(tabName, [...(byTab.get(tabName) ?? []), campus]);
  }
  return [...byTab]
    .filter(([, group]) => group.length > 1)
    .map(([tabName, group]) => ({ tabName, campuses: group }));
}

/**
 * Why a campus about to be created or renamed cannot get its own tab (its name is empty once
 * sanitised, is Master, or is taken by a campus in `existing`; leave the campus itself out when
 * renaming), or null.
 */
export function sheetTabNameProblem(
  existing: readonly NamedCampus[],
  candidate: NamedCampus,
): string | null {
  const tabName = sheetTabName(candidate.universityName, candidate.campusName);
  if (tabName === '') return SHEET_TAB_MESSAGES.empty;
  const taken = existing.some((c) => sheetTabName(c.universityName, c.campusName) === tabName);
  return taken || tabName === MASTER_TAB_NAME ? SHEET_TAB_MESSAGES.collision(tabName) : null;
}

const byName = new Intl.Collator('en');

/** The tabs the order dashboard lists: all but Master, sorted by name. */
export function orderDashboardTabs<T extends { name: string }>(tabs: readonly T[]): T[] {
  return tabs
    .filter((tab) => tab.name !== MASTER_TAB_NAME)
    .sort((a, b) => byName.compare(a.name, b.name));
}

/** The A1 letters of a 0-based column index: 0 → A, 25 → Z, 26 → AA. */
export function columnLetter(column: number): string {
  if (!Number.isInteger(column) || column < 0) {
    throw new RangeError(`column must be a non-negative integer, got ${column}`);
  }
  let letters = '';
  for (let n = column + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  }
  return letters;
}
