import {
  CATALOGUE_FILE_HEADER,
  STOCK_WHEN_EXPORTED,
  type TCatalogueKind,
} from '@campus/shared/domain/catalogue-import-api';
import { paisaToRupees } from '@campus/shared/domain/money';
import type { SheetCell } from '@campus/shared/domain/order';
import type { AdminDeps } from '../admin/deps';
import type { SheetExport } from '../sheets/sheet-export';
import { type ImportScope, rulesOf } from './catalogue-kinds';

/** The empty file of a kind: its header row only. */
export function catalogueTemplate(kind: TCatalogueKind): SheetExport {
  const name = kind === 'menu' ? 'menu-template' : 'mart-template';
  return { name, header: CATALOGUE_FILE_HEADER[kind], rows: [] };
}

/**
 * A menu or mart in the import's format (prices in rupees, as the admin forms type them), sorted
 * by name, so that export → edit → import changes only what was edited (a mart's stock too:
 * its last column is the stock as exported).
 */
export async function exportCatalogue(
  deps: Pick<AdminDeps, 'db'>,
  scope: ImportScope,
): Promise<SheetExport> {
  const rules = rulesOf(scope);
  const items = await rules.load(deps.db, scope, false);
  items.sort((a, b) => a.name.localeCompare(b.name));
  const mart = scope.kind === 'mart';
  const rows = items.map((item) => [
    ...rules.fields.map(
      (field): SheetCell => (field === 'price' ? paisaToRupees(item.price) : (item[field] ?? '')),
    ),
    ...(mart ? [item.stock ?? 0] : []),
  ]);
  const header = [...CATALOGUE_FILE_HEADER[scope.kind], ...(mart ? [STOCK_WHEN_EXPORTED] : [])];
  return { name: scope.kind === 'menu' ? 'menu' : 'mart', header, rows };
}
