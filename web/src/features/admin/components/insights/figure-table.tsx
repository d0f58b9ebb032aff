import { csvText } from '@campus/shared/domain/csv';
import { secondaryButton } from '@/components/ui/button-styles';
import type { TFigure } from './insights-figures';

/** The figure as a CSV file's address: built here, guarded against formulas like the api's. */
const csvHref = (figure: TFigure) =>
  `data:text/csv;charset=utf-8,${encodeURIComponent(csvText(figure.header, figure.rows))}`;

/** The download of a figure's numbers as CSV. */
export function CsvLink({ figure }: { figure: TFigure }) {
  return (
    <a
      href={csvHref(figure)}
      download={`${figure.fileName}.csv`}
      className={`${secondaryButton} inline-block`}
    >
      Download {figure.caption.toLowerCase()} (CSV)
    </a>
  );
}

/**
 * A figure's numbers as a table with its caption (what a screen reader reads instead of the
 * chart; `hidden` keeps it for them only) and its CSV download.
 */
export function FigureTable({ figure, hidden = false }: { figure: TFigure; hidden?: boolean }) {
  return (
    <div className="space-y-2">
      <CsvLink figure={figure} />
      <div
        className={
          hidden ? 'sr-only' : 'relative max-h-96 overflow-auto rounded border border-gray-200'
        }
      >
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{figure.caption}</caption>
          <thead className="bg-gray-50">
            <tr>
              {figure.header.map((label) => (
                <th key={label} scope="col" className="px-3 py-2 font-semibold">
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {figure.rows.map((row, index) => (
              // Rows never move: an answer replaces the whole table (two may carry one name).
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <tr key={index} className="border-t border-gray-100">
                {row.map((cell, column) => {
                  const text = figure.show?.[column]?.(cell) ?? String(cell);
                  return column === 0 ? (
                    <th key={figure.header[column]} scope="row" className="px-3 py-1.5 font-normal">
                      {text}
                    </th>
                  ) : (
                    <td key={figure.header[column]} className="px-3 py-1.5 tabular-nums">
                      {text}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
