import type {
  TCatalogueMartItemsResponse,
  TRestaurantMenuResponse,
} from '@campus/shared/domain/catalogue-api';
import {
  catalogueFilePaths,
  CATALOGUE_IMPORT_MESSAGES as M,
  type TImportApplyResponse,
  type TImportPreviewResponse,
} from '@campus/shared/domain/catalogue-import-api';
import { TEXT_MESSAGES } from '@campus/shared/domain/text';
import { auditLog, martItems, menuItems } from '@campus/shared/server/db/schema';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addMartItem, addMenuItem, addRestaurant } from '../../support/admin';
import {
  access,
  answerOf,
  as,
  type Call,
  db,
  type ErrorBody,
  expectUnchanged,
  type Persona,
  query,
  setUpAdminAccess,
} from '../../support/admin-access/context';
import { engine } from '../../support/database';
import { removeKeysMatching } from '../../support/redis-keys';
import { inflatingWorkbook } from '../../support/zip';

// Catalogue import (docs/product.md §10): export a menu, change two prices, add one row, break one
// row; the preview shows exactly that; apply is refused while a row is invalid; fixed, it applies
// and the storefront shows the new prices; a second apply changes nothing. Bad files change
// nothing.

setUpAdminAccess();

const MENU = catalogueFilePaths('menu');
const MART = catalogueFilePaths('mart');
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

let restaurantId: string;
const menuQuery = () => query({ restaurantId });
const martQuery = () =>
  query({ universityId: access.ours.university.id, campusId: access.ours.campus.id });

function upload(path: string, file: Blob | string, name: string, token?: string): Call {
  const form = new FormData();
  form.set('file', typeof file === 'string' ? new Blob([file]) : file, name);
  if (token !== undefined) form.set('token', token);
  return { method: 'POST', path, body: form };
}

async function ok<T>(persona: Persona, call: Call, status = 200): Promise<T> {
  const response = await as(persona, call);
  const answer = await answerOf(response);
  expect(response.status, JSON.stringify(answer)).toBe(status);
  return answer as T;
}

async function download(path: string) {
  const response = await as('ourAdmin', { method: 'GET', path });
  expect(response.status).toBe(200);
  return response;
}

async function workbookOf(response: Response) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await response.arrayBuffer());
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('no worksheet');
  return { workbook, sheet };
}

async function xlsxBlob(workbook: ExcelJS.Workbook) {
  return new Blob([new Uint8Array(await workbook.xlsx.writeBuffer())], { type: XLSX_TYPE });
}

/** Previews a mart file of our campus as our admin, then applies that preview. */
async function previewAndApplyMart(file: string) {
  const preview = await ok<TImportPreviewResponse>(
    'ourAdmin',
    upload(`${MART.preview}${martQuery()}`, file, 'mart.csv'),
  );
  return ok<TImportApplyResponse>(
    'ourAdmin',
    upload(`${MART.apply}${martQuery()}`, file, 'mart.csv', preview.token),
  );
}

const storefrontMenu = async () => {
  const response = await as('signedOut', {
    method: 'GET',
    path: `/api/catalogue/campuses/${access.ours.campus.id}/restaurants/${restaurantId}`,
  });
  return ((await response.json()) as TRestaurantMenuResponse).menuItems;
};

const menuCount = () => db().$count(menuItems, eq(menuItems.restaurantId, restaurantId));

/** Forgets the previews and imports counted against each person's limit. */
const resetFileLimits = () =>
  removeKeysMatching(access.redis, `${access.testApp.prefix}:ratelimit:catalogue-files:*`);

