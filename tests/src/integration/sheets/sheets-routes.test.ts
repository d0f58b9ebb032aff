import { randomBytes } from 'node:crypto';
import { ORDER_SHEET_HEADER } from '@campus/shared/domain/order';
import { sheetTabName } from '@campus/shared/domain/sheet-tab';
import type { Database } from '@campus/shared/server/db/client';
import { auditLog } from '@campus/shared/server/db/schema';
import { createProducer } from '@campus/shared/server/queue';
import { connectRedis, openCheckedRedis } from '@campus/shared/server/redis';
import { createGoogleSheetStore } from '@campus/shared/server/sheets/google-sheet-store';
import type { SheetStore, SheetTabInfo } from '@campus/shared/server/sheets/sheet-store';
import { gt } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../support/app';
import { buildCampusTree, buildOrder, buildUser } from '../../support/builders';
import { solvedCaptcha } from '../../support/captcha';
import { engine, openTestDatabase } from '../../support/database';
import { testLog } from '../../support/logger';
import { createPerson } from '../../support/people';
import { testRedisUrl } from '../../support/redis';
import { type SheetsStandIn, startSheetsStandIn } from '../../support/sheets-stand-in';

type TestApp = ReturnType<typeof createTestApp>;
type Tree = Awaited<ReturnType<typeof buildCampusTree>>;

let database: Database;
let redis: Redis;
let test: TestApp;
let ours: Tree;
let theirs: Tree;
let ourTab: string;
let theirTab: string;
const cookies = {} as Record<'user' | 'ourAdmin' | 'theirAdmin' | 'superAdmin', string>;

const SUPER_ADMIN_ONLY = 'Access denied. Super Admin privileges required.';
const CAMPUS_ADMIN_ONLY = 'Access denied. Campus Admin privileges required.';
const NOT_FOUND = 'The requested resource was not found.';

/** A campus whose names need sanitising: punctuation goes, spaces become '_'. */
const buildNamedCampus = (db: Database['db']) =>
  buildCampusTree(db, {
    university: { name: `FAST, Lahore ${randomBytes(3).toString('hex')}` },
    campus: { name: 'Main Campus' },
  });

