type Text = string | null | undefined;

/** Whether any field contains the term, ignoring case; a blank term matches everything. */
export function matchesSearch(term: string, fields: readonly Text[]): boolean {
  const needle = term.trim().toLowerCase();
  if (needle === '') return true;
  return fields.some((field) => (field ?? '').toLowerCase().includes(needle));
}

/** Restaurants whose name, cuisine or location contains the term. */
export function filterRestaurants<T extends { name: string; cuisine?: Text; location?: Text }>(
  restaurants: readonly T[],
  term: string,
): T[] {
  return restaurants.filter((r) => matchesSearch(term, [r.name, r.cuisine, r.location]));
}

/** Mart items whose name, category or description contains the term. */
export function filterMartItems<T extends { name: string; category?: Text; description?: Text }>(
  items: readonly T[],
  term: string,
): T[] {
  return items.filter((i) => matchesSearch(term, [i.name, i.category, i.description]));
}

/** Menu items whose name or description contains the term. */
export function filterMenuItems<T extends { name: string; description?: Text }>(
  items: readonly T[],
  term: string,
): T[] {
  return items.filter((i) => matchesSearch(term, [i.name, i.description]));
}
