import { deleteApp, type FirebaseApp, initializeApp, setLogLevel } from 'firebase/app';
import { connectAuthEmulator, getAuth, signInWithEmailAndPassword } from 'firebase/auth';
import {
  collection,
  connectFirestoreEmulator,
  DocumentReference,
  type DocumentSnapshot,
  doc,
  documentId,
  type Firestore,
  FirestoreError,
  getDoc,
  getDocs,
  getFirestore,
  limit,
  orderBy,
  query,
  startAfter,
  Timestamp,
} from 'firebase/firestore/lite';
import { z } from 'zod';
import { ImportStop, sourceFailure } from './import-errors';

const zSetting = (name: string) =>
  z
    .string({ error: `${name} is missing` })
    .trim()
    .min(1, `${name} is missing`);

/** A web app's Firebase config: what the deployment's own pages use to reach it. */
export const ZFirebaseWebConfig = z.object({
  apiKey: zSetting('apiKey'),
  projectId: zSetting('projectId'),
  authDomain: zSetting('authDomain'),
});
export type TFirebaseWebConfig = z.infer<typeof ZFirebaseWebConfig>;

/** A Firestore document as plain values: timestamps as ISO texts, references as paths. */
export interface SourceDocument {
  /** 'universities/u1/campuses/c1' */
  path: string;
  id: string;
  data: Record<string, unknown>;
}

/** The emulators (or stand-ins) to reach instead of Google: the variables Firebase's tools read. */
export interface FirebaseEmulators {
  firestore?: string;
  auth?: string;
}

const PAGE_SIZE = 500;
const READ_ATTEMPTS = 3;
const RETRY_DELAY_MS = 500;
// Refusals that another attempt would not change.
const FINAL_CODES = new Set([
  'permission-denied',
  'unauthenticated',
  'failed-precondition',
  'not-found',
]);

/**
 * A read, tried again after a pause when the connection failed (the lite SDK never retries, and
 * an idle kept-alive connection can be closed under a request): three attempts in all.
 */
async function withRetries<T>(read: () => Promise<T>, doing: string): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await read();
    } catch (error) {
      const code = error instanceof FirestoreError ? error.code : '';
      if (attempt >= READ_ATTEMPTS || FINAL_CODES.has(code)) throw sourceFailure(error, doing);
      await new Promise((done) => setTimeout(done, RETRY_DELAY_MS * attempt));
    }
  }
}

function plain(value: unknown): unknown {
  if (value instanceof Timestamp) return value.toDate().toISOString();
  if (value instanceof DocumentReference) return value.path;
  if (Array.isArray(value)) return value.map(plain);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, field]) => [key, plain(field)]));
  }
  return value;
}

function sourceDocument(snapshot: DocumentSnapshot): SourceDocument {
  return { path: snapshot.ref.path, id: snapshot.id, data: plain(snapshot.data() ?? {}) as never };
}

function hostAndPort(address: string): [string, number] {
  const url = new URL(`http://${address}`);
  return [url.hostname, Number(url.port || 80)];
}

/**
 * The deployment being brought over, read through the Firebase JS SDK as its own pages read it:
 * signed in as one of its superAdmins (firebase/auth), collections read page by page over REST
 * (firebase/firestore/lite), so no stream stays open.
 */
export class FirebaseSource {
  private constructor(
    private readonly app: FirebaseApp,
    private readonly firestore: Firestore,
  ) {}

  /** Signs in and checks that the account is a superAdmin of the deployment. */
  static async open(
    config: TFirebaseWebConfig,
    credentials: { email: string; password: string },
    emulators: FirebaseEmulators = {},
  ): Promise<FirebaseSource> {
    // The SDK logs each failed call to the console itself; the report says what failed, plainly.
    setLogLevel('silent');
    const app = initializeApp(config, `campus-import-${Date.now()}-${Math.random()}`);
    const source = new FirebaseSource(app, getFirestore(app));
    try {
      const auth = getAuth(app);
      if (emulators.auth) {
        connectAuthEmulator(auth, `http://${emulators.auth}`, { disableWarnings: true });
      }
      if (emulators.firestore) {
        connectFirestoreEmulator(source.firestore, ...hostAndPort(emulators.firestore));
      }
      const { user } = await signInWithEmailAndPassword(
        auth,
        credentials.email,
        credentials.password,
      ).catch((error: unknown) => {
        throw sourceFailure(error, 'signing in to Firebase');
      });
      const profile = await source.document(`users/${user.uid}`);
      if (profile?.data.role !== 'superAdmin') {
        throw new ImportStop(
          `${credentials.email} is not a superAdmin of this Firebase deployment (users/${user.uid} ` +
            `${profile ? `has role '${String(profile.data.role)}'` : 'does not exist'}). Sign in with a superAdmin's account.`,
        );
      }
      return source;
    } catch (error) {
      await source.close();
      throw error;
    }
  }

  /** One document, or null when it does not exist. */
  async document(path: string): Promise<SourceDocument | null> {
    const snapshot = await withRetries(() => getDoc(doc(this.firestore, path)), `reading ${path}`);
    return snapshot.exists() ? sourceDocument(snapshot) : null;
  }

  /** Every document of a collection, in pages ordered by id. */
  async collection(path: string): Promise<SourceDocument[]> {
    const found: SourceDocument[] = [];
    let last: DocumentSnapshot | undefined;
    for (;;) {
      const page = query(
        collection(this.firestore, path),
        orderBy(documentId()),
        ...(last ? [startAfter(last)] : []),
        limit(PAGE_SIZE),
      );
      const snapshot = await withRetries(() => getDocs(page), `reading ${path}`);
      found.push(...snapshot.docs.map(sourceDocument));
      if (snapshot.size < PAGE_SIZE) return found;
      last = snapshot.docs[snapshot.docs.length - 1];
    }
  }

  async close(): Promise<void> {
    await deleteApp(this.app);
  }
}
