import { createCampus } from '@campus/api/campuses/create-campus';
import { deleteCampus } from '@campus/api/campuses/delete-campus';
import { updateCampus } from '@campus/api/campuses/update-campus';
import { createDomain } from '@campus/api/domains/create-domain';
import { deleteDomain } from '@campus/api/domains/delete-domain';
import { updateDomain } from '@campus/api/domains/update-domain';
import { createUniversity } from '@campus/api/universities/create-university';
import { deleteUniversity } from '@campus/api/universities/delete-university';
import { updateUniversity } from '@campus/api/universities/update-university';
import { changeUserRole } from '@campus/api/users/change-user-role';
import { clearCampusUsers } from '@campus/api/users/clear-campus-users';
import { createUser } from '@campus/api/users/create-user';
import { deleteUser } from '@campus/api/users/delete-user';
import { findUser } from '@campus/api/users/find-user';
import {
  ADMIN_FORM_MESSAGES,
  ZCampusForm,
  ZCreateUserForm,
  ZDomainForm,
  ZUniversityForm,
} from '@campus/shared/domain/admin-forms';
import type { TUserProfile } from '@campus/shared/domain/entities';
import { SHEET_TAB_MESSAGES, sheetTabName } from '@campus/shared/domain/sheet-tab';
import { CatalogueCache } from '@campus/shared/server/catalogue/cache';
import { databaseCatalogueSource } from '@campus/shared/server/catalogue/queries';
import type { Database } from '@campus/shared/server/db/client';
import {
  allowedDomains,
  auditLog,
  campuses,
  outbox,
  universities,
  users,
} from '@campus/shared/server/db/schema';
import { createProducer, type Producer } from '@campus/shared/server/queue';
import { openCheckedRedis } from '@campus/shared/server/redis';
import { and, eq } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addUser,
  buildAdminTree,
  campusForm,
  createUserForm,
  domainForm,
  universityForm,
} from '../../support/admin';
import { engine, openTestDatabase } from '../../support/database';
import { testLog } from '../../support/logger';
import { createPerson } from '../../support/people';
import { testQueuePrefix, testRedisUrl } from '../../support/redis';

// The super admin's write use cases, called directly (the routes' tests go through HTTP): each
// writes its rows and its audit row, plans the tab jobs a campus needs, and the storefront's
// cache shows the change at once.

let database: Database;
let redis: Redis;
let producer: Producer;
let catalogue: CatalogueCache;
let superAdmin: TUserProfile;

const db = () => database.db;
const deps = () => ({ db: db(), producer, catalogue, log: testLog });

async function profileOf(id: string): Promise<TUserProfile> {
  const profile = await findUser(db(), id);
  if (!profile) throw new Error(`no profile ${id}`);
  return profile;
}

const auditRows = (entity: string, entityId: string) =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, entityId)));

/** The names of the universities the storefront lists now. */
async function storefrontUniversities(): Promise<string[]> {
  const { body } = await catalogue.universities();
  return (JSON.parse(body) as { universities: { name: string }[] }).universities.map(
    (university) => university.name,
  );
}

/** The outbox rows of a tab's jobs, and whether each is queued. */
const tabJobs = (tabName: string) =>
  db()
    .select({ jobName: outbox.jobName, enqueuedAt: outbox.enqueuedAt })
    .from(outbox)
    .where(eq(outbox.payload, { tabName }));

beforeAll(async () => {
  database = await openTestDatabase();
  redis = await openCheckedRedis(testRedisUrl(), 'producer', testLog);
  producer = createProducer(redis, testQueuePrefix(), testLog);
  catalogue = new CatalogueCache(databaseCatalogueSource(database.db));
  superAdmin = await profileOf((await createPerson(database.db, 'superAdmin')).id);
});

afterAll(async () => {
  await producer?.close();
  redis?.disconnect();
  await database?.close();
});

