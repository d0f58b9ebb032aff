import { randomUUID } from 'node:crypto';
import { deleteApp, initializeApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, signInWithEmailAndPassword } from 'firebase/auth';
import {
  collection,
  connectFirestoreEmulator,
  type DocumentSnapshot,
  deleteDoc,
  doc,
  documentId,
  getDoc,
  getDocs,
  getFirestore,
  limit,
  orderBy,
  query,
  setDoc,
  setLogLevel,
  startAfter,
  Timestamp,
  where,
} from 'firebase/firestore/lite';
import { describe, expect, it, onTestFinished } from 'vitest';
import { engine } from '../../support/database';
import { consoleErrorSpy } from '../../support/fail-on-console-error';
import {
  type FirebaseStandIn,
  type FirebaseWebConfig,
  startFirebaseStandIn,
} from '../../support/firebase-stand-in';

// The stand-in driven by the real SDK, as the Firebase importer will drive it. Firestore's SDK
// warns of every failed call, and some of these fail on purpose: keep its errors only.
setLogLevel('error');

const ADMIN = { uid: 'admin-1', email: 'admin@campus.example', password: 'correct horse' };

async function standIn(options?: Parameters<typeof startFirebaseStandIn>[0]) {
  const stand = await startFirebaseStandIn(options);
  onTestFinished(() => stand.close());
  stand.addAccount(ADMIN);
  return stand;
}

/** An app of its own (deleted when the test ends) pointed at the stand-in, signed out. */
function connect(stand: FirebaseStandIn, config: FirebaseWebConfig = stand.config) {
  const app = initializeApp(config, `stand-in-test-${randomUUID()}`);
  onTestFinished(() => deleteApp(app));
  const auth = getAuth(app);
  connectAuthEmulator(auth, `http://${stand.host}:${stand.port}`, { disableWarnings: true });
  const db = getFirestore(app);
  connectFirestoreEmulator(db, stand.host, stand.port);
  return { auth, db };
}

async function signedIn(stand: FirebaseStandIn) {
  const connection = connect(stand);
  await signInWithEmailAndPassword(connection.auth, ADMIN.email, ADMIN.password);
  return connection;
}

