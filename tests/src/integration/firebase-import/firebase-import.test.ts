import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setNewPassword } from '@campus/api/accounts/set-new-password';
import { signIn } from '@campus/api/accounts/sign-in';
import { isFirebasePasswordHash } from '@campus/api/auth/firebase-password';
import { readAuthExport } from '@campus/api/firebase-import/auth-export';
import { ImportStop } from '@campus/api/firebase-import/import-errors';
import type { Progress } from '@campus/api/firebase-import/progress';
import { type ImportReport, newReport } from '@campus/api/firebase-import/report';
import { type ImportOptions, runImport } from '@campus/api/firebase-import/run-import';
import { FirebaseSource } from '@campus/api/firebase-import/source';
import { createLocalImageStore } from '@campus/api/uploads/local-image-store';
import { AUTH_MESSAGES, ZLoginForm, ZNewPasswordForm } from '@campus/shared/domain/auth-forms';
import type { Database } from '@campus/shared/server/db/client';
import {
  accounts,
  allowedDomains,
  auditLog,
  campuses,
  firebaseImports,
  martItems,
  menuItems,
  outbox,
  restaurants,
  universities,
  uploads,
  users,
} from '@campus/shared/server/db/schema';
import type { FetchGuard } from '@campus/shared/server/guarded-fetch';
import { listOutbox } from '@campus/shared/server/mail/eml';
import { openCheckedRedis } from '@campus/shared/server/redis';
import { asc, eq } from 'drizzle-orm';
import { FirebaseScrypt } from 'firebase-scrypt';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../support/app';
import { engine, openTestDatabase } from '../../support/database';
import {
  type FirebaseStandIn,
  startFirebaseStandIn,
  TEST_HASH_PARAMETERS,
} from '../../support/firebase-stand-in';
import { testLog } from '../../support/logger';
import { gradientPng } from '../../support/png';
import { repoRoot, spawnNode } from '../../support/process';
import { testRedisUrl } from '../../support/redis';

// The Firebase importer (decision 016): a deployment shaped like the original (2 universities, 3
// campuses, string prices, 12-hour times, menu and mart items, domains with and without '@', people
// of every role and one of a bad role) comes over row by row; a second run changes nothing; an edit
// updates exactly its row; --prune removes a deleted document; a network error halfway rolls back
// that university only; exported Firebase passwords sign in once and are then ours.

const OWNER = { uid: 'owner-uid', email: 'owner@northfield.edu.pk', password: 'owner-secret-1' };
const ADMIN = {
  uid: 'admin-uid',
  email: 'admin@lhr.northfield.edu.pk',
  password: 'old-password-1',
};

const NORTH = 'universities/uni-north';
const SOUTH = 'universities/uni-south';
const LHR = `${NORTH}/campuses/lhr`;
const ISB = `${NORTH}/campuses/isb`;
const KHI = `${SOUTH}/campuses/khi`;

let database: Database;
let standIn: FirebaseStandIn;
let redis: Redis;
let test: ReturnType<typeof createTestApp>;
let photoHost: { url: string; close: () => void };
// Lets the importer fetch from the stand-in photo host only (http, on this machine).
const STAND_IN: FetchGuard = { protocols: ['http:'], allows: (address) => address === '127.0.0.1' };
const made: string[] = [];