describe(`catalogue import on ${engine}`, () => {
  // The tests preview and import as one admin far more often than a person may in ten minutes.
  beforeEach(resetFileLimits);
  afterEach(resetFileLimits);

  it('limits one person to 30 previews and imports in 10 minutes, and says so', async () => {
    const file = 'Name,Price,Description\nTea,10,\n';
    for (let i = 0; i < 30; i++) {
      await ok('ourAdmin', upload(`${MENU.preview}${menuQuery()}`, file, 'menu.csv'));
    }
    for (const path of [MENU.preview, MENU.apply]) {
      const refused = await as('ourAdmin', upload(`${path}${menuQuery()}`, file, 'menu.csv', 'x'));
      expect(refused.status).toBe(429);
      expect(((await answerOf(refused)) as ErrorBody).error.message).toBe(M.tooManyFiles);
    }
    // Another person's limit is their own.
    await ok('superAdmin', upload(`${MENU.preview}${menuQuery()}`, file, 'menu.csv'));
  });

  beforeAll(async () => {
    const restaurant = await addRestaurant(db(), access.ours);
    restaurantId = restaurant.id;
    for (const [name, pricePaisa] of [
      ['Biryani', 30_000],
      ['Karahi', 120_000],
      ['Naan', 5_000],
      ['Raita', 8_000],
    ] as const) {
      await db()
        .insert(menuItems)
        .values({ id: `m-${name}-${restaurantId}`, restaurantId, name, pricePaisa });
    }
  });

  it('round-trips a menu: export, edit, preview, refuse while invalid, apply, apply again', async () => {
    const { workbook, sheet } = await workbookOf(
      await download(`${MENU.export('xlsx')}${menuQuery()}`),
    );
    expect(sheet.getRow(1).values).toEqual([undefined, 'Name', 'Price', 'Description']);
    expect(sheet.getRow(2).values).toEqual([undefined, 'Biryani', 300, '']);
    // Two prices changed, one row added, one broken.
    sheet.getCell('B2').value = 320.5; // Biryani
    sheet.getCell('B3').value = '1250'; // Karahi
    sheet.addRow(['Lassi', 150, 'Sweet, <script>alert(1)</script>']);
    sheet.getCell('B5').value = 'twelve'; // Raita
    const broken = await xlsxBlob(workbook);

    const preview = await ok<TImportPreviewResponse>(
      'ourAdmin',
      upload(`${MENU.preview}${menuQuery()}`, broken, 'menu.xlsx'),
    );
    expect(preview.counts).toEqual({ new: 1, changed: 2, unchanged: 1, invalid: 1 });
    expect(preview.leftAlone).toBe(0);
    expect(preview.rows.map((r) => [r.row, r.name, r.state])).toEqual([
      [2, 'Biryani', 'changed'],
      [3, 'Karahi', 'changed'],
      [4, 'Naan', 'unchanged'],
      [5, 'Raita', 'invalid'],
      [6, 'Lassi', 'new'],
    ]);
    expect(preview.rows[0]?.changes).toEqual([{ field: 'price', from: 30_000, to: 32_050 }]);
    expect(preview.rows[3]?.reason).toBe(
      'Price must be an amount in rupees with at most 2 decimals, like 12.50.',
    );

    await expectUnchanged(
      'ourAdmin',
      upload(`${MENU.apply}${menuQuery()}`, broken, 'menu.xlsx', preview.token),
      400,
      M.invalidRows([5]),
    );

    sheet.getCell('B5').value = 90;
    const fixed = await xlsxBlob(workbook);
    const second = await ok<TImportPreviewResponse>(
      'ourAdmin',
      upload(`${MENU.preview}${menuQuery()}`, fixed, 'menu.xlsx'),
    );
    expect(second.counts).toEqual({ new: 1, changed: 3, unchanged: 1, invalid: 0 });
    const applied = await ok<TImportApplyResponse>(
      'ourAdmin',
      upload(`${MENU.apply}${menuQuery()}`, fixed, 'menu.xlsx', second.token),
    );
    expect(applied).toEqual({ ok: true, created: 1, updated: 3, unchanged: 1 });

    const shown = await storefrontMenu();
    expect(shown.map((item) => [item.name, item.price])).toEqual([
      ['Biryani', 32_050],
      ['Karahi', 125_000],
      ['Lassi', 15_000],
      ['Naan', 5_000],
      ['Raita', 9_000],
    ]);
    expect(shown.find((item) => item.name === 'Lassi')?.description).toBe(
      'Sweet, <script>alert(1)</script>',
    );
    const audited = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.actorId, access.people.ourAdmin.id));
    expect(
      audited
        .filter((row) => row.entity === 'menu-item')
        .map((row) => row.action)
        .sort(),
    ).toEqual(['create', 'update', 'update', 'update']);

    // The same file again: everything unchanged, and applying it writes nothing.
    const again = await ok<TImportPreviewResponse>(
      'ourAdmin',
      upload(`${MENU.preview}${menuQuery()}`, fixed, 'menu.xlsx'),
    );
    expect(again.counts).toEqual({ new: 0, changed: 0, unchanged: 5, invalid: 0 });
    await expectUnchanged(
      'ourAdmin',
      upload(`${MENU.apply}${menuQuery()}`, fixed, 'menu.xlsx', again.token),
      200,
    );
  });

  it('round-trips the CSV export, formula-looking names included, and leaves unnamed items alone', async () => {
    await db()
      .insert(menuItems)
      .values({ id: `m-eq-${restaurantId}`, restaurantId, name: '=Chai', pricePaisa: 4_000 });
    const csv = await (await download(`${MENU.export('csv')}${menuQuery()}`)).text();
    expect(csv).toContain("'=Chai,40,");
    const preview = await ok<TImportPreviewResponse>(
      'ourAdmin',
      upload(`${MENU.preview}${menuQuery()}`, csv, 'menu.csv'),
    );
    expect(preview.counts).toEqual({ new: 0, changed: 0, unchanged: 6, invalid: 0 });
    const oneRow = await ok<TImportPreviewResponse>(
      'ourAdmin',
      upload(`${MENU.preview}${menuQuery()}`, 'name,price,description\r\n  naan ,55,\r\n', 'x.csv'),
    );
    expect(oneRow.rows.map((r) => [r.state, r.changes.map((c) => c.field)])).toEqual([
      ['changed', ['name', 'price']],
    ]);
    expect(oneRow.leftAlone).toBe(5);
    expect(M.leftAlone(5)).toBe('5 items not in the file will be left as they are.');
  });

  it('refuses an apply whose menu changed since the preview (409) and writes nothing', async () => {
    const file = 'Name,Price,Description\r\nNaan,60,\r\n';
    const preview = await ok<TImportPreviewResponse>(
      'ourAdmin',
      upload(`${MENU.preview}${menuQuery()}`, file, 'm.csv'),
    );
    await db().update(menuItems).set({ pricePaisa: 6_000 }).where(eq(menuItems.name, 'Naan'));
    await expectUnchanged(
      'ourAdmin',
      upload(`${MENU.apply}${menuQuery()}`, file, 'm.csv', preview.token),
      409,
      M.changedSincePreview('menu'),
    );
    await expectUnchanged(
      'ourAdmin',
      upload(`${MENU.apply}${menuQuery()}`, file, 'm.csv'),
      400,
      M.tokenRequired,
    );
  });

  it('imports mart items of a campus with their stock, and exports them back', async () => {
    const item = await addMartItem(db(), access.ours);
    const file = [
      'Name,Price,Category,Stock,Description',
      `${item.name},75.5,Snacks,40,`,
      'Spring water,50,Drinks,12,500 ml',
      'Juice,60,Drinks,1.5,',
      'Soda,-5,Drinks,3,',
    ].join('\n');
    const preview = await ok<TImportPreviewResponse>(
      'ourAdmin',
      upload(`${MART.preview}${martQuery()}`, file, 'mart.csv'),
    );
    expect(preview.rows.map((r) => [r.state, r.reason])).toEqual([
      ['changed', null],
      ['new', null],
      ['invalid', 'Stock must be a whole number from 0 to 1,000,000.'],
      ['invalid', 'Price must be an amount in rupees with at most 2 decimals, like 12.50.'],
    ]);
    const fixed = file.split('\n').slice(0, 3).join('\n');
    const applied = await previewAndApplyMart(fixed);
    expect(applied).toMatchObject({ created: 1, updated: 1 });
    const response = await as('signedOut', {
      method: 'GET',
      path: `/api/catalogue/campuses/${access.ours.campus.id}/mart-items`,
    });
    const mart = ((await response.json()) as TCatalogueMartItemsResponse).martItems;
    expect(mart).toContainEqual(
      expect.objectContaining({ name: item.name, price: 7_550, stock: 40, category: 'Snacks' }),
    );
    expect(mart).toContainEqual(
      expect.objectContaining({ name: 'Spring water', price: 5_000, stock: 12 }),
    );
    const { sheet } = await workbookOf(await download(`${MART.export('xlsx')}${martQuery()}`));
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Name',
      'Price',
      'Category',
      'Stock',
      'Description',
      'Stock when exported',
    ]);
  });

  it('leaves the stock that orders moved since the export, unless the file sets a new one', async () => {
    const water = await addMartItem(db(), access.ours);
    const juice = await addMartItem(db(), access.ours);
    // Items as the mart form makes them: with a category.
    await db()
      .update(martItems)
      .set({ category: 'Snacks' })
      .where(eq(martItems.campusId, access.ours.campus.id));
    const exported = await (await download(`${MART.export('csv')}${martQuery()}`)).text();
    // Three of each sold after the export.
    for (const item of [water, juice]) {
      await db()
        .update(martItems)
        .set({ stock: item.stock - 3 })
        .where(eq(martItems.id, item.id));
    }
    // The admin changes the water's price, and restocks the juice to 50.
    const edited = exported
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .map((line) => {
        const cells = line.split(',');
        if (cells[0] === water.name) cells[1] = '99';
        if (cells[0] === juice.name) cells[3] = '50';
        return cells.join(',');
      })
      .join('\n');
    const applied = await previewAndApplyMart(edited);
    expect(applied.updated).toBe(2);
    const stockOf = async (id: string) =>
      (await db().select().from(martItems).where(eq(martItems.id, id)))[0]?.stock;
    expect(await stockOf(water.id)).toBe(water.stock - 3);
    expect(await stockOf(juice.id)).toBe(50);
  });

  it('answers the templates with their header rows', async () => {
    const { sheet } = await workbookOf(await download(MART.template('xlsx')));
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Name',
      'Price',
      'Category',
      'Stock',
      'Description',
    ]);
    expect(sheet.actualRowCount).toBe(1);
    expect(await (await download(MENU.template('csv'))).text()).toBe('Name,Price,Description\r\n');
  });

  describe('bad files: a clear message, nothing imported', () => {
    const header = 'Name,Price,Description\n';
    const formulaWorkbook = async () => {
      const workbook = new ExcelJS.Workbook();
      const sheet = workbook.addWorksheet('Menu');
      sheet.addRow(['Name', 'Price', 'Description']);
      sheet.addRow(['Tea', { formula: '1+1', result: 2 }, '']);
      return xlsxBlob(workbook);
    };
    // Made once: reading it stops at the reader's heap ceiling, whatever its parts declare.
    let bomb: Buffer | undefined;
    const hiddenBomb = () => {
      bomb ??= inflatingWorkbook(200 * 1024 * 1024, 1024);
      return bomb;
    };
    const cases: [string, () => Promise<Blob | string>, number, string][] = [
      [
        'an image named .csv',
        async () => new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 1])]),
        400,
        M.notSpreadsheet,
      ],
      [
        'a zip that is no workbook',
        async () => new Blob([new Uint8Array([0x50, 0x4b, 3, 4, 9, 9, 9])]),
        400,
        M.unreadable,
      ],
      [
        'a file over 2 MB',
        async () => `${header}${'x'.repeat(2 * 1024 * 1024 + 10)}`,
        413,
        M.tooLarge,
      ],
      // Over the body limit: refused before the body is read.
      ['a file of 3 MB', async () => `${header}${'x'.repeat(3 * 1024 * 1024)}`, 413, M.tooLarge],
      ['over 2,000 rows', async () => header + 'Tea,1,\n'.repeat(2001), 400, M.tooManyRows],
      [
        'a workbook of 100 KB whose parts say they unpack to 40 MB',
        async () => new Blob([inflatingWorkbook(40 * 1024 * 1024)]),
        400,
        M.unpacksTooLarge,
      ],
      [
        'a workbook that unpacks to 200 MB while its parts say 1 KB',
        async () => new Blob([hiddenBomb()]),
        400,
        M.unpacksTooLarge,
      ],
      [
        'a missing header',
        async () => 'Name,Description\nTea,hot\n',
        400,
        M.missingHeader('menu', ['Price']),
      ],
      ['only a header', async () => header, 400, M.noRows],
      ['duplicate names', async () => `${header}Tea,10,\n tea ,12,\n`, 400, M.invalidRows([3])],
      ['a formula cell', formulaWorkbook, 400, M.invalidRows([2])],
      [
        'a 100 KB name',
        async () => `${header}${'x'.repeat(100_000)},10,\n`,
        400,
        M.invalidRows([2]),
      ],
      [
        'a price that is a formula text',
        async () => `${header}Tea,=1+1,\n`,
        400,
        M.invalidRows([2]),
      ],
    ];
    it.each(cases)('%s', async (_name, make, status, message) => {
      const file = await make();
      const before = await menuCount();
      // The apply is refused with the same message whatever the token; the preview says why.
      const rowProblem = message.startsWith('Fix');
      await expectUnchanged(
        'ourAdmin',
        upload(`${MENU.apply}${menuQuery()}`, file, 'menu.csv', 'x'),
        rowProblem ? 409 : status,
        rowProblem ? M.changedSincePreview('menu') : message,
      );
      expect(await menuCount()).toBe(before);
      const response = await as(
        'ourAdmin',
        upload(`${MENU.preview}${menuQuery()}`, await make(), 'menu.csv'),
      );
      const answer = await answerOf(response);
      if (rowProblem) {
        expect(response.status).toBe(200);
        const preview = answer as TImportPreviewResponse;
        expect(preview.counts.invalid).toBe(1);
        const reason = preview.rows.find((r) => r.state === 'invalid')?.reason;
        expect(reason).toBeTruthy();
        if (_name === 'a 100 KB name') expect(reason).toBe(TEXT_MESSAGES.tooLong(100));
        if (_name === 'a formula cell') expect(reason).toBe(M.formula);
        await expectUnchanged(
          'ourAdmin',
          upload(`${MENU.apply}${menuQuery()}`, await make(), 'menu.csv', preview.token),
          400,
          message,
        );
      } else {
        expect(response.status).toBe(status);
        expect((answer as ErrorBody).error.message).toBe(message);
      }
    });

    it("refuses another campus's restaurant with 403, whatever the file", async () => {
      const theirs = await addMenuItem(db(), access.theirs);
      const path = `${MENU.preview}${query({ restaurantId: theirs.restaurantId })}`;
      await expectUnchanged('ourAdmin', upload(path, `${header}Tea,1,\n`, 'm.csv'), 403);
      await expectUnchanged(
        'ourAdmin',
        {
          method: 'GET',
          path: `${MENU.export('csv')}${query({ restaurantId: theirs.restaurantId })}`,
        },
        403,
      );
    });
  });
});
