import {
  ADMIN_API,
  type TCampusResponse,
  type TDeletedResponse,
  type TDomainResponse,
  type TDomainsResponse,
  type TOverviewResponse,
  type TUniversitiesResponse,
  type TUniversityDeleteResponse,
  type TUniversityResponse,
  type TUserResponse,
  type TUsersResponse,
} from '@campus/shared/domain/admin-api';
import { sheetTabName } from '@campus/shared/domain/sheet-tab';
import { restaurants, users } from '@campus/shared/server/db/schema';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import {
  addDomain,
  addUser,
  campusForm,
  createUserForm,
  domainForm,
  universityForm,
} from '../admin';
import {
  campusRow,
  db,
  domainRow,
  expectTabJob,
  query,
  restaurantRow,
  universityRow,
  userRow,
} from './context';
import type { Route } from './route';

/** The super admin's routes: the overview, the mail outbox, universities, campuses, users, domains. */
export const SUPER_ADMIN_ROUTES: Route[] = [
  // -- S: system overview, universities, campuses ------------------------------------------
  {
    label: 'GET /api/admin/overview',
    who: 'S',
    make: async () => ({
      method: 'GET',
      path: ADMIN_API.overview,
      done: async (answer) => {
        const { counts, usersByRole } = answer as TOverviewResponse;
        const [restaurantCount, userCount] = await Promise.all([
          db().$count(restaurants),
          db().$count(users),
        ]);
        expect(counts.restaurants).toBe(restaurantCount);
        expect(counts.users).toBe(userCount);
        expect(usersByRole.user + usersByRole.campusAdmin + usersByRole.superAdmin).toBe(userCount);
      },
    }),
  },
  {
    label: 'GET /api/admin/mail',
    who: 'S',
    make: async () => ({
      method: 'GET',
      path: '/api/admin/mail',
      done: async (answer) => {
        // The test app's mailer writes .eml files: the super admin reads them here.
        expect(answer).toMatchObject({ transport: 'outbox', messages: expect.any(Array) });
      },
    }),
  },
  {
    label: 'GET /api/admin/universities',
    who: 'S',
    make: async (tree) => ({
      method: 'GET',
      path: ADMIN_API.universities,
      done: async (answer) => {
        const listed = (answer as TUniversitiesResponse).universities.find(
          (u) => u.id === tree.university.id,
        );
        expect(listed?.campuses).toEqual([
          expect.objectContaining({
            id: tree.campus.id,
            payToAccountTitle: null,
            payToBankName: null,
            payToAccountNumber: null,
          }),
        ]);
      },
    }),
  },
  {
    label: 'POST /api/admin/universities',
    who: 'S',
    audit: { action: 'create', entity: 'university' },
    make: async () => {
      const body = universityForm();
      return {
        method: 'POST',
        path: ADMIN_API.universities,
        body,
        done: async (answer) => {
          const { university } = answer as TUniversityResponse;
          expect(university.name).toBe(body.name);
          expect((await universityRow(university.id))?.name).toBe(body.name);
        },
      };
    },
  },
  {
    label: 'PATCH /api/admin/universities/:id',
    who: 'S',
    audit: { action: 'update', entity: 'university' },
    make: async (tree) => {
      const body = { ...universityForm(), id: tree.university.id };
      return {
        method: 'PATCH',
        path: `${ADMIN_API.universities}/${tree.university.id}`,
        body,
        entityId: tree.university.id,
        done: async (answer) => {
          expect((answer as TUniversityResponse).university.name).toBe(body.name);
          expect((await universityRow(tree.university.id))?.name).toBe(body.name);
          // Its campus's orders now go to a tab of the new name.
          const tabName = sheetTabName(body.name, tree.campus.name);
          expect((answer as TUniversityResponse).sheetTabs).toEqual([{ queued: true, tabName }]);
          await expectTabJob('create-sheet-tab', tabName);
        },
      };
    },
  },
  {
    label: 'DELETE /api/admin/universities/:id',
    who: 'S',
    audit: { action: 'delete', entity: 'university' },
    make: async (tree) => ({
      method: 'DELETE',
      path: `${ADMIN_API.universities}/${tree.university.id}`,
      entityId: tree.university.id,
      done: async (answer) => {
        expect((answer as TUniversityDeleteResponse).sheetTabs).toHaveLength(1);
        expect(await universityRow(tree.university.id)).toBeUndefined();
      },
    }),
  },
  {
    label: 'POST /api/admin/campuses',
    who: 'S',
    audit: { action: 'create', entity: 'campus' },
    make: async (tree) => {
      const body = campusForm(tree);
      return {
        method: 'POST',
        path: ADMIN_API.campuses,
        body,
        done: async (answer) => {
          const { campus, sheetTab } = answer as TCampusResponse;
          expect(campus).toMatchObject({ universityId: tree.university.id, name: body.name });
          expect((await campusRow(campus.id))?.name).toBe(body.name);
          expect(sheetTab).toEqual({
            queued: true,
            tabName: sheetTabName(tree.university.name, body.name),
          });
        },
      };
    },
  },
  {
    label: 'PATCH /api/admin/campuses/:id',
    who: 'S',
    audit: { action: 'update', entity: 'campus' },
    make: async (tree) => {
      const body = campusForm(tree, {
        id: tree.campus.id,
        payToAccountTitle: 'Campus Canteen',
        payToBankName: 'Meezan Bank',
        payToAccountNumber: 'PK36 MEZN 0001 2345 6789',
      });
      return {
        method: 'PATCH',
        path: `${ADMIN_API.campuses}/${tree.campus.id}`,
        body,
        entityId: tree.campus.id,
        done: async (answer) => {
          expect((answer as TCampusResponse).campus).toMatchObject({
            id: tree.campus.id,
            name: body.name,
            payToBankName: 'Meezan Bank',
          });
          expect(await campusRow(tree.campus.id)).toMatchObject({
            name: body.name,
            location: 'Canal Road',
            payToAccountTitle: 'Campus Canteen',
            payToAccountNumber: 'PK36 MEZN 0001 2345 6789',
          });
        },
      };
    },
  },
  {
    label: 'DELETE /api/admin/campuses/:id',
    who: 'S',
    audit: { action: 'delete', entity: 'campus' },
    make: async (tree) => ({
      method: 'DELETE',
      path: `${ADMIN_API.campuses}/${tree.campus.id}`,
      entityId: tree.campus.id,
      done: async (answer) => {
        const tabName = sheetTabName(tree.university.name, tree.campus.name);
        expect((answer as TCampusResponse).sheetTab).toEqual({ queued: true, tabName });
        expect(await campusRow(tree.campus.id)).toBeUndefined();
        expect(await restaurantRow(tree.restaurant.id)).toBeUndefined();
        await expectTabJob('delete-sheet-tab', tabName);
      },
    }),
  },
  // -- S: users --------------------------------------------------------------------------------
  {
    label: 'GET /api/admin/users',
    who: 'S',
    make: async (tree) => {
      const student = await addUser(db(), tree);
      return {
        method: 'GET',
        path: `${ADMIN_API.users}${query({ universityId: tree.university.id, campusId: tree.campus.id, role: 'user' })}`,
        done: async (answer) => {
          const listed = (answer as TUsersResponse).users;
          expect(listed.map((u) => u.uid)).toContain(student.id);
          for (const u of listed) expect([u.campusId, u.role]).toEqual([tree.campus.id, 'user']);
        },
      };
    },
  },
  {
    label: 'POST /api/admin/users',
    who: 'S',
    audit: { action: 'create', entity: 'user' },
    make: async (tree) => {
      const body = createUserForm(tree);
      return {
        method: 'POST',
        path: ADMIN_API.users,
        body,
        done: async (answer) => {
          const { user } = answer as TUserResponse;
          expect(user).toMatchObject({ email: body.email, role: 'campusAdmin' });
          expect(await userRow(user.uid)).toMatchObject({
            email: body.email,
            role: 'campusAdmin',
            emailVerified: true,
            universityId: tree.university.id,
            campusId: tree.campus.id,
          });
        },
      };
    },
  },
  {
    label: 'PATCH /api/admin/users/:id/role',
    who: 'S',
    audit: { action: 'change-role', entity: 'user' },
    make: async (tree) => {
      const student = await addUser(db(), tree);
      return {
        method: 'PATCH',
        path: `${ADMIN_API.users}/${student.id}/role`,
        body: { role: 'campusAdmin' },
        entityId: student.id,
        done: async (answer) => {
          expect((answer as TUserResponse).user).toMatchObject({
            uid: student.id,
            role: 'campusAdmin',
          });
          expect((await userRow(student.id))?.role).toBe('campusAdmin');
        },
      };
    },
  },
  {
    label: 'DELETE /api/admin/users/:id',
    who: 'S',
    audit: { action: 'delete', entity: 'user' },
    make: async (tree) => {
      const student = await addUser(db(), tree);
      return {
        method: 'DELETE',
        path: `${ADMIN_API.users}/${student.id}`,
        entityId: student.id,
        done: async (answer) => {
          expect((answer as TDeletedResponse).deleted).toBe(1);
          expect(await userRow(student.id)).toBeUndefined();
        },
      };
    },
  },
  {
    label: 'DELETE /api/admin/users?campusId=X',
    who: 'S',
    audit: { action: 'clear', entity: 'user' },
    make: async (tree) => {
      await addUser(db(), tree);
      await addUser(db(), tree);
      return {
        method: 'DELETE',
        path: `${ADMIN_API.users}${query({ campusId: tree.campus.id })}`,
        done: async (answer) => {
          expect((answer as TDeletedResponse).deleted).toBe(2);
          expect(await db().$count(users, eq(users.campusId, tree.campus.id))).toBe(0);
        },
      };
    },
  },
  // -- S: allowed domains ----------------------------------------------------------------------
  {
    label: 'GET /api/admin/domains',
    who: 'S',
    make: async (tree) => ({
      method: 'GET',
      path: ADMIN_API.domains,
      done: async (answer) => {
        expect((answer as TDomainsResponse).domains).toContainEqual(
          expect.objectContaining({ id: tree.domain.id, domain: '@uni.edu.pk' }),
        );
      },
    }),
  },
  {
    label: 'POST /api/admin/domains',
    who: 'S',
    audit: { action: 'create', entity: 'domain' },
    make: async (tree) => {
      const body = domainForm(tree);
      const stored = `@${body.domain.toLowerCase()}`;
      return {
        method: 'POST',
        path: ADMIN_API.domains,
        body,
        done: async (answer) => {
          const { domain } = answer as TDomainResponse;
          expect(domain).toMatchObject({ domain: stored, campusId: tree.campus.id });
          expect((await domainRow(domain.id))?.domain).toBe(stored);
        },
      };
    },
  },
  {
    label: 'PATCH /api/admin/domains/:id',
    who: 'S',
    audit: { action: 'update', entity: 'domain' },
    make: async (tree) => {
      const domain = await addDomain(db(), tree);
      const body = domainForm(tree, { id: domain.id, name: 'Alumni', domain: '@alumni.edu.pk' });
      return {
        method: 'PATCH',
        path: `${ADMIN_API.domains}/${domain.id}`,
        body,
        entityId: domain.id,
        done: async () => {
          expect(await domainRow(domain.id)).toMatchObject({
            name: 'Alumni',
            domain: '@alumni.edu.pk',
          });
        },
      };
    },
  },
  {
    label: 'DELETE /api/admin/domains/:id',
    who: 'S',
    audit: { action: 'delete', entity: 'domain' },
    make: async (tree) => {
      const domain = await addDomain(db(), tree);
      return {
        method: 'DELETE',
        path: `${ADMIN_API.domains}/${domain.id}`,
        entityId: domain.id,
        done: async () => {
          expect(await domainRow(domain.id)).toBeUndefined();
        },
      };
    },
  },
];
