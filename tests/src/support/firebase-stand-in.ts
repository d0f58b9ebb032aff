import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DocumentStore, isDocumentPath } from './firebase-stand-in/documents';
import { createHandler, type StandInCall } from './firebase-stand-in/handler';
import { IdentityService } from './firebase-stand-in/identity';
import { toFields } from './firebase-stand-in/values';

/**
 * A local stand-in of the Firebase services the Firebase importer reads through the `firebase`
 * JS SDK (decision 016): Identity Toolkit's e-mail sign-in, Secure Token's refresh, and the
 * Firestore REST calls of `firebase/firestore/lite`. No Firebase project is reachable from tests
 * and the real emulators need Java. One server answers both SDKs:
 *
 *   connectAuthEmulator(auth, `http://${host}:${port}`, { disableWarnings: true });
 *   connectFirestoreEmulator(db, host, port);
 *
 * It checks calls as the real services would and refuses, in Google's JSON error shape, what
 * they would refuse: a missing or wrong API key, Firestore without a signed-in user's ID token
 * (403 like security rules that admit signed-in users only), a malformed path, and any query or
 * write it does not understand (400), so a test fails rather than pass on a wrong answer. Each
 * refusal is also kept in `refusals`, for a test to assert it is empty.
 *
 * Its parts, in firebase-stand-in/: the routes (routes.ts), sign-in and tokens (identity.ts),
 * documents (documents.ts), Firestore's typed values (values.ts), runQuery's query (query.ts),
 * the Firestore calls (firestore.ts), and the HTTP side (handler.ts).
 */

/** What a web app's firebaseConfig holds. */
/**
 * The password hash parameters of the tests' Firebase project (scrypt, as Firebase's console
 * shows).
 */
export const TEST_HASH_PARAMETERS = {
  signerKey: Buffer.from('a signer key of this test project, 32+ bytes long').toString('base64'),
  saltSeparator: 'Bw==',
  rounds: 8,
  memCost: 14,
};

export interface FirebaseWebConfig {
  apiKey: string;
  projectId: string;
  authDomain: string;
}

export interface FirebaseStandIn {
  /** '127.0.0.1' */
  readonly host: string;
  readonly port: number;
  readonly config: FirebaseWebConfig;
  /** An Identity Toolkit account that can sign in with e-mail and password. */
  addAccount(account: { uid: string; email: string; password: string; disabled?: boolean }): void;
  /**
   * Sets (replaces) a document from plain values: string; number (integerValue when
   * Number.isInteger, else doubleValue); boolean; null; Date (timestampValue); arrays; plain
   * objects (mapValue). Path like 'universities/u1/campuses/c1'.
   */
  setDocument(path: string, data: Record<string, unknown>): void;
  deleteDocument(path: string): void;
  /**
   * From now on, cuts the connection (socket destroyed, no answer) of every runQuery or batchGet
   * whose collection path (e.g. 'universities/u2/campuses') or document path matches, until
   * clearFaults().
   */
  failReads(match: (path: string) => boolean): void;
  clearFaults(): void;
  readonly calls: readonly StandInCall[];
  /** Every refusal, as 'KIND PATH: STATUS CODE: message'. */
  readonly refusals: readonly string[];
  close(): Promise<void>;
}

export interface FirebaseStandInOptions {
  projectId?: string;
  apiKey?: string;
  /** How long an ID token lasts (default 3600 s, as Google's); the SDK refreshes 30 s before. */
  idTokenLifetimeSeconds?: number;
}

/** Starts a stand-in on 127.0.0.1, on a port of its own. */
export async function startFirebaseStandIn(
  options: FirebaseStandInOptions = {},
): Promise<FirebaseStandIn> {
  const projectId = options.projectId ?? 'campus-stand-in';
  const apiKey = options.apiKey ?? 'stand-in-api-key';
  const store = new DocumentStore(projectId);
  const identity = new IdentityService(projectId, options.idTokenLifetimeSeconds ?? 3600);
  const calls: StandInCall[] = [];
  const refusals: string[] = [];
  let failingReads: ((path: string) => boolean) | undefined;

  const server = createServer(
    createHandler({
      projectId,
      apiKey,
      store,
      identity,
      calls,
      refusals,
      failingReads: () => failingReads,
    }),
  );
  // A client that hangs up mid-request is no error of the stand-in.
  server.on('clientError', (_error, socket) => socket.destroy());
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    host: '127.0.0.1',
    port,
    config: { apiKey, projectId, authDomain: `${projectId}.firebaseapp.com` },
    addAccount: (account) => identity.add(account),
    setDocument(path, data) {
      store.set(checkedPath(path), toFields(data), new Date().toISOString());
    },
    deleteDocument: (path) => store.delete(checkedPath(path)),
    failReads(match) {
      failingReads = match;
    },
    clearFaults() {
      failingReads = undefined;
    },
    calls,
    refusals,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // The SDK keeps its connections alive; close would wait for them otherwise.
        server.closeAllConnections();
      }),
  };
}

function checkedPath(path: string): string {
  if (!isDocumentPath(path)) throw new TypeError(`${path} is not a document path`);
  return path;
}
