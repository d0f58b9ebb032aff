import {
  CATALOGUE_FILE_HEADER,
  catalogueFilePaths,
  type TCatalogueKind,
  type TImportApplyResponse,
  type TImportPreviewResponse,
} from '@campus/shared/domain/catalogue-import-api';
import { martItems, menuItems } from '@campus/shared/server/db/schema';
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { type AdminTree, hex } from '../admin';
import { answerOf, as, type Call, campusQuery, db, type Persona, query } from './context';
import type { Route } from './route';

// The catalogue in bulk (docs/product.md §10): templates for any admin, export, preview and apply
// of a restaurant's menu or a campus's mart for a super admin or that campus's admin.

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const CSV = 'text/csv; charset=utf-8';
const FILE_TYPE = { xlsx: XLSX, csv: CSV } as const;

const scopeQuery = (kind: TCatalogueKind, tree: AdminTree) =>
  kind === 'menu' ? query({ restaurantId: tree.restaurant.id }) : campusQuery(tree);

/** A CSV file of one new item of the kind. */
function newItemFile(kind: TCatalogueKind, name: string) {
  const row = kind === 'menu' ? [name, '12.50', ''] : [name, '12.50', 'Snacks', '4', ''];
  return `${CATALOGUE_FILE_HEADER[kind].join(',')}\r\n${row.join(',')}\r\n`;
}

function upload(path: string, file: string, token?: string): Call {
  const form = new FormData();
  form.set('file', new Blob([file]), 'items.csv');
  if (token !== undefined) form.set('token', token);
  return { method: 'POST', path, body: form };
}

const itemNamed = (kind: TCatalogueKind, tree: AdminTree, name: string) =>
  kind === 'menu'
    ? db().$count(
        menuItems,
        and(eq(menuItems.restaurantId, tree.restaurant.id), eq(menuItems.name, name)),
      )
    : db().$count(martItems, and(eq(martItems.campusId, tree.campus.id), eq(martItems.name, name)));

function routesOf(kind: TCatalogueKind): Route[] {
  const paths = catalogueFilePaths(kind);
  const downloads = (['xlsx', 'csv'] as const).flatMap((format): Route[] => [
    {
      label: `GET ${paths.template(format)}`,
      who: 'A',
      make: async () => ({ method: 'GET', path: paths.template(format), file: FILE_TYPE[format] }),
    },
    {
      label: `GET ${paths.export(format)}`,
      who: 'C',
      make: async (tree) => ({
        method: 'GET',
        path: `${paths.export(format)}${scopeQuery(kind, tree)}`,
        file: FILE_TYPE[format],
      }),
    },
  ]);
  return [
    ...downloads,
    {
      label: `POST ${paths.preview}`,
      who: 'C',
      success: 200,
      make: async (tree) => {
        const name = `Imported ${hex()}`;
        return {
          ...upload(`${paths.preview}${scopeQuery(kind, tree)}`, newItemFile(kind, name)),
          done: async (answer) => {
            const preview = answer as TImportPreviewResponse;
            expect(preview.rows).toEqual([
              expect.objectContaining({ name, state: 'new', reason: null }),
            ]);
            expect(await itemNamed(kind, tree, name)).toBe(0);
          },
        };
      },
    },
    {
      label: `POST ${paths.apply}`,
      who: 'C',
      success: 200,
      audit: { action: 'create', entity: kind === 'menu' ? 'menu-item' : 'mart-item' },
      make: async (tree, persona: Persona) => {
        const name = `Imported ${hex()}`;
        const file = newItemFile(kind, name);
        // The token of a preview as the persona would have it; refused callers get none.
        const previewed = await as(
          persona === 'superAdmin' ? 'superAdmin' : 'ourAdmin',
          upload(`${paths.preview}${scopeQuery(kind, tree)}`, file),
        );
        const { token } = (await answerOf(previewed)) as TImportPreviewResponse;
        return {
          ...upload(`${paths.apply}${scopeQuery(kind, tree)}`, file, token),
          done: async (answer) => {
            expect(answer as TImportApplyResponse).toEqual({
              ok: true,
              created: 1,
              updated: 0,
              unchanged: 0,
            });
            expect(await itemNamed(kind, tree, name)).toBe(1);
          },
        };
      },
    },
  ];
}

/** Template, export, preview and apply of menus and marts. */
export const CATALOGUE_IMPORT_ROUTES: Route[] = [...routesOf('menu'), ...routesOf('mart')];
