import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AUTH_MESSAGES } from '@campus/shared/domain/auth-forms';
import { listOutbox } from '@campus/shared/server/mail/eml';
import { FirebaseScrypt } from 'firebase-scrypt';
import {
  type FirebaseStandIn,
  startFirebaseStandIn,
  TEST_HASH_PARAMETERS,
} from '../support/firebase-stand-in';
import { repoRoot, type Spawned, spawnNode } from '../support/process';
import { waitForCaptcha } from './support/auth';
import { chooseCampus } from './support/campus';
import { card } from './support/storefront';
import { expect, test } from './support/test';

// The importer's end-to-end check (decision 016): after `npm run import:firebase` into a fresh
// embedded database, the product started on it shows the imported campus's restaurants in the
// storefront, and the imported campus admin signs in with their Firebase password and reaches their
// dashboard; one without an exported password is told to set a new one.
// The product runs as a second all-in-one server of this spec's own (the embedded database
// serves one process, so the import runs before it starts).

const PORT = Number(process.env.E2E_PORT ?? 3917) + 11;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const DATA_DIR = `data/e2e-firebase-${PORT}`;
const OWNER = { uid: 'owner', email: 'owner@harbor.edu.pk', password: 'owner-secret-1' };
const ADMIN = { uid: 'sana', email: 'sana@seaside.harbor.edu.pk', password: 'firebase-pass-1' };
const CAMPUS = 'universities/harbor/campuses/seaside';

let standIn: FirebaseStandIn;
let server: Spawned | undefined;
let work: string;

async function seed() {
  const set = standIn.setDocument.bind(standIn);
  set('universities/harbor', { name: 'Harbor University' });
  set(CAMPUS, { name: 'Seaside', location: 'Bay Road' });
  set(`${CAMPUS}/restaurants/diner`, {
    name: 'Dockside Diner',
    location: 'Pier 1',
    cuisine: 'Breakfast',
    openTime: '12:00 AM',
    closeTime: '11:59 PM',
  });
  set(`${CAMPUS}/restaurants/diner/menuItems/pancakes`, { name: 'Pancakes', price: '320' });
  set(`${CAMPUS}/restaurants/pizza`, {
    name: 'Pier Pizza',
    location: 'Pier 2',
    cuisine: 'Italian',
    is24x7: true,
  });
  set(`${CAMPUS}/martItems/water`, { name: 'Sea Water', price: 40, category: 'Drinks', stock: 5 });
  set('allowedDomains/seaside', {
    name: 'Seaside',
    domain: 'seaside.harbor.edu.pk',
    universityId: 'harbor',
    campusId: 'seaside',
  });
  const profile = { universityId: 'harbor', campusId: 'seaside', emailVerified: false };
  set(`users/${OWNER.uid}`, {
    ...profile,
    email: OWNER.email,
    firstName: 'Omar',
    lastName: 'H',
    role: 'superAdmin',
  });
  set(`users/${ADMIN.uid}`, {
    ...profile,
    email: ADMIN.email,
    firstName: 'Sana',
    lastName: 'M',
    role: 'campusAdmin',
  });
  standIn.addAccount(OWNER);
  standIn.addAccount(ADMIN);
  const salt = Buffer.from('salt of sana').toString('base64');
  const passwordHash = await new FirebaseScrypt(TEST_HASH_PARAMETERS).hash(ADMIN.password, salt);
  writeFileSync(join(work, 'config.json'), JSON.stringify(standIn.config));
  writeFileSync(
    join(work, 'users.json'),
    JSON.stringify({
      users: [{ localId: ADMIN.uid, email: ADMIN.email, emailVerified: true, passwordHash, salt }],
    }),
  );
  writeFileSync(join(work, 'hash.json'), JSON.stringify(TEST_HASH_PARAMETERS));
}

