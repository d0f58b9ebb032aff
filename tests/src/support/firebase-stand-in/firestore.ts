import type { DocumentStore } from './documents';
import { invalidArgument } from './errors';
import { parseRunQuery } from './query';
import { checkFields, type FirestoreFields, isObject } from './values';

// Firestore's three REST methods the lite SDK uses, each checked in full before it runs, so a
// refused call changes nothing.

export type FirestoreKind = 'runQuery' | 'batchGet' | 'commit';

/** A checked call: the paths it reads or writes, and how to run it. */
export interface FirestoreCall {
  /** runQuery: the collection's path; batchGet and commit: the documents' paths. */
  paths: string[];
  /** The JSON answer; `now` is the call's read or commit time. */
  run(now: string): unknown;
}

/** Checks a call (`parent` is the path after /documents in the URL) and prepares it. */
export function prepareFirestoreCall(
  kind: FirestoreKind,
  parent: string,
  body: unknown,
  store: DocumentStore,
): FirestoreCall {
  if (kind !== 'runQuery' && parent !== '') {
    throw invalidArgument(`${kind} takes no parent path, got ${parent}`);
  }
  switch (kind) {
    case 'runQuery':
      return runQuery(parent, body, store);
    case 'batchGet':
      return batchGet(body, store);
    case 'commit':
      return commit(body, store);
  }
}

function runQuery(parent: string, body: unknown, store: DocumentStore): FirestoreCall {
  const query = parseRunQuery(parent, body, store);
  return {
    paths: [query.collectionPath],
    run(readTime) {
      const documents = store.list(query.collectionPath, query.from, query.limit);
      // The service streams one item per document; with none, one item with the read time alone.
      if (documents.length === 0) return [{ readTime }];
      return documents.map((document) => ({ document, readTime }));
    },
  };
}

function batchGet(body: unknown, store: DocumentStore): FirestoreCall {
  const { documents, ...rest } = isObject(body) ? body : {};
  if (Object.keys(rest).length > 0) {
    throw invalidArgument(`The Firebase stand-in does not understand ${Object.keys(rest)}`);
  }
  if (!Array.isArray(documents) || documents.length === 0) {
    throw invalidArgument('documents is required');
  }
  const paths = documents.map((name) => documentPath(name, store, 'documents'));
  return {
    paths,
    run: (readTime) =>
      paths.map((path) => {
        const found = store.get(path);
        return found ? { found, readTime } : { missing: store.nameOf(path), readTime };
      }),
  };
}

type Write = { path: string; fields: FirestoreFields | undefined };

function commit(body: unknown, store: DocumentStore): FirestoreCall {
  const { writes, ...rest } = isObject(body) ? body : {};
  if (Object.keys(rest).length > 0) {
    throw invalidArgument(`The Firebase stand-in does not understand ${Object.keys(rest)}`);
  }
  if (!Array.isArray(writes) || writes.length === 0) throw invalidArgument('writes is required');
  const checked = writes.map((write, i) => checkWrite(write, `writes[${i}]`, store));
  return {
    paths: checked.map((write) => write.path),
    run(commitTime) {
      for (const { path, fields } of checked) {
        if (fields === undefined) store.delete(path);
        else store.set(path, fields, commitTime);
      }
      return { writeResults: checked.map(() => ({ updateTime: commitTime })), commitTime };
    },
  };
}

/** A set (update without a mask, as setDoc sends it) or a delete; nothing else is understood. */
function checkWrite(write: unknown, at: string, store: DocumentStore): Write {
  const keys = isObject(write) ? Object.keys(write) : [];
  if (!isObject(write) || keys.length !== 1 || !['update', 'delete'].includes(keys[0] as string)) {
    throw invalidArgument(
      `The Firebase stand-in understands a write with update or delete alone, got ${at}: ${JSON.stringify(write)}`,
    );
  }
  if (write.delete !== undefined) {
    return { path: documentPath(write.delete, store, `${at}.delete`), fields: undefined };
  }
  const { name, fields, ...rest } = isObject(write.update) ? write.update : { name: undefined };
  if (Object.keys(rest).length > 0) {
    throw invalidArgument(
      `The Firebase stand-in does not understand ${at}.update.${Object.keys(rest)}`,
    );
  }
  const isDocumentName = (reference: string) => store.pathOf(reference) !== undefined;
  return {
    path: documentPath(name, store, `${at}.update.name`),
    fields: checkFields(fields, `${at}.update.fields`, isDocumentName),
  };
}

function documentPath(name: unknown, store: DocumentStore, at: string): string {
  const path = typeof name === 'string' ? store.pathOf(name) : undefined;
  if (path === undefined) {
    throw invalidArgument(
      `Invalid value at '${at}': ${JSON.stringify(name)} is not a document name of ${store.root}`,
    );
  }
  return path;
}
