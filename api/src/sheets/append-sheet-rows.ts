import type { TUserProfile } from '@campus/shared/domain/entities';
import type { TAppendRowsRequest } from '@campus/shared/domain/sheet-requests';
import type { Db } from '@campus/shared/server/db/client';
import type { SheetStore } from '@campus/shared/server/sheets/sheet-store';
import { auditTabChange } from './tab-requests';

/**
 * The operators' manual append (docs/product.md §7 /orders/:tabName): writes the rows as they are,
 * at once. Throws the store's SheetStoreError when the sheet refuses. Answers how many rows went
 * in.
 */
export async function appendSheetRows(
  deps: { db: Db; sheets: SheetStore },
  actor: TUserProfile,
  tabName: string,
  { values }: TAppendRowsRequest,
): Promise<number> {
  await deps.sheets.appendRows(tabName, values);
  await auditTabChange(deps.db, actor, 'append', tabName, { rows: values.length });
  return values.length;
}