function seed(firebase: FirebaseStandIn) {
  const set = firebase.setDocument.bind(firebase);
  set(NORTH, { name: 'Northfield University' });
  set(SOUTH, { name: 'Southgate Institute' });
  set(LHR, { name: 'Lahore', location: 'Canal Road' });
  set(ISB, { name: 'Islamabad' });
  set(KHI, { name: 'Karachi', location: 'Clifton' });
  set(`${LHR}/restaurants/bites`, {
    name: 'Campus Bites',
    location: 'Block A',
    cuisine: 'Fast food',
    openTime: '10:00 AM',
    closeTime: '10:00 PM',
    is24x7: false,
  });
  // No is24x7: the original's default (open all day).
  set(`${LHR}/restaurants/chai`, {
    name: 'Chai Corner',
    location: 'Library',
    cuisine: 'Tea',
    openTime: '7:30 AM',
    closeTime: '11:00 PM',
  });
  set(`${KHI}/restaurants/biryani`, {
    name: 'Biryani House',
    location: 'Gate 2',
    cuisine: 'Desi',
    openTime: '12:00 PM',
    closeTime: '2:00 AM',
    is24x7: false,
  });
  set(`${LHR}/restaurants/bites/menuItems/burger`, {
    name: 'Zinger Burger',
    price: '450',
    description: 'Crispy',
    photoURL: `${photoHost.url}/burger.png`,
  });
  set(`${LHR}/restaurants/bites/menuItems/fries`, { name: 'Fries', price: 180 });
  set(`${LHR}/restaurants/bites/menuItems/mystery`, { name: 'Mystery', price: 'abc' });
  set(`${LHR}/restaurants/chai/menuItems/doodh-patti`, { name: 'Doodh Patti', price: '80.50' });
  set(`${KHI}/restaurants/biryani/menuItems/biryani`, { name: 'Chicken Biryani', price: '350' });
  set(`${LHR}/martItems/water`, {
    name: 'Water 500ml',
    price: '60',
    category: 'Drinks',
    stock: '24',
    description: 'Chilled',
  });
  set(`${LHR}/martItems/chips`, { name: 'Chips', price: 50, category: 'Snacks', stock: -2 });
  set(`${KHI}/martItems/juice`, {
    name: 'Juice',
    price: '90',
    category: 'Drinks',
    stock: 10,
    photoURL: 'http://127.0.0.1:1/juice.png',
  });
  set('allowedDomains/d-lhr', {
    name: 'Northfield Lahore',
    domain: 'lhr.northfield.edu.pk',
    universityId: 'uni-north',
    campusId: 'lhr',
  });
  set('allowedDomains/d-khi', {
    name: 'Southgate',
    domain: '@SouthGate.edu.pk',
    universityId: 'uni-south',
    campusId: 'khi',
  });
  const person = (uid: string, fields: Record<string, unknown>) =>
    set(`users/${uid}`, {
      uid,
      createdAt: '2025-09-01T08:00:00.000Z',
      emailVerified: false,
      ...fields,
    });
  person(OWNER.uid, {
    email: OWNER.email,
    firstName: 'Owner',
    lastName: 'Shah',
    role: 'superAdmin',
    universityId: 'uni-north',
    campusId: 'lhr',
  });
  person(ADMIN.uid, {
    email: ADMIN.email,
    firstName: 'Sana',
    lastName: 'Malik',
    role: 'campusAdmin',
    universityId: 'uni-north',
    campusId: 'lhr',
  });
  person('student-uid', {
    email: 'Ali@ISB.Northfield.edu.pk',
    firstName: 'Ali',
    lastName: 'Raza',
    role: 'user',
    universityId: 'uni-north',
    campusId: 'isb',
  });
  person('odd-role-uid', {
    email: 'zara@southgate.edu.pk',
    firstName: 'Zara',
    lastName: 'Ahmed',
    role: 'manager',
    universityId: 'uni-south',
    campusId: 'khi',
  });
  person('elsewhere-uid', {
    email: 'omar@elsewhere.edu.pk',
    firstName: 'Omar',
    lastName: 'Butt',
    role: 'user',
    universityId: 'uni-gone',
    campusId: 'nowhere',
  });
  firebase.addAccount(OWNER);
  firebase.addAccount(ADMIN);
}

const quiet: Progress = { read: () => {}, universityDone: () => {}, finish: () => {} };

async function importOnce(options: Partial<ImportOptions> = {}, login = OWNER) {
  const source = await FirebaseSource.open(standIn.config, login, {
    firestore: `${standIn.host}:${standIn.port}`,
    auth: `${standIn.host}:${standIn.port}`,
  });
  try {
    const dryRun = options.dryRun ?? false;
    const report = newReport({
      projectId: standIn.config.projectId,
      dryRun,
      prune: options.prune ?? false,
      rehost: options.photos?.rehost ?? false,
    });
    return await runImport(
      database.db,
      source,
      {
        dryRun,
        prune: false,
        photos: { images: test.images, rehost: false },
        ...options,
      },
      report,
      quiet,
    );
  } finally {
    await source.close();
  }
}

