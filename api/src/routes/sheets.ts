import { isCampusAdmin, isSuperAdmin, ROLE_MESSAGES } from '@campus/shared/domain/roles';
import {
  type TAppendRowsResponse,
  type TSetAsideRowsResponse,
  type TSheetJobResponse,
  type TSheetTabRowsResponse,
  type TSheetTabsResponse,
  ZAppendRowsRequest,
  ZSheetTabRequest,
} from '@campus/shared/domain/sheet-requests';
import type { Db } from '@campus/shared/server/db/client';
import type { Producer } from '@campus/shared/server/queue';
import type { SheetStore } from '@campus/shared/server/sheets/sheet-store';
import { type Context, Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../app-env';
import type { Guards } from '../auth/guards';
import { jsonBody, limitBody, parseWith } from '../http/body';
import { forbidden } from '../http/errors';
import { appendSheetRows } from '../sheets/append-sheet-rows';
import { campusTabNames } from '../sheets/campus-tab-names';
import { createSheetTab } from '../sheets/create-sheet-tab';
import { deleteSheetTab } from '../sheets/delete-sheet-tab';
import { ensureMasterTab } from '../sheets/ensure-master-tab';
import { listSetAsideRows } from '../sheets/list-set-aside-rows';
import { listSheetTabs } from '../sheets/list-sheet-tabs';
import { readSheetTab } from '../sheets/read-sheet-tab';
import { sheetCall } from '../sheets/sheet-call';
import { sheetDownload } from '../sheets/sheet-download';

// Rows of at most 100 x 30 cells of 50,000 characters would be far more; a megabyte is plenty.
const MAX_BODY_BYTES = 1024 * 1024;

/**
 * The own-backend sheet calls of docs/product.md §7 and the local spreadsheet's view and downloads.
 * Tab lifecycle calls answer 202 once their job is queued (the worker talks to the sheet); the
 * operators' manual append writes at once.
 */
export function sheetRoutes(
  deps: { sheets: SheetStore; producer: Producer; db: Db },
  guards: Guards,
) {
  const { sheets, db } = deps;
  const { signedInUser } = guards;
  const withLog = (c: Context<AppEnv>) => ({ ...deps, log: c.get('log') });

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
    throw forbidden(ROLE_MESSAGES.campusAdminRequired);
  });

  /** The tab of the path, read whole. */
  const tabOf = (c: Context<AppEnv>) =>
    sheetCall(c, () => readSheetTab(sheets, c.req.param('name') ?? ''));

  const superAdmin = guards.requireRole('superAdmin');

  return new Hono<AppEnv>()
    .use(limitBody(MAX_BODY_BYTES))
    .post('/create', superAdmin, async (c) => {
      const request = parseWith(ZSheetTabRequest, await jsonBody(c));
      const job = await createSheetTab(withLog(c), await signedInUser(c), request);
      const body: TSheetJobResponse = { ok: true, ...job };
      return c.json(body, 202);
    })
    .delete('/delete', superAdmin, async (c) => {
      const request = parseWith(ZSheetTabRequest, await jsonBody(c));
      const job = await deleteSheetTab(withLog(c), await signedInUser(c), request);
      const body: TSheetJobResponse = { ok: true, ...job };
      return c.json(body, 202);
    })
    .post('/master', superAdmin, async (c) => {
      const body: TSheetJobResponse = { ok: true, ...(await ensureMasterTab(withLog(c))) };
      return c.json(body, 202);
    })
    .get('/tabs', guards.requireRole('superAdmin', 'campusAdmin'), async (c) => {
      const user = await signedInUser(c);
      const tabs = await sheetCall(c, () => listSheetTabs(deps, user));
      c.header('Cache-Control', 'no-store');
      const body: TSheetTabsResponse = { ok: true, tabs };
      return c.json(body);
    })
    .post('/orders/:tabName', superAdmin, async (c) => {
      const request = parseWith(ZAppendRowsRequest, await jsonBody(c));
      const actor = await signedInUser(c);
      const tabName = c.req.param('tabName');
      const updatedRows = await sheetCall(c, () => appendSheetRows(deps, actor, tabName, request));
      const body: TAppendRowsResponse = { ok: true, updatedRows };
      return c.json(body);
    })
    .get('/tabs/:name/set-aside', requireTabAccess, async (c) => {
      const body: TSetAsideRowsResponse = {
        ok: true,
        rows: await listSetAsideRows(db, c.req.param('name')),
      };
      c.header('Cache-Control', 'no-store');
      return c.json(body);
    })
    .get('/tabs/:name/rows', requireTabAccess, async (c) => {
      const { tab, header, rows } = await tabOf(c);
      const body: TSheetTabRowsResponse = { ok: true, tab, header, rows };
      c.header('Cache-Control', 'no-store');
      return c.json(body);
    })
    .get('/tabs/:name/export.xlsx', requireTabAccess, async (c) => {
      const { tab, header, rows } = await tabOf(c);
      return sheetDownload(c, { name: tab.name, header, rows }, 'xlsx');
    })
    .get('/tabs/:name/export.csv', requireTabAccess, async (c) => {
      const { tab, header, rows } = await tabOf(c);
      return sheetDownload(c, { name: tab.name, header, rows }, 'csv');
    });
}