describe(`universities and campuses on ${engine}`, () => {
  it('creates a university the storefront lists at once, with its audit row', async () => {
    const form = ZUniversityForm.parse(universityForm());
    expect(await storefrontUniversities()).not.toContain(form.name);
    const university = await createUniversity(deps(), superAdmin, form);
    expect(await storefrontUniversities()).toContain(form.name);
    expect(await auditRows('university', university.id)).toMatchObject([
      { action: 'create', actorId: superAdmin.uid, details: { name: form.name } },
    ]);
  });

  it('renames a university, its people’s profiles and its campuses’ tabs', async () => {
    const tree = await buildAdminTree(db());
    const student = await addUser(db(), tree);
    const form = ZUniversityForm.parse(universityForm());
    const renamed = await updateUniversity(deps(), superAdmin, tree.university.id, form);
    const newTab = sheetTabName(form.name, tree.campus.name);
    expect(renamed).toEqual({
      university: { id: tree.university.id, name: form.name },
      sheetTabs: [{ queued: true, tabName: newTab }],
    });
    expect((await profileOf(student.id)).universityName).toBe(form.name);
    expect(await tabJobs(newTab)).toMatchObject([{ jobName: 'create-sheet-tab' }]);
    expect(await storefrontUniversities()).toContain(form.name);
  });

  it('deletes a university with its campuses, plans their tab deletes, and people stay', async () => {
    const tree = await buildAdminTree(db());
    const student = await addUser(db(), tree);
    const tab = sheetTabName(tree.university.name, tree.campus.name);
    const result = await deleteUniversity(deps(), superAdmin, tree.university.id);
    expect(result).toEqual({ sheetTabs: [{ queued: true, tabName: tab }] });
    expect(await db().select().from(campuses).where(eq(campuses.id, tree.campus.id))).toEqual([]);
    expect(await profileOf(student.id)).toMatchObject({ universityName: '', campusName: '' });
    expect(await tabJobs(tab)).toMatchObject([{ jobName: 'delete-sheet-tab' }]);
    expect(await storefrontUniversities()).not.toContain(tree.university.name);
  });

  it('creates a campus with its tab job queued, and refuses a name whose tab is taken', async () => {
    const tree = await buildAdminTree(db());
    const form = ZCampusForm.parse(campusForm(tree));
    const { campus, sheetTab } = await createCampus(deps(), superAdmin, form);
    const tab = sheetTabName(tree.university.name, form.name);
    expect(sheetTab).toEqual({ queued: true, tabName: tab });
    expect(campus).toMatchObject({ universityId: tree.university.id, name: form.name });
    expect((await tabJobs(tab))[0]?.enqueuedAt).not.toBeNull();
    // A dot is not part of a tab name: this campus would write to the first one's tab.
    const again = createCampus(deps(), superAdmin, { ...form, name: `${form.name}.` });
    await expect(again).rejects.toMatchObject({
      status: 400,
      fields: { name: SHEET_TAB_MESSAGES.collision(tab) },
    });
  });

  it('renames a campus, its people’s profiles and plans the new tab; a move is refused', async () => {
    const tree = await buildAdminTree(db());
    const student = await addUser(db(), tree);
    const payTo = { payToAccountTitle: 'Canteen', payToBankName: 'HBL', payToAccountNumber: '12' };
    const form = ZCampusForm.parse(campusForm(tree, payTo));
    const { campus, sheetTab } = await updateCampus(deps(), superAdmin, tree.campus.id, form);
    expect(campus).toEqual({
      ...payTo,
      id: tree.campus.id,
      universityId: tree.university.id,
      name: form.name,
      location: 'Canal Road',
    });
    expect(sheetTab).toEqual({
      queued: true,
      tabName: sheetTabName(tree.university.name, form.name),
    });
    expect((await profileOf(student.id)).campusName).toBe(form.name);
    const other = await buildAdminTree(db());
    const move = updateCampus(deps(), superAdmin, tree.campus.id, {
      ...form,
      universityId: other.university.id,
    });
    await expect(move).rejects.toMatchObject({
      status: 400,
      fields: { universityId: ADMIN_FORM_MESSAGES.selectUniversity },
    });
  });

  it('deletes a campus, answers it and its tab delete, and a second delete is a 404', async () => {
    const tree = await buildAdminTree(db());
    const { campus, sheetTab } = await deleteCampus(deps(), superAdmin, tree.campus.id);
    expect(campus).toMatchObject({ id: tree.campus.id, name: tree.campus.name });
    expect(sheetTab).toEqual({
      queued: true,
      tabName: sheetTabName(tree.university.name, tree.campus.name),
    });
    expect(await auditRows('campus', tree.campus.id)).toMatchObject([{ action: 'delete' }]);
    await expect(deleteCampus(deps(), superAdmin, tree.campus.id)).rejects.toMatchObject({
      status: 404,
    });
    const [university] = await db()
      .select()
      .from(universities)
      .where(eq(universities.id, tree.university.id));
    expect(university).toBeDefined();
  });
});

