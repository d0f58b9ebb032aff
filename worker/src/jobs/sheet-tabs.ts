import { ORDER_SHEET_HEADER } from '@campus/shared/domain/order';
import { MASTER_TAB_NAME } from '@campus/shared/domain/sheet-tab';
import type { JobProcessor } from '../processor';

/** A new campus's order tab, with the header row. */
export const createSheetTabJob: JobProcessor<'create-sheet-tab'> = async (
  { tabName },
  { sheets, log },
) => {
  const tab = await sheets.ensureTab(tabName, ORDER_SHEET_HEADER);
  log.info({ tab: tab.name }, 'sheet tab ready');
  return tab;
};

/** A deleted campus's order tab. */
export const deleteSheetTabJob: JobProcessor<'delete-sheet-tab'> = async (
  { tabName },
  { sheets, log },
) => {
  const deleted = await sheets.deleteTab(tabName);
  log.info({ tab: tabName, deleted }, 'sheet tab removed');
  return { deleted };
};

/** The Master tab the original spreadsheet keeps (hidden from the order dashboard). */
export const ensureMasterTabJob: JobProcessor<'ensure-master-tab'> = async (_payload, { sheets }) =>
  sheets.ensureTab(MASTER_TAB_NAME, ORDER_SHEET_HEADER);
