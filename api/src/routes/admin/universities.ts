import type {
  TAdminCampus,
  TCampusResponse,
  TUniversitiesResponse,
  TUniversityDeleteResponse,
  TUniversityResponse,
} from '@campus/shared/domain/admin-api';
import {
  ADMIN_FORM_MESSAGES,
  ZCampusForm,
  ZUniversityForm,
} from '@campus/shared/domain/admin-forms';
import {
  SHEET_TAB_MESSAGES,
  sheetTabName,
  sheetTabNameProblem,
} from '@campus/shared/domain/sheet-tab';
import type { Db } from '@campus/shared/server/db/client';
import { newId } from '@campus/shared/server/db/ids';
import { campuses, orders, universities, users } from '@campus/shared/server/db/schema';
import { and, eq, inArray, isNotNull, ne } from 'drizzle-orm';
import { type Context, Hono } from 'hono';
import { audit } from '../../admin/audit';
import type { AdminDeps } from '../../admin/deps';
import { planTabDeletes, planTabJobs, queueTabJobs } from '../../admin/sheet-tab-jobs';
import type { AppEnv } from '../../app-env';
import { requireRole, signedInUser } from '../../auth/guards';
import { invalidField, jsonBody, parseWith } from '../../http/body';
import { alreadyExists, notFound, uniqueViolation } from '../../http/errors';

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
const byName = (a: { name: string }, b: { name: string }) => collator.compare(a.name, b.name);

const campusColumns = {
  id: campuses.id,
  universityId: campuses.universityId,
  name: campuses.name,
  location: campuses.location,
  payToAccountTitle: campuses.payToAccountTitle,
  payToBankName: campuses.payToBankName,
  payToAccountNumber: campuses.payToAccountNumber,
};

/** Every campus with its university's name: what tab names are made of. */
async function namedCampuses(db: Db) {
  return db
    .select({
      id: campuses.id,
      universityId: campuses.universityId,
      universityName: universities.name,
      campusName: campuses.name,
    })
    .from(campuses)
    .innerJoin(universities, eq(universities.id, campuses.universityId));
}

/**
 * Refuses names whose order tab would be empty, Master, another campus's tab, or a tab holding
 * another campus's orders from before a rename (their orders would mix in one tab, and this
 * campus's admin would read them). `renamed` are the campuses that get new names.
 */
async function assertOwnTabs(
  db: Db,
  renamed: { id: string; universityName: string; campusName: string }[],
  field: 'name',
) {
  const ids = new Set(renamed.map((campus) => campus.id));
  const others = (await namedCampuses(db)).filter((campus) => !ids.has(campus.id));
  for (const campus of renamed) {
    const problem = sheetTabNameProblem(others, campus);
    if (problem) throw invalidField(field, problem);
    const tabName = sheetTabName(campus.universityName, campus.campusName);
    const [held] = await db
      .select({ campusId: orders.campusId })
      .from(orders)
      .where(
        and(
          eq(orders.sheetTabName, tabName),
          isNotNull(orders.campusId),
          ne(orders.campusId, campus.id),
        ),
      )
      .limit(1);
    if (held) throw invalidField(field, SHEET_TAB_MESSAGES.collision(tabName));
  }
}

const payTo = (form: {
  payToAccountTitle: string;
  payToBankName: string;
  payToAccountNumber: string;
}) => ({
  payToAccountTitle: form.payToAccountTitle || null,
  payToBankName: form.payToBankName || null,
  payToAccountNumber: form.payToAccountNumber || null,
});

async function universityName(db: Db, universityId: string): Promise<string> {
  const [university] = await db
    .select({ name: universities.name })
    .from(universities)
    .where(eq(universities.id, universityId));
  if (!university) throw invalidField('universityId', ADMIN_FORM_MESSAGES.selectUniversity);
  return university.name;
}

/** People keep their account when their campus goes; the names on their profile go with it. */
async function clearProfileCampus(tx: Pick<Db, 'update'>, campusIds: string[]) {
  if (campusIds.length === 0) return;
  await tx
    .update(users)
    .set({ universityName: '', campusName: '' })
    .where(inArray(users.campusId, campusIds));
}

/**
 * Universities and campuses (super admin only). Creating, renaming or deleting a campus plans its
 * order tab job in the same transaction (outbox), so the tab follows the campus even when Redis is
 * away; the answer says whether the job is queued yet.
 */
