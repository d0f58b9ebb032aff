import { ORDER_SHEET_HEADER } from '@campus/shared/domain/order';
import { MASTER_TAB_NAME } from '@campus/shared/domain/sheet-tab';
import type { JobProcessor } from '../job-context';

/** The Master tab the original spreadsheet keeps (hidden from the order dashboard). */
export const ensureMasterTabJob: JobProcessor<'ensure-master-tab'> = async (_payload, { sheets }) =>
  sheets.ensureTab(MASTER_TAB_NAME, ORDER_SHEET_HEADER);
