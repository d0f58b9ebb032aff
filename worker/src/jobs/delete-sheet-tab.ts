import type { JobProcessor } from '../job-context';

/** A deleted campus's order tab. */
export const deleteSheetTabJob: JobProcessor<'delete-sheet-tab'> = async (
  { tabName },
  { sheets, log },
) => {
  const deleted = await sheets.deleteTab(tabName);
  log.info({ tab: tabName, deleted }, 'sheet tab removed');
  return { deleted };
};