// Engine-independent: it talks HTTP to the stand-in, so it runs once.
describe.runIf(engine === 'pglite')('the Firebase stand-in', () => {
  it('signs in, then keeps what setDoc writes and gives it back, every kind of value', async () => {
    const stand = await standIn();
    const { db } = await signedIn(stand);
    const opened = new Date('2021-09-01T08:30:00.123Z');

    await setDoc(doc(db, 'universities/u1'), {
      name: 'Campus Nord',
      students: 1200,
      rating: 4.5,
      open: true,
      closedSince: null,
      opened,
      tags: ['food', 3],
      address: { city: 'Köln', zip: '50667' },
      parent: doc(db, 'universities/u0'),
    });
    const { docs } = await getDocs(collection(db, 'universities'));

    expect(docs.map((d) => d.id)).toEqual(['u1']);
    const data = docs[0]?.data() ?? {};
    expect({ ...data, opened: undefined, parent: undefined }).toEqual({
      name: 'Campus Nord',
      students: 1200,
      rating: 4.5,
      open: true,
      closedSince: null,
      opened: undefined,
      tags: ['food', 3],
      address: { city: 'Köln', zip: '50667' },
      parent: undefined,
    });
    expect((data.opened as Timestamp).toDate()).toEqual(opened);
    expect(data.parent.path).toBe('universities/u0');
    expect(stand.calls.map((call) => call.kind)).toEqual([
      'signIn',
      'lookup',
      'commit',
      'runQuery',
    ]);
    expect(stand.refusals).toEqual([]);
  });

  it('gives the test’s seeded values to the SDK with their types', async () => {
    const stand = await standIn();
    const opened = new Date('2020-01-02T03:04:05.678Z');
    stand.setDocument('universities/u1/campuses/c1', {
      name: 'Süd',
      seats: 40,
      share: 0.25,
      open: false,
      note: null,
      opened,
      hours: [{ day: 1, from: '08:00' }],
    });
    const { db } = await signedIn(stand);

    const snapshot = await getDoc(doc(db, 'universities/u1/campuses/c1'));

    expect(snapshot.data()).toEqual({
      name: 'Süd',
      seats: 40,
      share: 0.25,
      open: false,
      note: null,
      opened: Timestamp.fromDate(opened),
      hours: [{ day: 1, from: '08:00' }],
    });
    expect(stand.refusals).toEqual([]);
  });

  it('tells a found document from a missing or deleted one', async () => {
    const stand = await standIn();
    stand.setDocument('universities/u1', { name: 'A' });
    stand.setDocument('universities/u2', { name: 'B' });
    stand.deleteDocument('universities/u2');
    const { db } = await signedIn(stand);
    await setDoc(doc(db, 'universities/u3'), { name: 'C' });
    await deleteDoc(doc(db, 'universities/u3'));

    const [found, deleted, deletedBySdk, missing] = await Promise.all(
      ['u1', 'u2', 'u3', 'u4'].map((id) => getDoc(doc(db, 'universities', id))),
    );

    expect(found?.data()).toEqual({ name: 'A' });
    expect([deleted, deletedBySdk, missing].map((s) => s?.exists())).toEqual([false, false, false]);
    expect(stand.calls.filter((call) => call.kind === 'batchGet').map((call) => call.path)).toEqual(
      expect.arrayContaining(['universities/u1', 'universities/u4']),
    );
    expect(stand.refusals).toEqual([]);
  });

  it('pages through 1,200 documents 500 at a time by document id, in Firestore’s order', async () => {
    const stand = await standIn();
    const ids = Array.from({ length: 1200 }, (_, i) => `c${i}`);
    for (const id of ids) stand.setDocument(`universities/u1/campuses/${id}`, { id });
    const { db } = await signedIn(stand);
    const campuses = collection(db, 'universities/u1/campuses');

    const pages: string[][] = [];
    let last: DocumentSnapshot | undefined;
    do {
      const page = last
        ? query(campuses, orderBy(documentId()), startAfter(last), limit(500))
        : query(campuses, orderBy(documentId()), limit(500));
      const { docs } = await getDocs(page);
      pages.push(docs.map((d) => d.id));
      last = docs.at(-1);
    } while (pages.at(-1)?.length === 500);

    expect(pages.map((page) => page.length)).toEqual([500, 500, 200]);
    // By the id's bytes, as Firestore orders names: c0, c1, c10, c100, c1000, c1001, ...
    expect(pages.flat()).toEqual([...ids].sort());
    expect(stand.calls.filter((call) => call.kind === 'runQuery')).toEqual(
      Array(3).fill({ kind: 'runQuery', path: 'universities/u1/campuses' }),
    );
    expect(stand.refusals).toEqual([]);
  });

  it('refuses a wrong password or an unknown e-mail as auth/invalid-credential, and a disabled account', async () => {
    const stand = await standIn();
    stand.addAccount({ uid: 'gone', email: 'gone@campus.example', password: 'pw', disabled: true });
    const { auth } = connect(stand);

    await expect(signInWithEmailAndPassword(auth, ADMIN.email, 'wrong')).rejects.toMatchObject({
      code: 'auth/invalid-credential',
    });
    await expect(
      signInWithEmailAndPassword(auth, 'nobody@campus.example', 'pw'),
    ).rejects.toMatchObject({ code: 'auth/invalid-credential' });
    await expect(
      signInWithEmailAndPassword(auth, 'gone@campus.example', 'pw'),
    ).rejects.toMatchObject({ code: 'auth/user-disabled' });
    expect(stand.refusals).toEqual([
      expect.stringContaining('INVALID_LOGIN_CREDENTIALS'),
      expect.stringContaining('INVALID_LOGIN_CREDENTIALS'),
      expect.stringContaining('USER_DISABLED'),
    ]);
  });

  it('refuses an app with a wrong API key as Google does', async () => {
    const stand = await standIn();
    const { auth } = connect(stand, { ...stand.config, apiKey: 'someone-elses-key' });

    await expect(
      signInWithEmailAndPassword(auth, ADMIN.email, ADMIN.password),
    ).rejects.toMatchObject({ code: 'auth/api-key-not-valid.-please-pass-a-valid-api-key.' });
    expect(stand.refusals).toEqual([
      'signIn identitytoolkit.googleapis.com/v1/accounts:signInWithPassword: 400 INVALID_ARGUMENT: API key not valid. Please pass a valid API key.',
    ]);
  });

  it('refuses reading signed out with permission-denied, and records it', async () => {
    const stand = await standIn();
    stand.setDocument('universities/u1', { name: 'A' });
    const { db } = connect(stand);

    await expect(getDocs(collection(db, 'universities'))).rejects.toMatchObject({
      code: 'permission-denied',
    });
    expect(stand.refusals).toEqual([
      'runQuery universities: 403 PERMISSION_DENIED: Missing or insufficient permissions.',
    ]);
  });

  it('refuses a query it does not understand with 400 INVALID_ARGUMENT (the SDK says failed-precondition)', async () => {
    const stand = await standIn();
    const { db } = await signedIn(stand);

    await expect(
      getDocs(query(collection(db, 'universities'), where('name', '==', 'A'))),
    ).rejects.toMatchObject({ code: 'failed-precondition' });
    expect(stand.refusals).toEqual([
      expect.stringMatching(
        /^runQuery universities: 400 INVALID_ARGUMENT: The Firebase stand-in does not understand structuredQuery.where$/,
      ),
    ]);
  });

  it('refuses a malformed parent path and a missing API key in Google’s error shape', async () => {
    const stand = await standIn();
    const base = `http://${stand.host}:${stand.port}`;
    const post = (path: string, body: unknown) =>
      fetch(`${base}${path}`, { method: 'POST', body: JSON.stringify(body) });

    const query = { structuredQuery: { from: [{ collectionId: 'campuses' }] } };
    const oddParent = await post(
      `/v1/projects/${stand.config.projectId}/databases/(default)/documents/universities:runQuery`,
      query,
    );
    const noKey = await post('/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword', {
      email: ADMIN.email,
      password: ADMIN.password,
      returnSecureToken: true,
    });

    expect(oddParent.status).toBe(400);
    expect(await oddParent.json()).toEqual({
      error: {
        code: 400,
        status: 'INVALID_ARGUMENT',
        message: expect.stringContaining('is not a document'),
      },
    });
    expect(noKey.status).toBe(403);
    expect(await noKey.json()).toMatchObject({ error: { code: 403, status: 'PERMISSION_DENIED' } });
    expect(stand.refusals).toHaveLength(2);
  });

  it('fails a read whose connection is cut at once, with a network error, until the fault is cleared', async () => {
    const stand = await standIn();
    stand.setDocument('universities/u1/campuses/c1', { name: 'A' });
    stand.setDocument('universities/u2/campuses/c1', { name: 'B' });
    const { db } = await signedIn(stand);
    // The lite SDK reports a call without an HTTP status on console.error itself.
    const logged: string[] = [];
    consoleErrorSpy.mockImplementationOnce((...args: unknown[]) => {
      logged.push(args.map(String).join(' '));
    });
    stand.failReads((path) => path.startsWith('universities/u2'));

    const started = Date.now();
    await expect(getDocs(collection(db, 'universities/u2/campuses'))).rejects.toMatchObject({
      code: 'unknown',
      message: expect.stringContaining('fetch failed'),
    });
    // The lite SDK does not retry: the failure is the importer's to handle.
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(logged).toEqual([expect.stringContaining('RPC_ERROR HTTP error has no status')]);
    expect((await getDocs(collection(db, 'universities/u1/campuses'))).size).toBe(1);

    stand.clearFaults();
    expect((await getDocs(collection(db, 'universities/u2/campuses'))).size).toBe(1);
    expect(stand.refusals).toEqual([]);
  });

  it('hands out a fresh ID token through Secure Token when the old one is about to expire', async () => {
    // The SDK takes a token as expired 30 s before it is: one of 31 s is stale after 1 s.
    const stand = await standIn({ idTokenLifetimeSeconds: 31 });
    const { db } = await signedIn(stand);
    await new Promise((resolve) => setTimeout(resolve, 1_100));

    await getDocs(collection(db, 'universities'));

    expect(stand.calls.map((call) => call.kind)).toEqual([
      'signIn',
      'lookup',
      'refresh',
      'runQuery',
    ]);
    expect(stand.refusals).toEqual([]);
  });
});
