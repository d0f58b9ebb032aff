import { hourLabel, WEEKDAYS } from './insights-figures';

/** The most a cell is shaded: black text stays readable on it (axe's contrast rule). */
const MAX_SHADE = 0.75;

/**
 * Orders by weekday and hour as a table whose cells are shaded by their count: the busy hours
 * stand out, when to staff the rounds. It is the figure's table itself, so screen readers read
 * the counts.
 */
export function WeekdayHourHeatmap({ heatmap }: { heatmap: readonly (readonly number[])[] }) {
  const most = Math.max(1, ...heatmap.flat());
  return (
    <div className="relative overflow-x-auto">
      <table className="border-separate border-spacing-0.5 text-xs">
        <caption className="sr-only">Orders by weekday and hour</caption>
        <thead>
          <tr>
            <td />
            {Array.from({ length: 24 }, (_, hour) => (
              <th
                // biome-ignore lint/suspicious/noArrayIndexKey: the hours of a day
                key={hour}
                scope="col"
                className="px-0.5 font-normal text-gray-700"
              >
                <abbr title={hourLabel(hour)} className="no-underline">
                  {hour}
                </abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {heatmap.map((hours, weekday) => (
            <tr key={WEEKDAYS[weekday]}>
              <th scope="row" className="pr-2 text-left font-normal text-gray-800">
                {WEEKDAYS[weekday]?.slice(0, 3)}
                <span className="sr-only">{WEEKDAYS[weekday]?.slice(3)}</span>
              </th>
              {hours.map((orders, hour) => (
                <td
                  // biome-ignore lint/suspicious/noArrayIndexKey: the hours of a day
                  key={hour}
                  className={`h-7 min-w-7 rounded text-center tabular-nums ${orders === 0 ? 'text-gray-600' : 'text-black'}`}
                  style={{ backgroundColor: `rgba(234, 88, 12, ${(orders / most) * MAX_SHADE})` }}
                >
                  {orders}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