/** Every row the import writes, in a stable order, to compare runs. */
async function everything() {
  const { db } = database;
  return {
    universities: await db.select().from(universities).orderBy(asc(universities.name)),
    campuses: await db.select().from(campuses).orderBy(asc(campuses.name)),
    restaurants: await db.select().from(restaurants).orderBy(asc(restaurants.name)),
    menuItems: await db.select().from(menuItems).orderBy(asc(menuItems.name)),
    martItems: await db.select().from(martItems).orderBy(asc(martItems.name)),
    domains: await db.select().from(allowedDomains).orderBy(asc(allowedDomains.domain)),
    users: await db.select().from(users).orderBy(asc(users.email)),
    accounts: await db.select().from(accounts).orderBy(asc(accounts.userId)),
    mappings: await db.select().from(firebaseImports).orderBy(asc(firebaseImports.sourcePath)),
    audit: await db.select().from(auditLog).orderBy(asc(auditLog.id)),
    outbox: await db.select().from(outbox).orderBy(asc(outbox.id)),
  };
}

async function idOf(path: string) {
  const [row] = await database.db
    .select({ id: firebaseImports.targetId })
    .from(firebaseImports)
    .where(eq(firebaseImports.sourcePath, path));
  if (!row) throw new Error(`${path} was not imported`);
  return row.id;
}

function tempDir(name: string) {
  const dir = mkdtempSync(join(tmpdir(), name));
  made.push(dir);
  return dir;
}

beforeAll(async () => {
  database = await openTestDatabase();
  redis = await openCheckedRedis(testRedisUrl(), 'producer', testLog);
  const photoServer = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'image/png' }).end(gradientPng(64, 48));
  });
  await new Promise<void>((done) => photoServer.listen(0, '127.0.0.1', done));
  photoHost = {
    url: `http://127.0.0.1:${(photoServer.address() as AddressInfo).port}`,
    close: () => photoServer.close(),
  };
  standIn = await startFirebaseStandIn();
  seed(standIn);
  test = createTestApp({ database, redis });
});

