import { randomBytes } from 'node:crypto';
import { AppError } from '@campus/shared/domain/app-error';
import type { TUserProfile } from '@campus/shared/domain/entities';
import {
  CODE_MESSAGES,
  ERROR_CATEGORIES,
  HTTP_STATUS_MESSAGES,
} from '@campus/shared/domain/error-catalogue';
import { isCampusAdmin, isSuperAdmin, ROLE_MESSAGES } from '@campus/shared/domain/roles';
import {
  type TSetAsideRowsResponse,
  type TSheetTabRequest,
  ZAppendRowsRequest,
  ZSheetTabRequest,
} from '@campus/shared/domain/sheet-requests';
import {
  MASTER_TAB_NAME,
  sheetTabName,
  sheetTabNameProblem,
} from '@campus/shared/domain/sheet-tab';
import type { Db } from '@campus/shared/server/db/client';
import { campuses, orders, universities } from '@campus/shared/server/db/schema';
import { type JobName, type JobPayload, jobId } from '@campus/shared/server/jobs';
import type { Producer } from '@campus/shared/server/queue';
import type { LocalSheetStore } from '@campus/shared/server/sheets/local-sheet-store';
import { type SheetStore, SheetStoreError } from '@campus/shared/server/sheets/sheet-store';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import { type AuditEntry, audit } from '../admin/audit';
import type { AppEnv } from '../app-env';
import { requireRole, signedInUser } from '../auth/guards';
import { invalidField, jsonBody, parseWith } from '../http/body';
import { notFound } from '../http/errors';
import { attachmentDisposition, toCsv, toXlsx } from '../sheets/sheet-export';

// Rows of at most 100 x 30 cells of 50,000 characters would be far more; a megabyte is plenty.
const MAX_BODY_BYTES = 1024 * 1024;
// The order panel lists this many set-aside rows at most (there should be none).
const SET_ASIDE_LIST_MAX = 100;

const unavailable = (cause: unknown) =>
  new AppError({
    code: 'unavailable',
    status: 503,
    userMessage: CODE_MESSAGES.unavailable,
    logMessage: 'the sheet store or the queue did not answer',
    cause,
  });

/** A SheetStoreError as the caller should read it: wait (429), retry (503), gone (404), ours (502). */
function fromSheetError(c: Context<AppEnv>, error: unknown): unknown {
  if (!(error instanceof SheetStoreError)) return error;
  c.get('log').warn({ err: error, failure: error.failure }, 'sheet store call failed');
  switch (error.failure) {
    case 'rate-limited':
      if (error.retryAfterMs !== undefined) {
        c.header('Retry-After', String(Math.max(1, Math.ceil(error.retryAfterMs / 1000))));
      }
      return new AppError({
        code: 'resource-exhausted',
        status: 429,
        userMessage: HTTP_STATUS_MESSAGES[429] ?? CODE_MESSAGES['resource-exhausted'],
        cause: error,
      });
    case 'transient':
      return unavailable(error);
    case 'not-found':
      return notFound();
    case 'permanent':
      return new AppError({
        code: 'bad-gateway',
        status: 502,
        userMessage: HTTP_STATUS_MESSAGES[502] ?? CODE_MESSAGES.internal,
        logMessage: error.message,
        cause: error,
      });
  }
}

async function sheetCall<T>(c: Context<AppEnv>, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw fromSheetError(c, error);
  }
}

/** The local store keeps rows the app can show and export; Google's are read in Google. */
function isLocalSheetStore(store: SheetStore): store is LocalSheetStore {
  return store.kind === 'local' && 'readTab' in store;
}

/**
 * The tab of the campus on a campus admin's profile, named from the university and campus rows
 * in the database (never from what the client says); null without a campus that exists.
 */
