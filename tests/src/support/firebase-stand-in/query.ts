import { type Cursor, type DocumentStore, isDocumentPath } from './documents';
import { invalidArgument } from './errors';
import { isObject } from './values';

// A runQuery's structuredQuery, checked: the stand-in answers the one kind of query the importer
// makes (one collection by document name, from a cursor, so many at a time) and refuses anything
// else with Firestore's 400, so a test fails rather than reading a wrong answer.

/** What the stand-in runs: the documents directly in one collection, by name. */
export interface CollectionQuery {
  /** 'universities' or 'universities/u1/campuses'. */
  collectionPath: string;
  from: Cursor | undefined;
  limit: number | undefined;
}

const QUERY_KEYS = new Set(['from', 'orderBy', 'startAt', 'limit']);

const notUnderstood = (what: string) =>
  invalidArgument(`The Firebase stand-in does not understand ${what}`);

/** The path of the collection a runQuery body names, read as is (checked by parseRunQuery). */
export function queriedCollection(parent: string, body: unknown): string | undefined {
  const from = isObject(body) && isObject(body.structuredQuery) ? body.structuredQuery.from : [];
  const collectionId = Array.isArray(from) && isObject(from[0]) ? from[0].collectionId : undefined;
  if (typeof collectionId !== 'string') return undefined;
  return parent === '' ? collectionId : `${parent}/${collectionId}`;
}

/** The query a runQuery body asks for under `parent` (a document's path, '' for the root). */
export function parseRunQuery(
  parent: string,
  body: unknown,
  store: DocumentStore,
): CollectionQuery {
  if (parent !== '' && !isDocumentPath(parent)) {
    throw invalidArgument(`Invalid parent: ${store.root}/${parent} is not a document`);
  }
  if (!isObject(body) || !isObject(body.structuredQuery)) {
    throw invalidArgument('structuredQuery is required');
  }
  const extraKeys = Object.keys(body).filter((key) => key !== 'structuredQuery');
  if (extraKeys.length > 0) throw notUnderstood(extraKeys.join(', '));
  const query = body.structuredQuery;
  for (const key of Object.keys(query)) {
    if (!QUERY_KEYS.has(key)) throw notUnderstood(`structuredQuery.${key}`);
  }
  const collectionId = parseFrom(query.from);
  const collectionPath = parent === '' ? collectionId : `${parent}/${collectionId}`;
  checkOrderBy(query.orderBy);
  return {
    collectionPath,
    from: parseStartAt(query.startAt, collectionPath, store),
    limit: parseLimit(query.limit),
  };
}

function parseFrom(from: unknown): string {
  if (!Array.isArray(from) || from.length !== 1 || !isObject(from[0])) {
    throw notUnderstood(`structuredQuery.from other than one collection: ${JSON.stringify(from)}`);
  }
  const { collectionId, allDescendants, ...rest } = from[0];
  if (typeof collectionId !== 'string' || collectionId === '' || collectionId.includes('/')) {
    throw invalidArgument(`Invalid collectionId: ${JSON.stringify(collectionId)}`);
  }
  if (allDescendants === true) throw notUnderstood('collection group queries (allDescendants)');
  if (Object.keys(rest).length > 0)
    throw notUnderstood(`structuredQuery.from[0].${Object.keys(rest)}`);
  return collectionId;
}

/** Only the order the stand-in always gives: by document name, ascending (or none given). */
function checkOrderBy(orderBy: unknown) {
  if (orderBy === undefined) return;
  const order = Array.isArray(orderBy) && orderBy.length === 1 ? orderBy[0] : undefined;
  const byName =
    isObject(order) &&
    isObject(order.field) &&
    order.field.fieldPath === '__name__' &&
    Object.keys(order.field).length === 1 &&
    (order.direction === undefined || order.direction === 'ASCENDING') &&
    Object.keys(order).every((key) => key === 'field' || key === 'direction');
  if (!byName) throw notUnderstood(`structuredQuery.orderBy ${JSON.stringify(orderBy)}`);
}

/** A cursor on the document name: a reference to a document of the queried collection. */
function parseStartAt(
  startAt: unknown,
  collectionPath: string,
  store: DocumentStore,
): Cursor | undefined {
  if (startAt === undefined) return undefined;
  const values = isObject(startAt) ? startAt.values : undefined;
  const value = Array.isArray(values) && values.length === 1 ? values[0] : undefined;
  const name = isObject(value) ? value.referenceValue : undefined;
  const path = typeof name === 'string' ? store.pathOf(name) : undefined;
  const before = isObject(startAt) ? (startAt.before ?? false) : undefined;
  if (
    path === undefined ||
    path.slice(0, path.lastIndexOf('/')) !== collectionPath ||
    typeof before !== 'boolean'
  ) {
    throw notUnderstood(`structuredQuery.startAt ${JSON.stringify(startAt)}`);
  }
  // before: true puts the cursor before the document (startAt), false after it (startAfter).
  return { path, inclusive: before };
}

function parseLimit(limit: unknown): number | undefined {
  if (limit === undefined) return undefined;
  if (!Number.isSafeInteger(limit) || (limit as number) < 0) {
    throw invalidArgument(`Invalid structuredQuery.limit: ${JSON.stringify(limit)}`);
  }
  return limit as number;
}