describe(`allowed domains on ${engine}`, () => {
  it('creates, changes and deletes a domain, each with its audit row', async () => {
    const tree = await buildAdminTree(db());
    const form = ZDomainForm.parse(domainForm(tree));
    const domain = await createDomain(db(), superAdmin, form);
    expect(domain).toMatchObject({ campusId: tree.campus.id, domain: form.domain });
    const changed = await updateDomain(db(), superAdmin, domain.id, { ...form, name: 'Alumni' });
    expect(changed.name).toBe('Alumni');
    await deleteDomain(db(), superAdmin, domain.id);
    expect(
      await db().select().from(allowedDomains).where(eq(allowedDomains.id, domain.id)),
    ).toEqual([]);
    expect((await auditRows('domain', domain.id)).map((row) => row.action)).toEqual([
      'create',
      'update',
      'delete',
    ]);
  });

  it('refuses a domain for a campus that does not exist, and one already taken', async () => {
    const tree = await buildAdminTree(db());
    const form = ZDomainForm.parse(domainForm(tree));
    await expect(
      createDomain(db(), superAdmin, { ...form, campusId: 'no-such-campus' }),
    ).rejects.toMatchObject({
      status: 400,
      fields: { campusId: ADMIN_FORM_MESSAGES.selectAUniversityAndCampus },
    });
    await createDomain(db(), superAdmin, form);
    await expect(createDomain(db(), superAdmin, form)).rejects.toMatchObject({
      status: 400,
      fields: { domain: `"${form.domain}" already exists.` },
    });
  });
});

describe(`people on ${engine}`, () => {
  it('creates a verified account at a campus, with the campus’s names on its profile', async () => {
    const tree = await buildAdminTree(db());
    const form = ZCreateUserForm.parse(createUserForm(tree));
    const user = await createUser(db(), superAdmin, form);
    expect(user).toMatchObject({
      email: form.email,
      role: 'campusAdmin',
      campusId: tree.campus.id,
      campusName: tree.campus.name,
      emailVerified: true,
    });
    expect(await auditRows('user', user.uid)).toMatchObject([{ action: 'create' }]);
  });

  it('changes a role, but never the asker’s own', async () => {
    const tree = await buildAdminTree(db());
    const student = await addUser(db(), tree);
    expect((await changeUserRole(db(), superAdmin, student.id, 'campusAdmin')).role).toBe(
      'campusAdmin',
    );
    expect((await profileOf(student.id)).role).toBe('campusAdmin');
    await expect(changeUserRole(db(), superAdmin, superAdmin.uid, 'user')).rejects.toMatchObject({
      fields: { role: ADMIN_FORM_MESSAGES.cannotChangeOwnRole },
    });
  });

  it('deletes a person, but never the asker', async () => {
    const tree = await buildAdminTree(db());
    const student = await addUser(db(), tree);
    await deleteUser(db(), superAdmin, student.id);
    expect(await findUser(db(), student.id)).toBeNull();
    await expect(deleteUser(db(), superAdmin, superAdmin.uid)).rejects.toMatchObject({
      fields: { id: ADMIN_FORM_MESSAGES.cannotDeleteSelf },
    });
    expect(await findUser(db(), superAdmin.uid)).not.toBeNull();
  });

  it('clears a campus’s students and campus admins, and no super admin', async () => {
    const tree = await buildAdminTree(db());
    await addUser(db(), tree);
    await createPerson(db(), 'campusAdmin', tree.campus);
    const keeper = await createPerson(db(), 'superAdmin', tree.campus);
    expect(await clearCampusUsers(db(), superAdmin, tree.campus.id)).toBe(2);
    const left = await db().select().from(users).where(eq(users.campusId, tree.campus.id));
    expect(left.map((row) => row.id)).toEqual([keeper.id]);
    expect(await clearCampusUsers(db(), superAdmin, tree.campus.id)).toBe(0);
  });
});