async function ready(timeoutMs = 90_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const answer = await fetch(`${ORIGIN}/readyz`).catch(() => null);
    if (answer?.ok) return;
    await new Promise((done) => setTimeout(done, 500));
  }
  throw new Error(`the imported product did not start:\n${server?.output()}`);
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  // An import and a product start: a minute on a busy machine.
  test.setTimeout(180_000);
  work = mkdtempSync(join(tmpdir(), 'campus-firebase-e2e-'));
  rmSync(join(repoRoot, DATA_DIR), { recursive: true, force: true });
  standIn = await startFirebaseStandIn();
  await seed();
  const emulator = `${standIn.host}:${standIn.port}`;
  const importer = spawnNode(
    [
      '--import',
      'tsx',
      'api/src/firebase-import/main.ts',
      ...['--config', join(work, 'config.json'), '--email', OWNER.email],
      ...['--auth-export', join(work, 'users.json'), '--hash-parameters', join(work, 'hash.json')],
      ...['--report', join(work, 'report.json')],
    ],
    {
      DATA_DIR,
      FIRESTORE_EMULATOR_HOST: emulator,
      FIREBASE_AUTH_EMULATOR_HOST: emulator,
      FIREBASE_IMPORT_PASSWORD: OWNER.password,
    },
    repoRoot,
  );
  expect(await importer.exited, importer.output()).toBe(0);
  server = spawnNode(
    ['--import', 'tsx', 'scripts/all-in-one.ts'],
    {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      PUBLIC_URL: ORIGIN,
      DATA_DIR,
      QUEUE_PREFIX: `campus-test-e2e-firebase-${PORT}`,
      LOG_LEVEL: 'warn',
      SEED_DEMO_DATA: 'false',
    },
    repoRoot,
  );
  await ready();
});

test.afterAll(async () => {
  if (server) {
    server.child.kill('SIGTERM');
    await server.exited;
  }
  await standIn?.close();
  rmSync(join(repoRoot, DATA_DIR), { recursive: true, force: true });
  if (work) rmSync(work, { recursive: true, force: true });
});

test('the imported campus shows its restaurants, menu and mart in the storefront', async ({
  page,
}) => {
  await page.goto(`${ORIGIN}/`);
  await chooseCampus(page, 'Harbor University', 'Seaside');
  await page.goto(`${ORIGIN}/restaurants`);
  await expect(card(page, 'Dockside Diner')).toBeVisible();
  await expect(card(page, 'Pier Pizza')).toBeVisible();
  await card(page, 'Dockside Diner')
    .getByRole('link', { name: /View Menu/ })
    .click();
  await expect(card(page, 'Pancakes')).toContainText('320');
  await page.goto(`${ORIGIN}/mart-items`);
  await expect(card(page, 'Sea Water')).toBeVisible();
});

test('the imported campus admin signs in with their Firebase password and reaches their dashboard', async ({
  page,
}) => {
  await page.goto(`${ORIGIN}/login`);
  await page.getByLabel('Email', { exact: true }).fill(ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await waitForCaptcha(page);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Campus Admin Dashboard' })).toBeVisible({
    timeout: 15_000,
  });
  await expect(page.getByText('Seaside').first()).toBeVisible();
});

test('a person whose password did not come over is told so and mailed a link to set one', async ({
  page,
  browserErrors,
}) => {
  // The refused sign-in is a 403, which Chromium logs as a failed load.
  browserErrors.allow({ text: /status of 403/, url: /\/api\/account\/sign-in$/ });
  await page.goto(`${ORIGIN}/login`);
  await page.getByLabel('Email', { exact: true }).fill(OWNER.email);
  await page.getByLabel('Password', { exact: true }).fill('whatever-it-was');
  await waitForCaptcha(page);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText(AUTH_MESSAGES.passwordNotSet(OWNER.email));
  const mails = await listOutbox(join(repoRoot, DATA_DIR, 'outbox'));
  expect(mails.some((mail) => mail.to.includes(OWNER.email))).toBe(true);
});