function request(
  app: TestApp['app'],
  method: string,
  path: string,
  options: { cookie?: string; body?: unknown } = {},
) {
  const headers: Record<string, string> = { 'x-forwarded-for': '203.0.113.9' };
  if (options.cookie) headers.cookie = options.cookie;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  return app.request(path, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
}

async function errorOf(response: Response) {
  return ((await response.json()) as { error: { code: string; message: string } }).error;
}

async function signedIn(
  app: TestApp['app'],
  role: 'user' | 'campusAdmin' | 'superAdmin',
  campus: Tree['campus'] | null,
) {
  const person = await createPerson(database.db, role, campus);
  const response = await request(app, 'POST', '/api/account/sign-in', {
    body: { email: person.email, password: person.password, captcha: await solvedCaptcha(app) },
  });
  expect(response.status).toBe(200);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

const encoded = (tab: string) => encodeURIComponent(tab);

/** The newest audit row's id: what a request recorded is above it. */
const lastAuditId = async () =>
  (await database.db.select({ id: auditLog.id }).from(auditLog)).reduce(
    (max, row) => Math.max(max, row.id),
    0,
  );
const auditedSince = (id: number) => database.db.select().from(auditLog).where(gt(auditLog.id, id));

beforeAll(async () => {
  database = await openTestDatabase();
  redis = await openCheckedRedis(testRedisUrl(), 'producer', testLog);
  ours = await buildNamedCampus(database.db);
  theirs = await buildNamedCampus(database.db);
  ourTab = sheetTabName(ours.university.name, ours.campus.name);
  theirTab = sheetTabName(theirs.university.name, theirs.campus.name);
  test = createTestApp({ database, redis });
  cookies.user = await signedIn(test.app, 'user', ours.campus);
  cookies.ourAdmin = await signedIn(test.app, 'campusAdmin', ours.campus);
  cookies.theirAdmin = await signedIn(test.app, 'campusAdmin', theirs.campus);
  cookies.superAdmin = await signedIn(test.app, 'superAdmin', null);
  // The worker is not running here: the tabs are made as its jobs would make them.
  await test.sheets.ensureTab('Master', ORDER_SHEET_HEADER);
  await test.sheets.ensureTab(ourTab, ORDER_SHEET_HEADER);
  await test.sheets.ensureTab(theirTab, ORDER_SHEET_HEADER);
});

afterAll(async () => {
  await test?.close();
  redis?.disconnect();
  await database?.close();
});

describe(`sheet routes on ${engine}`, () => {
  it('names the tab of a campus the way docs/product.md §7 says', () => {
    expect(ourTab).toMatch(/^FAST_Lahore_[0-9a-f]{6}_Main_Campus$/);
  });

  it('answers 401 signed out and 403 to roles without the right', async () => {
    const superAdminCalls: [string, string, unknown][] = [
      ['POST', '/api/sheets/create', { universityName: 'U', campusName: 'C' }],
      ['DELETE', '/api/sheets/delete', { universityName: 'U', campusName: 'C' }],
      ['POST', '/api/sheets/master', {}],
      ['POST', `/api/sheets/orders/${encoded(ourTab)}`, { values: [['x']] }],
    ];
    for (const [method, path, body] of superAdminCalls) {
      const signedOut = await request(test.app, method, path, { body });
      expect([path, signedOut.status]).toEqual([path, 401]);
      expect((await errorOf(signedOut)).message).toBe('Authentication required. Please log in.');
      for (const cookie of [cookies.user, cookies.ourAdmin]) {
        const refused = await request(test.app, method, path, { body, cookie });
        expect([path, refused.status]).toEqual([path, 403]);
        expect((await errorOf(refused)).message).toBe(SUPER_ADMIN_ONLY);
      }
    }
    const adminReads = [
      '/api/sheets/tabs',
      `/api/sheets/tabs/${encoded(ourTab)}/rows`,
      `/api/sheets/tabs/${encoded(ourTab)}/export.xlsx`,
      `/api/sheets/tabs/${encoded(ourTab)}/export.csv`,
    ];
    for (const path of adminReads) {
      expect([path, (await request(test.app, 'GET', path)).status]).toEqual([path, 401]);
      const student = await request(test.app, 'GET', path, { cookie: cookies.user });
      expect([path, student.status]).toEqual([path, 403]);
      expect((await errorOf(student)).message).toBe(CAMPUS_ADMIN_ONLY);
    }
  });

  it('queues the tab jobs with the sanitised name and a new job id per request', async () => {
    const body = { universityName: ' FAST, Lahore! ', campusName: 'City   Campus.' };
    const first = await request(test.app, 'POST', '/api/sheets/create', {
      body,
      cookie: cookies.superAdmin,
    });
    expect(first.status).toBe(202);
    const created = (await first.json()) as { ok: true; tabName: string; jobId: string };
    expect(created).toMatchObject({ ok: true, tabName: 'FAST_Lahore_City_Campus' });
    const job = await test.producer.queue('sheets').getJob(created.jobId);
    expect(job?.name).toBe('create-sheet-tab');
    expect(job?.data).toEqual({ tabName: 'FAST_Lahore_City_Campus' });

    const deleted = await request(test.app, 'DELETE', '/api/sheets/delete', {
      body,
      cookie: cookies.superAdmin,
    });
    expect(deleted.status).toBe(202);
    const deleteJob = (await deleted.json()) as { tabName: string; jobId: string };
    const queuedDelete = await test.producer.queue('sheets').getJob(deleteJob.jobId);
    expect(queuedDelete?.name).toBe('delete-sheet-tab');
    expect(queuedDelete?.data).toEqual({ tabName: 'FAST_Lahore_City_Campus' });

    // Creating the campus again after deleting it is a new job, not a duplicate of the first.
    const again = await request(test.app, 'POST', '/api/sheets/create', {
      body,
      cookie: cookies.superAdmin,
    });
    const recreated = (await again.json()) as { jobId: string };
    expect(recreated.jobId).not.toBe(created.jobId);
    expect((await test.producer.queue('sheets').getJob(recreated.jobId))?.name).toBe(
      'create-sheet-tab',
    );

    const master = await request(test.app, 'POST', '/api/sheets/master', {
      body: {},
      cookie: cookies.superAdmin,
    });
    expect(master.status).toBe(202);
    const masterJob = (await master.json()) as { jobId: string };
    expect((await test.producer.queue('sheets').getJob(masterJob.jobId))?.name).toBe(
      'ensure-master-tab',
    );
  });

  it('refuses create requests without a usable tab name', async () => {
    const post = (body: unknown) =>
      request(test.app, 'POST', '/api/sheets/create', { body, cookie: cookies.superAdmin });
    const empty = await post({ universityName: '!!!', campusName: '...' });
    expect(empty.status).toBe(400);
    expect((await errorOf(empty)).message).toBe(
      'University and campus names must contain letters or digits to name an order sheet tab.',
    );
    const missing = await post({ campusName: 'Main' });
    expect(missing.status).toBe(400);
    expect((await errorOf(missing)).message).toBe('Please enter a university name.');
    const master = await post({ universityName: 'Master', campusName: ' ' });
    expect(master.status).toBe(400);
    const removeMaster = await request(test.app, 'DELETE', '/api/sheets/delete', {
      body: { universityName: 'Mas-ter', campusName: '!' },
      cookie: cookies.superAdmin,
    });
    expect(removeMaster.status).toBe(400);
    expect(await test.producer.queue('sheets').getJobCounts('waiting')).toEqual({ waiting: 4 });
  });

  it('answers 503 with the spec text when Redis is away', async () => {
    const deadRedis = connectRedis('redis://127.0.0.1:1', 'producer');
    deadRedis.on('error', () => {});
    const producer = createProducer(deadRedis, test.prefix, testLog);
    try {
      const { app } = createTestApp({ database, redis, producer, prefix: test.prefix });
      const audited = await lastAuditId();
      const response = await request(app, 'POST', '/api/sheets/create', {
        body: { universityName: 'FAST', campusName: 'Main' },
        cookie: cookies.superAdmin,
      });
      expect(response.status).toBe(503);
      expect((await errorOf(response)).message).toBe('Service is currently unavailable.');
      // Nothing was queued, so nothing is recorded.
      expect(await auditedSince(audited)).toEqual([]);
    } finally {
      await producer.close();
      deadRedis.disconnect();
    }
  });

  it('lists every tab to a super admin and only their own campus tab to a campus admin', async () => {
    const all = await request(test.app, 'GET', '/api/sheets/tabs', { cookie: cookies.superAdmin });
    expect(all.status).toBe(200);
    expect(all.headers.get('cache-control')).toBe('no-store');
    const listed = (await all.json()) as { ok: true; tabs: SheetTabInfo[] };
    expect(listed.tabs.map((tab) => tab.name)).toEqual(
      expect.arrayContaining(['Master', ourTab, theirTab]),
    );
    expect(listed.tabs.find((tab) => tab.name === ourTab)).toMatchObject({
      sheetId: expect.any(Number),
      url: `/sheets/${encoded(ourTab)}`,
    });

    const own = await request(test.app, 'GET', '/api/sheets/tabs', { cookie: cookies.ourAdmin });
    expect(own.status).toBe(200);
    expect(((await own.json()) as { tabs: SheetTabInfo[] }).tabs.map((tab) => tab.name)).toEqual([
      ourTab,
    ]);

    // A campus admin of a campus without a tab yet sees none.
    const bare = await buildNamedCampus(database.db);
    const bareAdmin = await signedIn(test.app, 'campusAdmin', bare.campus);
    const none = await request(test.app, 'GET', '/api/sheets/tabs', { cookie: bareAdmin });
    expect(((await none.json()) as { tabs: SheetTabInfo[] }).tabs).toEqual([]);
  });

  it('appends the operators rows and shows them to super admins and the campus admin', async () => {
    const cart = 'Cafe:\n- Tea x 2 = Rs 160.00\n\nMart:\n- Water x 1 = Rs 120.00';
    const rows: (string | number)[][] = [
      ['FAST', 'Main', 'Ali', 'Khan', 'Room 12, Block B', '03001234567', 'ali@uni.edu.pk', 2],
      ['FAST', 'Main', '=HYPERLINK("http://evil.test","open")', 'Raza', 'B-4', '+923001234567'],
    ];
    rows[0]?.push(260, 280, 540, cart);
    const audited = await lastAuditId();
    const appended = await request(test.app, 'POST', `/api/sheets/orders/${encoded(ourTab)}`, {
      body: { values: rows },
      cookie: cookies.superAdmin,
    });
    expect(appended.status).toBe(200);
    expect(await appended.json()).toEqual({ ok: true, updatedRows: 2 });
    expect(await auditedSince(audited)).toEqual([
      expect.objectContaining({
        actorRole: 'superAdmin',
        action: 'append',
        entity: 'sheet-tab',
        entityId: ourTab,
        details: { rows: 2 },
      }),
    ]);

    const appendedAt = await lastAuditId();
    const missingTab = await request(test.app, 'POST', '/api/sheets/orders/No_Such_Tab', {
      body: { values: [['x']] },
      cookie: cookies.superAdmin,
    });
    expect(missingTab.status).toBe(404);
    expect((await errorOf(missingTab)).message).toBe(NOT_FOUND);
    const tooMany = await request(test.app, 'POST', `/api/sheets/orders/${encoded(ourTab)}`, {
      body: { values: Array.from({ length: 101 }, () => ['x']) },
      cookie: cookies.superAdmin,
    });
    expect(tooMany.status).toBe(400);
    const badCell = await request(test.app, 'POST', `/api/sheets/orders/${encoded(ourTab)}`, {
      body: { values: [[{ formula: '=1' }]] },
      cookie: cookies.superAdmin,
    });
    expect(badCell.status).toBe(400);
    // Rows that went nowhere are no change: no audit row.
    expect(await auditedSince(appendedAt)).toEqual([]);

    for (const cookie of [cookies.superAdmin, cookies.ourAdmin]) {
      const response = await request(test.app, 'GET', `/api/sheets/tabs/${encoded(ourTab)}/rows`, {
        cookie,
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store');
      const body = (await response.json()) as {
        ok: true;
        tab: SheetTabInfo;
        header: string[];
        rows: (string | number)[][];
      };
      expect(body.tab.name).toBe(ourTab);
      expect(body.header).toEqual([...ORDER_SHEET_HEADER]);
      expect(body.rows).toEqual(rows);
    }

    const missing = await request(test.app, 'GET', '/api/sheets/tabs/No_Such_Tab/rows', {
      cookie: cookies.superAdmin,
    });
    expect(missing.status).toBe(404);
    expect((await errorOf(missing)).message).toBe(NOT_FOUND);
  });

  it('refuses the rows and downloads of a campus to the admin of another campus', async () => {
    for (const path of ['rows', 'export.xlsx', 'export.csv']) {
      const response = await request(
        test.app,
        'GET',
        `/api/sheets/tabs/${encoded(ourTab)}/${path}`,
        {
          cookie: cookies.theirAdmin,
        },
      );
      expect([path, response.status]).toEqual([path, 403]);
      expect((await errorOf(response)).message).toBe(CAMPUS_ADMIN_ONLY);
      // Nor may they read a tab of no campus, such as Master.
      const master = await request(test.app, 'GET', `/api/sheets/tabs/Master/${path}`, {
        cookie: cookies.theirAdmin,
      });
      expect([path, master.status]).toEqual([path, 403]);
    }
  });

  it("lets a campus admin read the tab their campus's orders went to under an earlier name, and no one else's", async () => {
    const earlierTab = `Renamed_Earlier_${randomBytes(3).toString('hex')}`;
    await test.sheets.ensureTab(earlierTab, ORDER_SHEET_HEADER);
    await buildOrder(database.db, ours, await buildUser(database.db), {
      sheetTabName: earlierTab,
    });

    const listed = await request(test.app, 'GET', '/api/sheets/tabs', { cookie: cookies.ourAdmin });
    expect(
      ((await listed.json()) as { tabs: SheetTabInfo[] }).tabs.map((tab) => tab.name).sort(),
    ).toEqual([earlierTab, ourTab].sort());
    const rows = await request(test.app, 'GET', `/api/sheets/tabs/${encoded(earlierTab)}/rows`, {
      cookie: cookies.ourAdmin,
    });
    expect(rows.status).toBe(200);

    const theirs = await request(test.app, 'GET', `/api/sheets/tabs/${encoded(earlierTab)}/rows`, {
      cookie: cookies.theirAdmin,
    });
    expect(theirs.status).toBe(403);
    const theirList = await request(test.app, 'GET', '/api/sheets/tabs', {
      cookie: cookies.theirAdmin,
    });
    expect(
      ((await theirList.json()) as { tabs: SheetTabInfo[] }).tabs.map((tab) => tab.name),
    ).toEqual([theirTab]);
  });

  it('downloads the tab as .xlsx with a bold header, numbers as numbers and text as text', async () => {
    const response = await request(
      test.app,
      'GET',
      `/api/sheets/tabs/${encoded(ourTab)}/export.xlsx`,
      { cookie: cookies.ourAdmin },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(response.headers.get('content-disposition')).toContain(
      `attachment; filename="${ourTab}.xlsx"`,
    );
    expect(response.headers.get('cache-control')).toBe('no-store');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const sheet = workbook.getWorksheet(ourTab);
    if (!sheet) throw new Error(`no worksheet ${ourTab}`);
    expect(sheet.getRow(1).getCell(1).value).toBe('University');
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.getRow(2).getCell(5).value).toBe('Room 12, Block B');
    expect(sheet.getRow(2).getCell(8).value).toBe(2);
    expect(sheet.getRow(2).getCell(11).value).toBe(540);
    expect(sheet.getRow(2).getCell(12).alignment?.wrapText).toBe(true);
    const injected = sheet.getRow(3).getCell(3);
    expect(injected.type).toBe(ExcelJS.ValueType.String);
    expect(injected.value).toBe('=HYPERLINK("http://evil.test","open")');
    expect(sheet.rowCount).toBe(3);
  });

  it('downloads the tab as RFC 4180 .csv with formula cells defused', async () => {
    const response = await request(
      test.app,
      'GET',
      `/api/sheets/tabs/${encoded(ourTab)}/export.csv`,
      { cookie: cookies.superAdmin },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toContain(
      `attachment; filename="${ourTab}.csv"`,
    );
    expect(response.headers.get('cache-control')).toBe('no-store');
    // arrayBuffer, not text(): text() would drop the byte order mark Excel needs.
    const csv = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.arrayBuffer());
    expect(csv.startsWith('\uFEFFUniversity,Campus,First Name,')).toBe(true);
    const records = csv.slice(1).split(/\r\n(?=FAST,|$)/);
    expect(records[0]).toBe(ORDER_SHEET_HEADER.join(','));
    expect(records[1]).toBe(
      'FAST,Main,Ali,Khan,"Room 12, Block B",03001234567,ali@uni.edu.pk,2,260,280,540,' +
        '"Cafe:\n- Tea x 2 = Rs 160.00\n\nMart:\n- Water x 1 = Rs 120.00"',
    );
    expect(records[2]).toBe(
      `FAST,Main,"'=HYPERLINK(""http://evil.test"",""open"")",Raza,B-4,'+923001234567`,
    );
    expect(csv.endsWith('\r\n')).toBe(true);
  });

  it('serves tabs whose names are not ASCII', async () => {
    const name = 'جامعہ_Main';
    await test.sheets.ensureTab(name, ['Name']);
    const path = `/api/sheets/tabs/${encoded(name)}`;
    const rows = await request(test.app, 'GET', `${path}/rows`, { cookie: cookies.superAdmin });
    expect(((await rows.json()) as { tab: SheetTabInfo }).tab.name).toBe(name);
    const csv = await request(test.app, 'GET', `${path}/export.csv`, {
      cookie: cookies.superAdmin,
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-disposition')).toContain(
      `filename*=UTF-8''${encodeURIComponent(`${name}.csv`)}`,
    );
    // Response.text() drops the byte order mark; an empty tab is its header alone.
    expect(await csv.text()).toBe('Name\r\n');
  });

  describe('with the Google sheet store (against the Sheets stand-in)', () => {
    const TOKEN = 'routes-token';
    // Text the stand-in refuses for its content, as Google refuses a cell over its limit.
    const REFUSED = 'REFUSED-BY-SHEETS';
    let standIn: SheetsStandIn;
    let google: SheetStore;
    let tab: SheetTabInfo;
    beforeAll(async () => {
      standIn = await startSheetsStandIn({ accessToken: TOKEN, refuseCellsContaining: REFUSED });
      google = createGoogleSheetStore({
        spreadsheetId: standIn.spreadsheetId,
        accessToken: TOKEN,
        rootUrl: standIn.url,
        timeoutMs: 2_000,
      });
      tab = await google.ensureTab('FAST_Main', ['Name']);
    });
    afterAll(async () => {
      await standIn.close();
    });

    it('has no rows or downloads here: View Orders opens Google', async () => {
      const googleApp = createTestApp({ database, redis, sheets: google, prefix: test.prefix });
      try {
        const listed = await request(googleApp.app, 'GET', '/api/sheets/tabs', {
          cookie: cookies.superAdmin,
        });
        const { tabs } = (await listed.json()) as { tabs: SheetTabInfo[] };
        expect(tabs).toContainEqual(tab);
        expect(tab.url).toBe(
          `https://docs.google.com/spreadsheets/d/${standIn.spreadsheetId}/edit#gid=${tab.sheetId}`,
        );
        for (const path of ['rows', 'export.xlsx', 'export.csv']) {
          const response = await request(
            googleApp.app,
            'GET',
            `/api/sheets/tabs/FAST_Main/${path}`,
            {
              cookie: cookies.superAdmin,
            },
          );
          expect([path, response.status]).toEqual([path, 404]);
        }
      } finally {
        await googleApp.close();
      }
    });

    it('maps the sheet failures of an append to 429, 503, 404, 400 and 502', async () => {
      const googleApp = createTestApp({ database, redis, sheets: google, prefix: test.prefix });
      const append = () =>
        request(googleApp.app, 'POST', '/api/sheets/orders/FAST_Main', {
          body: { values: [['x', 1]] },
          cookie: cookies.superAdmin,
        });
      try {
        standIn.failNext('429', { retryAfterSeconds: 2 });
        const limited = await append();
        expect(limited.status).toBe(429);
        expect(limited.headers.get('retry-after')).toBe('2');
        expect((await errorOf(limited)).message).toBe(
          'Too many requests. Please wait a moment and try again.',
        );
        standIn.failNext('503');
        const transient = await append();
        expect(transient.status).toBe(503);
        expect((await errorOf(transient)).message).toBe('Service is currently unavailable.');
        const missing = await request(googleApp.app, 'POST', '/api/sheets/orders/No_Such_Tab', {
          body: { values: [['x', 1]] },
          cookie: cookies.superAdmin,
        });
        expect(missing.status).toBe(404);
        const refused = await request(googleApp.app, 'POST', '/api/sheets/orders/FAST_Main', {
          body: { values: [[`a note ${REFUSED}`]] },
          cookie: cookies.superAdmin,
        });
        expect(refused.status).toBe(400);
        expect((await errorOf(refused)).message).toMatch(/^The spreadsheet refused these rows: /);
        standIn.failNext('403');
        const permanent = await append();
        expect(permanent.status).toBe(502);
        expect((await errorOf(permanent)).message).toBe(
          'Bad gateway. The server is temporarily unreachable. Please try again later.',
        );
        expect(await (await append()).json()).toEqual({ ok: true, updatedRows: 1 });
        expect(standIn.tab('FAST_Main')).toEqual([['Name'], ['x', 1]]);
      } finally {
        await googleApp.close();
      }
    });
  });

  it("lists a tab's rows set aside for their content to its campus admin and super admins only", async () => {
    const buyer = await buildUser(database.db);
    const kept = await buildOrder(database.db, ours, buyer, { sheetTabName: ourTab });
    const refused = await buildOrder(database.db, ours, buyer, {
      sheetTabName: ourTab,
      sheetSetAsideAt: new Date(),
      sheetSetAsideReason: 'a cell holds more than 50,000 characters',
    });
    const path = `/api/sheets/tabs/${encodeURIComponent(ourTab)}/set-aside`;
    for (const cookie of [cookies.ourAdmin, cookies.superAdmin]) {
      const answer = await request(test.app, 'GET', path, { cookie });
      expect(answer.status).toBe(200);
      const { rows } = (await answer.json()) as { rows: { orderId: string; reason: string }[] };
      expect(rows).toEqual([
        expect.objectContaining({
          orderId: refused?.id,
          reason: 'a cell holds more than 50,000 characters',
        }),
      ]);
      expect(rows.map((row) => row.orderId)).not.toContain(kept?.id);
    }
    for (const cookie of [cookies.theirAdmin, cookies.user]) {
      expect((await request(test.app, 'GET', path, { cookie })).status).toBe(403);
    }
  });
});
