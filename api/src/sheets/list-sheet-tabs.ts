import type { TUserProfile } from '@campus/shared/domain/entities';
import { isSuperAdmin } from '@campus/shared/domain/roles';
import type { TSheetTabLink } from '@campus/shared/domain/sheet-requests';
import type { Db } from '@campus/shared/server/db/client';
import type { SheetStore } from '@campus/shared/server/sheets/sheet-store';
import { campusTabNames } from './campus-tab-names';

/** The spreadsheet's tabs: all for a super admin, only their campus's for a campus admin. */
export async function listSheetTabs(
  deps: { db: Db; sheets: SheetStore },
  user: TUserProfile,
): Promise<TSheetTabLink[]> {
  const own = isSuperAdmin(user) ? null : await campusTabNames(deps.db, user);
  const tabs = await deps.sheets.listTabs();
  return own ? tabs.filter((tab) => own.has(tab.name)) : tabs;
}