async function ownTabName(db: Db, user: TUserProfile): Promise<string | null> {
  if (!user.universityId || !user.campusId) return null;
  const [campus] = await db
    .select({ universityName: universities.name, campusName: campuses.name })
    .from(campuses)
    .innerJoin(universities, eq(universities.id, campuses.universityId))
    .where(and(eq(campuses.id, user.campusId), eq(campuses.universityId, user.universityId)));
  if (!campus) return null;
  return sheetTabName(campus.universityName, campus.campusName) || null;
}

/**
 * The tabs of the campus on a campus admin's profile: its tab now, and the tabs its orders went
 * to under an earlier campus or university name.
 */
async function campusTabNames(db: Db, user: TUserProfile): Promise<Set<string>> {
  const names = new Set<string>();
  const own = await ownTabName(db, user);
  if (own) names.add(own);
  if (user.campusId) {
    const earlier = await db
      .selectDistinct({ tabName: orders.sheetTabName })
      .from(orders)
      .where(eq(orders.campusId, user.campusId));
    for (const { tabName } of earlier) names.add(tabName);
  }
  return names;
}

/** Per request, so that creating a tab again after deleting it is a new job, not a duplicate. */
const requestKey = () => `${Date.now()}-${randomBytes(4).toString('hex')}`;

/** The tab a create / delete request is about, or the 400 that says why it has none. */
function requestedTab(body: TSheetTabRequest): string {
  const problem = sheetTabNameProblem([], body);
  if (problem) throw invalidField('campusName', problem);
  return sheetTabName(body.universityName, body.campusName);
}

/**
 * The own-backend sheet calls of SPEC §7 and the local spreadsheet's view and downloads. Tab
 * lifecycle calls answer 202 once their job is queued (the worker talks to the sheet); the
 * operators' manual append writes at once.
 */
