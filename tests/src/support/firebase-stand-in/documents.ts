import type { FirestoreFields } from './values';

// The database's documents in memory, keyed by path ('universities/u1/campuses/c1'), and the
// names Firestore gives them ('projects/P/databases/(default)/documents/universities/u1').

export interface StoredDocument {
  fields: FirestoreFields;
  createTime: string;
  updateTime: string;
}

/** A document's name and contents as the REST API returns them. */
export interface DocumentJson extends StoredDocument {
  name: string;
}

/** Where a listing starts: after (or at) the document with this path. */
export interface Cursor {
  path: string;
  inclusive: boolean;
}

/** True when the path has non-empty segments, an even number of them: a document's path. */
export function isDocumentPath(path: string): boolean {
  const segments = path.split('/');
  return segments.length % 2 === 0 && segments.every((segment) => segment !== '');
}

export class DocumentStore {
  private readonly documents = new Map<string, StoredDocument>();

  /** The database's documents root; a document's name is this plus '/' plus its path. */
  readonly root: string;

  constructor(projectId: string) {
    this.root = `projects/${projectId}/databases/(default)/documents`;
  }

  nameOf(path: string): string {
    return `${this.root}/${path}`;
  }

  /** The path of a document name of this database, or undefined for anything else. */
  pathOf(name: string): string | undefined {
    if (!name.startsWith(`${this.root}/`)) return undefined;
    const path = name.slice(this.root.length + 1);
    return isDocumentPath(path) ? path : undefined;
  }

  get(path: string): DocumentJson | undefined {
    const stored = this.documents.get(path);
    return stored && { name: this.nameOf(path), ...stored };
  }

  /** Replaces the document's fields; it keeps its createTime when it existed. */
  set(path: string, fields: FirestoreFields, time: string) {
    const createTime = this.documents.get(path)?.createTime ?? time;
    this.documents.set(path, { fields, createTime, updateTime: time });
  }

  delete(path: string) {
    this.documents.delete(path);
  }

  /** The documents directly in a collection, ordered by name, from the cursor on. */
  list(collectionPath: string, from: Cursor | undefined, limit: number | undefined) {
    const prefix = `${collectionPath}/`;
    const inCollection = [...this.documents.keys()]
      .filter((path) => path.startsWith(prefix) && !path.slice(prefix.length).includes('/'))
      .filter((path) => from === undefined || isFrom(path, from))
      .sort(comparePaths);
    return inCollection.slice(0, limit).map((path) => this.get(path) as DocumentJson);
  }
}

function isFrom(path: string, cursor: Cursor): boolean {
  const order = comparePaths(path, cursor.path);
  return order > 0 || (order === 0 && cursor.inclusive);
}

/** Firestore's order of names: segment by segment, each by its UTF-8 bytes. */
function comparePaths(a: string, b: string): number {
  const left = a.split('/');
  const right = b.split('/');
  for (let i = 0; i < Math.min(left.length, right.length); i++) {
    const order = Buffer.compare(Buffer.from(left[i] as string), Buffer.from(right[i] as string));
    if (order !== 0) return order;
  }
  return left.length - right.length;
}
