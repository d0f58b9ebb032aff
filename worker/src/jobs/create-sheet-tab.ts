import { ORDER_SHEET_HEADER } from '@campus/shared/domain/order';
import type { JobProcessor } from '../job-context';

/** A new campus's order tab, with the header row. */
export const createSheetTabJob: JobProcessor<'create-sheet-tab'> = async (
  { tabName },
  { sheets, log },
) => {
  const tab = await sheets.ensureTab(tabName, ORDER_SHEET_HEADER);
  log.info({ tab: tab.name }, 'sheet tab ready');
  return tab;
};