export function sheetRoutes(deps: { sheets: SheetStore; producer: Producer; db: Db }) {
  const { sheets, producer, db } = deps;

  async function enqueue<N extends JobName>(
    c: Context<AppEnv>,
    name: N,
    payload: JobPayload<N>,
    id: string,
  ) {
    try {
      return await producer.enqueue(name, payload, { jobId: id });
    } catch (error) {
      c.get('log').error({ err: error, job: name, jobId: id }, 'could not queue a sheet job');
      throw unavailable(error);
    }
  }

  /**
   * Records a super admin's change to a tab once it is made: a job queued, rows appended. Neither
   * Redis nor the sheet can join a database transaction, and a call that failed changed nothing.
   */
  async function audited(
    c: Context<AppEnv>,
    action: AuditEntry['action'],
    tabName: string,
    details: Record<string, unknown>,
  ) {
    await audit(db, await signedInUser(c), {
      action,
      entity: 'sheet-tab',
      entityId: tabName,
      details,
    });
  }

  /**
   * A super admin, or the campus admin whose campus's tab is `:name`: its tab now, or a tab its
   * orders went to under an earlier campus or university name.
   */
  const requireTabAccess = createMiddleware<AppEnv>(async (c, next) => {
    const user = await signedInUser(c);
    if (isSuperAdmin(user)) return next();
    if (isCampusAdmin(user) && (await campusTabNames(db, user)).has(c.req.param('name') ?? '')) {
      return next();
    }
    throw new AppError({
      code: 'permission-denied',
      status: 403,
      userMessage: ROLE_MESSAGES.campusAdminRequired,
    });
  });

  /** The whole tab from the local store; 404 with Google (its tabs open in Google). */
  async function readLocalTab(c: Context<AppEnv>, name: string) {
    if (!isLocalSheetStore(sheets)) throw notFound();
    const contents = await sheetCall(c, () => sheets.readTab(name));
    if (!contents) throw notFound();
    return contents;
  }

  const superAdmin = requireRole('superAdmin');

  return new Hono<AppEnv>()
    .use(
      bodyLimit({
        maxSize: MAX_BODY_BYTES,
        onError: () => {
          throw new AppError({
            code: 'invalid-argument',
            status: 413,
            userMessage: ERROR_CATEGORIES.VALIDATION.message,
            logMessage: 'sheet request body over 1 MB',
          });
        },
      }),
    )
    .post('/create', superAdmin, async (c) => {
      const tabName = requestedTab(parseWith(ZSheetTabRequest, await jsonBody(c)));
      const job = await enqueue(
        c,
        'create-sheet-tab',
        { tabName },
        jobId('sheet-tab', 'create', tabName, requestKey()),
      );
      await audited(c, 'create', tabName, { jobId: job.id });
      return c.json({ ok: true, tabName, jobId: job.id }, 202);
    })
    .delete('/delete', superAdmin, async (c) => {
      const tabName = requestedTab(parseWith(ZSheetTabRequest, await jsonBody(c)));
      const job = await enqueue(
        c,
        'delete-sheet-tab',
        { tabName },
        jobId('sheet-tab', 'delete', tabName, requestKey()),
      );
      await audited(c, 'delete', tabName, { jobId: job.id });
      return c.json({ ok: true, tabName, jobId: job.id }, 202);
    })
    .post('/master', superAdmin, async (c) => {
      const job = await enqueue(
        c,
        'ensure-master-tab',
        {},
        jobId('sheet-tab', 'master', requestKey()),
      );
      return c.json({ ok: true, tabName: MASTER_TAB_NAME, jobId: job.id }, 202);
    })
    .get('/tabs', requireRole('superAdmin', 'campusAdmin'), async (c) => {
      const user = await signedInUser(c);
      const own = isSuperAdmin(user) ? null : await campusTabNames(db, user);
      const tabs = await sheetCall(c, () => sheets.listTabs());
      c.header('Cache-Control', 'no-store');
      return c.json({ ok: true, tabs: own ? tabs.filter((tab) => own.has(tab.name)) : tabs });
    })
    .post('/orders/:tabName', superAdmin, async (c) => {
      const tabName = c.req.param('tabName');
      const { values } = parseWith(ZAppendRowsRequest, await jsonBody(c));
      await sheetCall(c, () => sheets.appendRows(tabName, values));
      await audited(c, 'append', tabName, { rows: values.length });
      return c.json({ ok: true, updatedRows: values.length });
    })
    .get('/tabs/:name/set-aside', requireTabAccess, async (c) => {
      const rows = await db
        .select({
          orderId: orders.id,
          placedAt: orders.placedAt,
          reason: orders.sheetSetAsideReason,
        })
        .from(orders)
        .where(and(eq(orders.sheetTabName, c.req.param('name')), isNotNull(orders.sheetSetAsideAt)))
        .orderBy(asc(orders.placedAt))
        .limit(SET_ASIDE_LIST_MAX);
      const body: TSetAsideRowsResponse = {
        ok: true,
        rows: rows.map((row) => ({
          orderId: row.orderId,
          placedAt: row.placedAt.toISOString(),
          reason: row.reason ?? '',
        })),
      };
      c.header('Cache-Control', 'no-store');
      return c.json(body);
    })
    .get('/tabs/:name/rows', requireTabAccess, async (c) => {
      const { tab, header, rows } = await readLocalTab(c, c.req.param('name'));
      c.header('Cache-Control', 'no-store');
      return c.json({ ok: true, tab, header, rows });
    })
    .get('/tabs/:name/export.xlsx', requireTabAccess, async (c) => {
      const { tab, header, rows } = await readLocalTab(c, c.req.param('name'));
      const file = await toXlsx({ name: tab.name, header, rows });
      return c.body(new Uint8Array(file), 200, {
        'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        'Content-Disposition': attachmentDisposition(tab.name, 'xlsx'),
        'Cache-Control': 'no-store',
      });
    })
    .get('/tabs/:name/export.csv', requireTabAccess, async (c) => {
      const { tab, header, rows } = await readLocalTab(c, c.req.param('name'));
      return c.body(toCsv({ header, rows }), 200, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': attachmentDisposition(tab.name, 'csv'),
        'Cache-Control': 'no-store',
      });
    });
}