afterAll(async () => {
  await standIn?.close();
  photoHost?.close();
  await test?.close();
  redis?.disconnect();
  await database?.close();
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

describe(`the Firebase import on ${engine}`, () => {
  it('says what it would do on a dry run and writes nothing', async () => {
    const before = await everything();
    const report = await importOnce({ dryRun: true });
    expect(report.collections.universities).toMatchObject({ read: 2, added: 2 });
    expect(report.collections.menuItems).toMatchObject({ read: 5, added: 4, skipped: 1 });
    expect(await everything()).toEqual(before);
  });

  it('imports every collection, converting and checking each field', async () => {
    const report = await importOnce();
    expect(report.universities.map((u) => u.outcome)).toEqual(['imported', 'imported']);
    expect(report.collections).toMatchObject({
      universities: { read: 2, added: 2, skipped: 0 },
      campuses: { read: 3, added: 3 },
      restaurants: { read: 3, added: 3 },
      menuItems: { read: 5, added: 4, skipped: 1 },
      martItems: { read: 3, added: 3 },
      allowedDomains: { read: 2, added: 2 },
      users: { read: 5, added: 5 },
    });
    const rows = await everything();
    expect(rows.universities.map((u) => u.name)).toEqual([
      'Northfield University',
      'Southgate Institute',
    ]);
    expect(rows.campuses.map((c) => [c.name, c.location])).toEqual([
      ['Islamabad', null],
      ['Karachi', 'Clifton'],
      ['Lahore', 'Canal Road'],
    ]);
    expect(rows.restaurants.map((r) => [r.name, r.openTime, r.closeTime, r.is24x7])).toEqual([
      ['Biryani House', '12:00 PM', '2:00 AM', false],
      ['Campus Bites', '10:00 AM', '10:00 PM', false],
      ['Chai Corner', '7:30 AM', '11:00 PM', true],
    ]);
    expect(rows.menuItems.map((m) => [m.name, m.pricePaisa, m.photoUrl])).toEqual([
      ['Chicken Biryani', 35_000, null],
      ['Doodh Patti', 8_050, null],
      ['Fries', 18_000, null],
      // http: the storefront shows photos from https hosts only; kept only when https.
      ['Zinger Burger', 45_000, null],
    ]);
    expect(rows.martItems.map((m) => [m.name, m.pricePaisa, m.stock, m.photoUrl])).toEqual([
      ['Chips', 5_000, 0, null],
      ['Juice', 9_000, 10, null],
      ['Water 500ml', 6_000, 24, null],
    ]);
    const lahore = await idOf(LHR);
    expect(rows.domains.map((d) => [d.domain, d.campusId])).toEqual([
      ['@lhr.northfield.edu.pk', lahore],
      ['@southgate.edu.pk', await idOf(KHI)],
    ]);
    expect(
      rows.users.map((u) => [u.email, u.role, u.campusName, u.universityName, u.emailVerified]),
    ).toEqual([
      ['admin@lhr.northfield.edu.pk', 'campusAdmin', 'Lahore', 'Northfield University', false],
      ['ali@isb.northfield.edu.pk', 'user', 'Islamabad', 'Northfield University', false],
      ['omar@elsewhere.edu.pk', 'user', '', '', false],
      ['owner@northfield.edu.pk', 'superAdmin', 'Lahore', 'Northfield University', false],
      ['zara@southgate.edu.pk', 'user', 'Karachi', 'Southgate Institute', false],
    ]);
    expect(rows.users.find((u) => u.email === 'owner@northfield.edu.pk')?.createdAt).toEqual(
      new Date('2025-09-01T08:00:00.000Z'),
    );
    // Without --auth-export nobody has a password yet: each sets one through a reset link.
    expect(rows.accounts).toEqual([]);
    const tabJobs = rows.outbox
      .filter((row) => row.jobName === 'create-sheet-tab')
      .map((row) => (row.payload as { tabName: string }).tabName)
      .sort();
    expect(tabJobs).toEqual([
      'Northfield_University_Islamaba',
      'Northfield_University_Lahore',
      'Southgate_Institute_Karachi',
    ]);
    const problems = report.problems.map((p) => [p.path, p.imported]);
    expect(problems).toEqual(
      expect.arrayContaining([
        [`${LHR}/restaurants/bites/menuItems/mystery`, false],
        [`${LHR}/restaurants/bites/menuItems/burger`, true],
        [`${LHR}/martItems/chips`, true],
        [`${KHI}/martItems/juice`, true],
        ['users/odd-role-uid', true],
        ['users/elsewhere-uid', true],
      ]),
    );
    expect(report.problems).toHaveLength(6);
    expect(report.problems.find((p) => p.path.endsWith('mystery'))?.reason).toMatch(/^price: /);
    expect(report.problems.find((p) => p.path === 'users/odd-role-uid')?.reason).toMatch(
      /role 'manager'.*imported as user/,
    );
    expect(report.conflicts).toEqual([]);
    expect(standIn.refusals).toEqual([]);
  });

  it('changes nothing on a second run', async () => {
    const before = await everything();
    const report = await importOnce();
    for (const counts of Object.values(report.collections)) {
      expect(counts).toMatchObject({ added: 0, updated: 0, removed: 0, missing: 0 });
    }
    expect(report.collections.menuItems.unchanged).toBe(4);
    expect(await everything()).toEqual(before);
  });

  it('updates exactly the row whose document changed', async () => {
    const before = await everything();
    standIn.setDocument(`${LHR}/restaurants/bites/menuItems/fries`, {
      name: 'Fries',
      price: '200',
    });
    const report = await importOnce();
    expect(report.collections.menuItems).toMatchObject({ updated: 1, unchanged: 3, added: 0 });
    const after = await everything();
    const fries = await idOf(`${LHR}/restaurants/bites/menuItems/fries`);
    expect(after.menuItems.find((m) => m.id === fries)?.pricePaisa).toBe(20_000);
    const others = (rows: typeof before) => rows.menuItems.filter((m) => m.id !== fries);
    expect(others(after)).toEqual(others(before));
    expect(after.restaurants).toEqual(before.restaurants);
    expect(after.users).toEqual(before.users);
  });

  it('reports a deleted document as missing, and removes its row with --prune', async () => {
    const path = `${LHR}/restaurants/chai/menuItems/doodh-patti`;
    const id = await idOf(path);
    standIn.deleteDocument(path);
    const kept = await importOnce();
    expect(kept.collections.menuItems).toMatchObject({ missing: 1, removed: 0 });
    expect(await database.db.select().from(menuItems).where(eq(menuItems.id, id))).toHaveLength(1);
    const pruned = await importOnce({ prune: true });
    expect(pruned.collections.menuItems).toMatchObject({ missing: 1, removed: 1 });
    expect(await database.db.select().from(menuItems).where(eq(menuItems.id, id))).toEqual([]);
    await expect(idOf(path)).rejects.toThrow('was not imported');
    const again = await importOnce();
    expect(again.collections.menuItems).toMatchObject({ missing: 0, removed: 0, unchanged: 3 });
  });

  it('rolls back only the university whose reading fails halfway, and finishes it next run', async () => {
    const EAST = 'universities/uni-east';
    standIn.setDocument(EAST, { name: 'Eastern College' });
    standIn.setDocument(`${EAST}/campuses/pes`, { name: 'Peshawar' });
    standIn.setDocument(`${EAST}/campuses/pes/restaurants/kebab`, {
      name: 'Kebab Stop',
      location: 'Main gate',
      cuisine: 'Grill',
    });
    standIn.failReads((path) => path.startsWith(`${EAST}/campuses/pes/restaurants`));
    const failed = await importOnce();
    standIn.clearFaults();
    const east = failed.universities.find((u) => u.path === EAST);
    expect(east).toMatchObject({ outcome: 'failed', name: 'Eastern College' });
    expect(east?.reason).toMatch(/Could not reach Firebase while reading/);
    expect(failed.universities.filter((u) => u.outcome === 'imported')).toHaveLength(2);
    const names = await database.db.select({ name: universities.name }).from(universities);
    expect(names.map((u) => u.name)).not.toContain('Eastern College');
    expect(
      await database.db.select().from(firebaseImports).where(eq(firebaseImports.sourcePath, EAST)),
    ).toEqual([]);
    const finished = await importOnce();
    expect(finished.universities.find((u) => u.path === EAST)?.outcome).toBe('imported');
    expect(finished.collections.restaurants).toMatchObject({ added: 1 });
  });

  it('copies photos into our image store with --rehost, once', async () => {
    const burger = `${LHR}/restaurants/bites/menuItems/burger`;
    const images = createLocalImageStore({ dir: tempDir('campus-firebase-photos-') });
    // The guard of every fetch refuses the stand-in host (http, this machine), and says so
    // without its answer.
    const refused = await importOnce({ photos: { images, rehost: true } });
    expect(refused.photosCopied).toBe(0);
    expect(refused.problems.map((problem) => problem.reason).join('\n')).toContain(
      `photo ${photoHost.url}/burger.png could not be copied (it is not an https address)`,
    );
    const first = await importOnce({ photos: { images, rehost: true, fetchGuard: STAND_IN } });
    expect(first.photosCopied).toBe(1);
    const [item] = await database.db
      .select({ photoUrl: menuItems.photoUrl })
      .from(menuItems)
      .where(eq(menuItems.id, await idOf(burger)));
    expect(item?.photoUrl).toMatch(/^\/uploads\//);
    const [upload] = await database.db
      .select()
      .from(uploads)
      .where(eq(uploads.url, item?.photoUrl ?? ''));
    expect(upload).toMatchObject({ purpose: 'menu-photo', contentType: 'image/png' });
    const second = await importOnce({ photos: { images, rehost: true, fetchGuard: STAND_IN } });
    expect(second.photosCopied).toBe(0);
    expect(second.collections.menuItems.updated).toBe(0);
  });

  it('leaves out a university whose name is taken here, and brings its people without a campus', async () => {
    const LAKE = 'universities/lake';
    await database.db.insert(universities).values({ id: 'local-lake', name: 'Lakeside College' });
    standIn.setDocument(LAKE, { name: 'lakeside college' });
    standIn.setDocument(`${LAKE}/campuses/shore`, { name: 'Shore' });
    standIn.setDocument('users/lake-uid', {
      email: 'hina@lakeside.edu.pk',
      firstName: 'Hina',
      lastName: 'Iqbal',
      role: 'user',
      universityId: 'lake',
      campusId: 'shore',
    });
    const report = await importOnce();
    expect(report.universities.find((u) => u.path === LAKE)).toMatchObject({
      outcome: 'skipped',
      reason: "a university named 'lakeside college' already exists here",
    });
    expect(report.conflicts).toEqual([
      { path: LAKE, reason: "a university named 'lakeside college' already exists here" },
    ]);
    expect(report.collections.campuses.skipped).toBe(1);
    const [hina] = await database.db
      .select()
      .from(users)
      .where(eq(users.email, 'hina@lakeside.edu.pk'));
    expect(hina).toMatchObject({ campusId: null, universityId: null, role: 'user' });
    expect(report.problems).toContainEqual({
      path: 'users/lake-uid',
      reason: `campus ${LAKE}/campuses/shore was not imported: imported without a campus`,
      imported: true,
    });
  });

  it('refuses a wrong password and an account that is not a superAdmin, before writing', async () => {
    await expect(importOnce({}, { ...OWNER, password: 'not-it' })).rejects.toThrow(
      new ImportStop('Firebase refused this e-mail and password.'),
    );
    await expect(importOnce({}, ADMIN)).rejects.toThrow(
      /is not a superAdmin of this Firebase deployment/,
    );
  });
});

describe(`people brought over from Firebase sign in on ${engine}`, () => {
  const browser = () => new Headers({ 'user-agent': 'vitest', 'x-forwarded-for': '203.0.113.7' });
  const login = (email: string, password: string) =>
    ZLoginForm.parse({ email, password, captcha: 'checked by the route' });
  const attempt = () => ({ refund: async () => {} }) as unknown as Parameters<typeof signIn>[3];
  const deps = () => ({ ...test.accounts, log: testLog });

  it('with --auth-export, an old password signs in once through Firebase scrypt, then ours', async () => {
    const salt = Buffer.from('salt-of-sana').toString('base64');
    const hash = await new FirebaseScrypt(TEST_HASH_PARAMETERS).hash(ADMIN.password, salt);
    const dir = tempDir('campus-firebase-auth-');
    writeFileSync(
      join(dir, 'users.json'),
      JSON.stringify({
        users: [
          { localId: ADMIN.uid, email: ADMIN.email, emailVerified: true, passwordHash: hash, salt },
          { localId: 'odd-role-uid', email: 'zara@southgate.edu.pk', disabled: true },
        ],
      }),
    );
    writeFileSync(
      join(dir, 'hash.json'),
      JSON.stringify({
        hash_config: {
          algorithm: 'SCRYPT',
          base64_signer_key: TEST_HASH_PARAMETERS.signerKey,
          base64_salt_separator: TEST_HASH_PARAMETERS.saltSeparator,
          rounds: TEST_HASH_PARAMETERS.rounds,
          mem_cost: TEST_HASH_PARAMETERS.memCost,
        },
      }),
    );
    const authExport = await readAuthExport(join(dir, 'users.json'), join(dir, 'hash.json'));
    const report = await importOnce({ authExport });
    expect(report.problems).toContainEqual({
      path: 'users/odd-role-uid',
      reason: 'the account is disabled in Firebase Authentication',
      imported: false,
    });
    const adminId = await idOf(`users/${ADMIN.uid}`);
    const stored = async () =>
      (await database.db.select().from(accounts).where(eq(accounts.userId, adminId)))[0]?.password;
    expect(isFirebasePasswordHash((await stored()) ?? '')).toBe(true);

    await expect(
      signIn(deps(), login(ADMIN.email, 'wrong-password'), browser(), attempt()),
    ).rejects.toMatchObject({ status: 401 });
    const signedIn = await signIn(deps(), login(ADMIN.email, ADMIN.password), browser(), attempt());
    expect(signedIn.user).toMatchObject({ role: 'campusAdmin', campusName: 'Lahore' });
    const ours = await stored();
    expect(isFirebasePasswordHash(ours ?? '')).toBe(false);
    await signIn(deps(), login(ADMIN.email, ADMIN.password), browser(), attempt());
    // A later import leaves the password set here alone.
    await importOnce({ authExport });
    expect(await stored()).toBe(ours);
  });

  it('without a password, sign-in mails a link; setting a password there verifies the address', async () => {
    const email = 'ali@isb.northfield.edu.pk';
    await expect(
      signIn(deps(), login(email, 'anything-at-all'), browser(), attempt()),
    ).rejects.toMatchObject({
      status: 403,
      code: 'auth/password-not-set',
      message: AUTH_MESSAGES.passwordNotSet(email),
    });
    const link = (await listOutbox(test.mailer.outboxDir as string))
      .filter((mail) => mail.to.includes(email))
      .flatMap((mail) => mail.links)
      .find((l) => l.includes('/reset-password?token='));
    const token = link && new URL(link).searchParams.get('token');
    expect(token).toBeTruthy();
    const password = 'a-new-password-1';
    await setNewPassword(
      test.accounts.auth,
      ZNewPasswordForm.parse({ token, password, confirmPassword: password }),
    );
    const signedIn = await signIn(deps(), login(email, password), browser(), attempt());
    expect(signedIn.user).toMatchObject({ email, emailVerified: true, campusName: 'Islamabad' });
  });
});

describe.runIf(engine === 'pglite')('npm run import:firebase', () => {
  const cli = (args: string[], env: Record<string, string> = {}) =>
    spawnNode(
      ['--import', 'tsx', 'api/src/firebase-import/main.ts', ...args],
      {
        DATA_DIR: tempDir('campus-firebase-cli-'),
        FIRESTORE_EMULATOR_HOST: `${standIn.host}:${standIn.port}`,
        FIREBASE_AUTH_EMULATOR_HOST: `${standIn.host}:${standIn.port}`,
        ...env,
      },
      repoRoot,
    );

  it('stops with a clear message on a bad config or a password given as an argument', async () => {
    const dir = tempDir('campus-firebase-config-');
    writeFileSync(join(dir, 'bad.json'), '{"apiKey": "k", "authDomain": "x.firebaseapp.com"}');
    const bad = cli(['--config', join(dir, 'bad.json'), '--email', OWNER.email], {
      FIREBASE_IMPORT_PASSWORD: OWNER.password,
    });
    expect(await bad.exited).toBe(2);
    expect(bad.output()).toContain('The Firebase config is not usable: projectId is missing.');
    expect(bad.output()).toContain('Nothing was written.');
    const password = cli(['--password', OWNER.password]);
    expect(await password.exited).toBe(2);
    expect(password.output()).toContain('The password is never an argument');
  }, 60_000);

  it('prints the report of a dry run and writes it as JSON', async () => {
    const dir = tempDir('campus-firebase-config-');
    writeFileSync(join(dir, 'config.json'), JSON.stringify(standIn.config));
    const reportFile = join(dir, 'report.json');
    const args = ['--config', join(dir, 'config.json'), '--email', OWNER.email, '--dry-run'];
    const dry = cli([...args, '--report', reportFile], {
      FIREBASE_IMPORT_PASSWORD: OWNER.password,
    });
    expect(await dry.exited, dry.output()).toBe(0);
    expect(dry.output()).toContain('(dry run: nothing was written)');
    expect(dry.output()).toMatch(/^menuItems\s+\d+\s+\d+\s+0\s+0\s+1\s+0\s+0$/m);
    const report = JSON.parse(readFileSync(reportFile, 'utf8')) as ImportReport;
    expect(report.dryRun).toBe(true);
    expect(report.collections.universities.added).toBe(report.collections.universities.read);
  }, 90_000);
});
