import { ownBackendErrorMessage } from '@campus/shared/domain/backend-failure';
import type { SheetCell } from '@campus/shared/domain/order';
import { columnLetter } from '@campus/shared/domain/sheet-tab';
import { useId } from 'react';
import { useParams } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { secondaryButton } from '@/components/ui/button-styles';
import { Spinner } from '@/components/ui/spinner';
import { StatusMessage } from '@/components/ui/status-message';
import { sheetExportUrl, useSheetTab } from '../api/sheet-tab';
import { linkOf, orderCount, wrapsText } from '../utils/sheet-cells';

const headCell =
  'sticky top-0 z-10 border-r border-b border-gray-300 bg-gray-100 px-3 py-1.5 text-left align-bottom font-semibold text-gray-900';
const rowNumberCell =
  'sticky left-0 border-r border-b border-gray-300 bg-gray-100 px-2 py-1.5 text-right font-normal text-gray-700 tabular-nums';
const bodyCell = 'border-r border-b border-gray-200 px-3 py-1.5 align-top';

function Cell({ value, title }: { value: SheetCell | undefined; title: string | undefined }) {
  if (typeof value === 'number') {
    return <td className={`${bodyCell} text-right whitespace-nowrap tabular-nums`}>{value}</td>;
  }
  const link = linkOf(value);
  if (link) {
    return (
      <td className={`${bodyCell} max-w-xs truncate`}>
        <a
          href={link}
          target="_blank"
          rel="noopener noreferrer"
          className="text-orange-800 underline focus-visible:outline-2 focus-visible:outline-orange-700"
        >
          {link}
        </a>
      </td>
    );
  }
  const layout = wrapsText(title)
    ? 'min-w-64 max-w-md whitespace-pre-line break-words'
    : 'whitespace-nowrap';
  return <td className={`${bodyCell} ${layout}`}>{value ?? ''}</td>;
}

/** The tab as a spreadsheet: column letters over the header row, row numbers down the side. */
function SheetTable({
  name,
  header,
  rows,
}: {
  name: string;
  header: string[];
  rows: SheetCell[][];
}) {
  const captionId = useId();
  const columnCount = rows.reduce((most, row) => Math.max(most, row.length), header.length);
  const columns = Array.from({ length: columnCount }, (_, index) => index);
  return (
    // Scrolls both ways inside its box (wide on phones, long with many orders) so the header
    // row and the row numbers can stay in view; focusable so keyboards can scroll it too.
    <section
      aria-labelledby={captionId}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: keyboards must reach a scrolling box (WCAG 2.1.1)
      tabIndex={0}
      className="max-h-[75vh] overflow-auto rounded border border-gray-300 bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-700"
    >
      <table className="border-separate border-spacing-0 text-sm">
        <caption id={captionId} className="sr-only">
          Orders of {name}
        </caption>
        <thead>
          <tr>
            <th scope="col" className={`${rowNumberCell} top-0 z-20 align-bottom`}>
              <span className="sr-only">Row</span>
              <span aria-hidden="true">1</span>
            </th>
            {columns.map((index) => (
              <th key={index} scope="col" className={headCell}>
                <span aria-hidden="true" className="block text-xs font-normal text-gray-600">
                  {columnLetter(index)}
                </span>
                <span className="whitespace-nowrap">
                  {header[index] || <span className="sr-only">Column {columnLetter(index)}</span>}
                </span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, rowIndex) => (
            // Rows never move or disappear on this page: their position is their identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id of their own
            <tr key={rowIndex} className="odd:bg-white even:bg-gray-50">
              <th scope="row" className={`${rowNumberCell} align-top`}>
                {rowIndex + 2}
              </th>
              {columns.map((index) => (
                <Cell key={index} value={row[index]} title={header[index]} />
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/**
 * /sheets/:tab: a tab of the local orders spreadsheet ('View Orders' without Google), with its
 * downloads. The api decides who may see it (a super admin, or the campus's own admin).
 */
export function SheetScreen() {
  const { tab = '' } = useParams();
  const sheet = useSheetTab(tab);
  return (
    <section className="mx-auto max-w-7xl space-y-4 p-4 sm:p-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold break-words">{tab}</h1>
          {sheet.data && <p className="text-gray-700">{orderCount(sheet.data.rows.length)}</p>}
        </div>
        {sheet.data && (
          <div className="flex flex-wrap gap-2">
            <a href={sheetExportUrl(tab, 'xlsx')} download className={secondaryButton}>
              Download .xlsx
            </a>
            <a href={sheetExportUrl(tab, 'csv')} download className={secondaryButton}>
              Download .csv
            </a>
            <button
              type="button"
              className={secondaryButton}
              onClick={() => sheet.refetch()}
              disabled={sheet.isFetching}
            >
              Refresh
            </button>
          </div>
        )}
      </div>
      {sheet.isPending && <Spinner label="Loading orders..." />}
      {sheet.error && <Alert>{ownBackendErrorMessage(sheet.error)}</Alert>}
      {sheet.data &&
        (sheet.data.rows.length === 0 ? (
          <StatusMessage title="No orders yet." />
        ) : (
          <SheetTable
            name={sheet.data.tab.name}
            header={sheet.data.header}
            rows={sheet.data.rows}
          />
        ))}
    </section>
  );
}
