import { ORDER_SHEET_HEADER } from '@campus/shared/domain/order';
import { MASTER_TAB_NAME, sheetTabName } from '@campus/shared/domain/sheet-tab';
import { expect } from 'vitest';
import { hex } from '../admin';
import { access, expectQueued, tabOf, tabPath } from './context';
import type { Route } from './route';

/** The operators' sheet calls (docs/product.md §7) and the local spreadsheet's views. */
export const SHEET_ROUTES: Route[] = [
  {
    label: 'POST /api/sheets/create',
    who: 'S',
    success: 202,
    audit: { action: 'create', entity: 'sheet-tab' },
    make: async (tree) => {
      const body = { universityName: tree.university.name, campusName: `New ${hex(2)}` };
      const tabName = sheetTabName(body.universityName, body.campusName);
      return {
        method: 'POST',
        path: '/api/sheets/create',
        body,
        entityId: tabName,
        done: (answer) => expectQueued(answer, 'create-sheet-tab', { tabName }),
      };
    },
  },
  {
    label: 'DELETE /api/sheets/delete',
    who: 'S',
    success: 202,
    audit: { action: 'delete', entity: 'sheet-tab' },
    make: async (tree) => {
      const tabName = await tabOf(tree);
      return {
        method: 'DELETE',
        path: '/api/sheets/delete',
        body: { universityName: tree.university.name, campusName: tree.campus.name },
        entityId: tabName,
        done: (answer) => expectQueued(answer, 'delete-sheet-tab', { tabName }),
      };
    },
  },
  {
    label: 'POST /api/sheets/master',
    who: 'S',
    success: 202,
    make: async () => ({
      method: 'POST',
      path: '/api/sheets/master',
      body: {},
      entityId: MASTER_TAB_NAME,
      done: (answer) => expectQueued(answer, 'ensure-master-tab', {}),
    }),
  },
  {
    label: 'POST /api/sheets/orders/:tabName',
    who: 'S',
    success: 200,
    audit: { action: 'append', entity: 'sheet-tab' },
    make: async (tree) => {
      const tabName = await tabOf(tree);
      const cell = `Typed by hand ${hex()}`;
      return {
        method: 'POST',
        path: `/api/sheets/orders/${encodeURIComponent(tabName)}`,
        body: { values: [[cell, 2]] },
        entityId: tabName,
        done: async (answer) => {
          expect(answer).toEqual({ ok: true, updatedRows: 1 });
          expect(await access.testApp.sheets.readColumn(tabName, 0)).toContain(cell);
        },
      };
    },
  },
  {
    label: 'GET /api/sheets/tabs',
    who: 'A',
    make: async (tree, persona) => {
      const [tabName, theirTab] = await Promise.all([tabOf(tree), tabOf(access.theirs)]);
      return {
        method: 'GET',
        path: '/api/sheets/tabs',
        done: async (answer) => {
          const names = (answer as { tabs: { name: string }[] }).tabs.map((tab) => tab.name);
          if (persona === 'superAdmin') {
            expect(names).toEqual(expect.arrayContaining([tabName, theirTab]));
          }
          // A campus admin sees their own campus's tab, and no other.
          if (persona === 'ourAdmin') expect(names).toEqual([tabName]);
          if (persona === 'theirAdmin') expect(names).toEqual([theirTab]);
        },
      };
    },
  },
  {
    label: 'GET /api/sheets/tabs/:name/rows',
    who: 'C',
    make: async (tree) => {
      const tabName = await tabOf(tree);
      return {
        method: 'GET',
        path: `${tabPath(tabName)}/rows`,
        done: async (answer) => {
          expect(answer).toMatchObject({
            tab: { name: tabName },
            header: [...ORDER_SHEET_HEADER],
            rows: expect.any(Array),
          });
        },
      };
    },
  },
  {
    label: 'GET /api/sheets/tabs/:name/set-aside',
    who: 'C',
    make: async (tree) => {
      const tabName = await tabOf(tree);
      return {
        method: 'GET',
        path: `${tabPath(tabName)}/set-aside`,
        done: async (answer) => {
          expect(answer).toEqual({ ok: true, rows: [] });
        },
      };
    },
  },
  {
    label: 'GET /api/sheets/tabs/:name/export.xlsx',
    who: 'C',
    make: async (tree) => {
      const tabName = await tabOf(tree);
      return {
        method: 'GET',
        path: `${tabPath(tabName)}/export.xlsx`,
        file: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        done: async (answer, response) => {
          expect(response.headers.get('content-disposition')).toContain(`"${tabName}.xlsx"`);
          // An .xlsx file is a zip archive.
          expect(String(answer).startsWith('PK')).toBe(true);
        },
      };
    },
  },
  {
    label: 'GET /api/sheets/tabs/:name/export.csv',
    who: 'C',
    make: async (tree) => {
      const tabName = await tabOf(tree);
      return {
        method: 'GET',
        path: `${tabPath(tabName)}/export.csv`,
        file: 'text/csv; charset=utf-8',
        done: async (answer, response) => {
          expect(response.headers.get('content-disposition')).toContain(`"${tabName}.csv"`);
          expect(String(answer).startsWith(ORDER_SHEET_HEADER.join(','))).toBe(true);
        },
      };
    },
  },
];
