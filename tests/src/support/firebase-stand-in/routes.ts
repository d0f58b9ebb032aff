import { invalidArgument } from './errors';
import type { FirestoreKind } from './firestore';

// Which endpoint a request is for. The auth SDK, pointed at an emulator URL, puts the real host
// first in the path (/identitytoolkit.googleapis.com/v1/...); Firestore's SDK sends its own paths
// unchanged (/v1/projects/P/databases/D/documents[/PARENT]:method).

type IdentityKind = 'signIn' | 'lookup' | 'refresh';

/** `key` is the API key of the query string; `parent` the path after /documents, '' at the root. */
export type Route = { key: string | null } & (
  | { service: 'identity'; kind: IdentityKind; path: string }
  | { service: 'firestore'; kind: FirestoreKind; project: string; database: string; parent: string }
);

const IDENTITY: Record<string, IdentityKind> = {
  '/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword': 'signIn',
  '/identitytoolkit.googleapis.com/v1/accounts:lookup': 'lookup',
  '/securetoken.googleapis.com/v1/token': 'refresh',
};

// Path segments are percent-encoded, ':' included, so the last literal ':' starts the method.
const FIRESTORE =
  /^\/v1\/projects\/([^/]+)\/databases\/([^/]+)\/documents((?:\/[^/]*)*):(runQuery|batchGet|commit)$/;

/** The route of a request, or undefined for a method or path no service has. */
export function matchRoute(method: string, rawUrl: string): Route | undefined {
  if (method !== 'POST') return undefined;
  const url = new URL(rawUrl, 'http://stand-in');
  const key = url.searchParams.get('key');
  const identity = IDENTITY[url.pathname];
  if (identity) return { service: 'identity', kind: identity, key, path: url.pathname.slice(1) };
  const firestore = FIRESTORE.exec(url.pathname);
  if (!firestore) return undefined;
  const [, project, database, parent, kind] = firestore as unknown as string[];
  return {
    service: 'firestore',
    kind: kind as FirestoreKind,
    key,
    project: decode(project as string),
    database: decode(database as string),
    // A trailing or doubled '/' leaves an empty segment, refused with the parent's other checks.
    parent: (parent as string).split('/').slice(1).map(decodeSegment).join('/'),
  };
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    throw invalidArgument(`Malformed percent-encoding in ${text}`);
  }
}

/** A segment of a document path: no id holds a '/'. */
function decodeSegment(segment: string): string {
  const decoded = decode(segment);
  if (decoded.includes('/')) throw invalidArgument(`Invalid document id ${decoded}`);
  return decoded;
}