export function universityRoutes(deps: AdminDeps) {
  const { db, producer, catalogue } = deps;
  const log = (c: Context<AppEnv>) => c.get('log');

  // Every route names its guard: a sub-app's use() would also guard the others under /api/admin.
  const superAdmin = requireRole('superAdmin');
  return new Hono<AppEnv>()
    .get('/universities', superAdmin, async (c) => {
      const [universityRows, campusRows] = await Promise.all([
        db.select({ id: universities.id, name: universities.name }).from(universities),
        db.select(campusColumns).from(campuses),
      ]);
      const body: TUniversitiesResponse = {
        ok: true,
        universities: universityRows.sort(byName).map((university) => ({
          ...university,
          campuses: campusRows
            .filter((campus) => campus.universityId === university.id)
            .sort(byName) satisfies TAdminCampus[],
        })),
      };
      return c.json(body);
    })
    .post('/universities', superAdmin, async (c) => {
      const actor = await signedInUser(c);
      const form = parseWith(ZUniversityForm, await jsonBody(c));
      const university = { id: newId(), name: form.name };
      await db
        .transaction(async (tx) => {
          await tx.insert(universities).values(university);
          await audit(tx, actor, {
            action: 'create',
            entity: 'university',
            entityId: university.id,
            details: { name: university.name },
          });
        })
        .catch(uniqueViolation('name', alreadyExists(form.name)));
      await catalogue.invalidateUniversities();
      const body: TUniversityResponse = { ok: true, university };
      return c.json(body, 201);
    })
    .patch('/universities/:id', superAdmin, async (c) => {
      const actor = await signedInUser(c);
      const id = c.req.param('id');
      const form = parseWith(ZUniversityForm, await jsonBody(c));
      const campusRows = await db
        .select({ id: campuses.id, campusName: campuses.name })
        .from(campuses)
        .where(eq(campuses.universityId, id));
      const renamed = campusRows.map((campus) => ({ ...campus, universityName: form.name }));
      await assertOwnTabs(db, renamed, 'name');
      const jobs = await db
        .transaction(async (tx) => {
          const [before] = await tx
            .select({ name: universities.name })
            .from(universities)
            .where(eq(universities.id, id))
            .for('update');
          if (!before) throw notFound();
          await tx.update(universities).set({ name: form.name }).where(eq(universities.id, id));
          await tx
            .update(users)
            .set({ universityName: form.name })
            .where(eq(users.universityId, id));
          await audit(tx, actor, {
            action: 'update',
            entity: 'university',
            entityId: id,
            details: { from: before.name, to: form.name },
          });
          // Renamed campuses write to tabs of the new name; the old tabs keep earlier orders (and
          // stay the campus's: see assertOwnTabs and the sheet routes).
          return before.name === form.name ? [] : planTabJobs(tx, 'create', renamed);
        })
        .catch(uniqueViolation('name', alreadyExists(form.name)));
      const sheetTabs = await queueTabJobs(db, producer, jobs, log(c));
      await catalogue.invalidateUniversities();
      const body: TUniversityResponse = {
        ok: true,
        university: { id, name: form.name },
        ...(sheetTabs.length > 0 ? { sheetTabs } : {}),
      };
      return c.json(body);
    })
    .delete('/universities/:id', superAdmin, async (c) => {
      const actor = await signedInUser(c);
      const id = c.req.param('id');
      const jobs = await db.transaction(async (tx) => {
        const [university] = await tx
          .select({ name: universities.name })
          .from(universities)
          .where(eq(universities.id, id))
          .for('update');
        if (!university) throw notFound();
        const gone = await tx
          .select({ id: campuses.id, campusName: campuses.name })
          .from(campuses)
          .where(eq(campuses.universityId, id));
        const tabJobs = await planTabDeletes(
          tx,
          gone.map((campus) => ({ ...campus, universityName: university.name })),
        );
        await clearProfileCampus(
          tx,
          gone.map((campus) => campus.id),
        );
        // Cascades to campuses, restaurants, menus, mart items and domains (schema.ts).
        await tx.delete(universities).where(eq(universities.id, id));
        await audit(tx, actor, {
          action: 'delete',
          entity: 'university',
          entityId: id,
          details: { name: university.name, campuses: gone.map((campus) => campus.campusName) },
        });
        return tabJobs;
      });
      const sheetTabs = await queueTabJobs(db, producer, jobs, log(c));
      await catalogue.invalidateAll();
      const body: TUniversityDeleteResponse = { ok: true, sheetTabs };
      return c.json(body);
    })
    .post('/campuses', superAdmin, async (c) => {
      const actor = await signedInUser(c);
      const form = parseWith(ZCampusForm, await jsonBody(c));
      const named = {
        universityName: await universityName(db, form.universityId),
        campusName: form.name,
      };
      const campus: TAdminCampus = {
        id: newId(),
        universityId: form.universityId,
        name: form.name,
        location: form.location || null,
        ...payTo(form),
      };
      await assertOwnTabs(db, [{ id: campus.id, ...named }], 'name');
      const jobs = await db
        .transaction(async (tx) => {
          await tx.insert(campuses).values(campus);
          await audit(tx, actor, {
            action: 'create',
            entity: 'campus',
            entityId: campus.id,
            details: { name: campus.name, universityId: campus.universityId },
          });
          return planTabJobs(tx, 'create', [named]);
        })
        .catch(uniqueViolation('name', alreadyExists(form.name)));
      const [sheetTab] = await queueTabJobs(db, producer, jobs, log(c));
      await catalogue.invalidateUniversities();
      const body: TCampusResponse = { ok: true, campus, ...(sheetTab ? { sheetTab } : {}) };
      return c.json(body, 201);
    })
    .patch('/campuses/:id', superAdmin, async (c) => {
      const actor = await signedInUser(c);
      const id = c.req.param('id');
      const form = parseWith(ZCampusForm, await jsonBody(c));
      const [before] = await db
        .select({ universityId: campuses.universityId, name: campuses.name })
        .from(campuses)
        .where(eq(campuses.id, id));
      if (!before) throw notFound();
      // A campus stays with its university: its people, domains and orders belong there.
      if (before.universityId !== form.universityId) {
        throw invalidField('universityId', ADMIN_FORM_MESSAGES.selectUniversity);
      }
      const named = {
        universityName: await universityName(db, form.universityId),
        campusName: form.name,
      };
      await assertOwnTabs(db, [{ id, ...named }], 'name');
      const campus: TAdminCampus = {
        id,
        universityId: form.universityId,
        name: form.name,
        location: form.location || null,
        ...payTo(form),
      };
      const jobs = await db
        .transaction(async (tx) => {
          const changed = await tx
            .update(campuses)
            .set({ name: campus.name, location: campus.location, ...payTo(form) })
            .where(eq(campuses.id, id))
            .returning({ id: campuses.id });
          // Deleted since it was read: no audit row, no tab job.
          if (changed.length === 0) throw notFound();
          await tx.update(users).set({ campusName: campus.name }).where(eq(users.campusId, id));
          await audit(tx, actor, {
            action: 'update',
            entity: 'campus',
            entityId: id,
            details: { from: before.name, to: campus.name },
          });
          return before.name === campus.name ? [] : planTabJobs(tx, 'create', [named]);
        })
        .catch(uniqueViolation('name', alreadyExists(form.name)));
      const [sheetTab] = await queueTabJobs(db, producer, jobs, log(c));
      await catalogue.invalidateUniversities();
      const body: TCampusResponse = { ok: true, campus, ...(sheetTab ? { sheetTab } : {}) };
      return c.json(body);
    })
    .delete('/campuses/:id', superAdmin, async (c) => {
      const actor = await signedInUser(c);
      const id = c.req.param('id');
      const { campus, jobs } = await db.transaction(async (tx) => {
        const [row] = await tx
          .select({ ...campusColumns, universityName: universities.name })
          .from(campuses)
          .innerJoin(universities, eq(universities.id, campuses.universityId))
          .where(eq(campuses.id, id))
          .for('update');
        if (!row) throw notFound();
        const tabJobs = await planTabDeletes(tx, [
          { id, universityName: row.universityName, campusName: row.name },
        ]);
        await clearProfileCampus(tx, [id]);
        await tx.delete(campuses).where(eq(campuses.id, id));
        await audit(tx, actor, {
          action: 'delete',
          entity: 'campus',
          entityId: id,
          details: { name: row.name, universityId: row.universityId },
        });
        const { universityName: _university, ...campus } = row;
        return { campus, jobs: tabJobs };
      });
      const outcomes = await queueTabJobs(db, producer, jobs, log(c));
      // Its tab now comes first, then the tabs of its earlier names. The web has one notice for a
      // campus: it must hear of a tab that could not be queued, whichever it was.
      const sheetTab = outcomes.find((outcome) => !outcome.queued) ?? outcomes[0];
      await catalogue.invalidateAll();
      const body: TCampusResponse = { ok: true, campus, ...(sheetTab ? { sheetTab } : {}) };
      return c.json(body);
    });
}
