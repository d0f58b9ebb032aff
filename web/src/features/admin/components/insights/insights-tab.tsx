import {
  INSIGHTS_MAX_DAYS,
  insightsRangeProblem,
  type TInsightsResponse,
} from '@campus/shared/domain/insights-api';
import { lazy, type ReactNode, Suspense, useId, useMemo, useState } from 'react';
import { TextField } from '@/components/forms/form-field';
import { LoadFailure } from '@/components/ui/load-failure';
import { StatusMessage } from '@/components/ui/status-message';
import { useInsights } from '../../api/insights';
import { type AdminScope, useCatalogueScope } from '../../hooks/use-catalogue-scope';
import { CampusFilter } from '../place-selects';
import { CsvLink, FigureTable } from './figure-table';
import { figuresOf, formatWait, share } from './insights-figures';
import { WeekdayHourHeatmap } from './weekday-hour-heatmap';

// uPlot and the charts load with the first chart shown, in a chunk of their own.
const DailyChart = lazy(() => import('./insights-charts').then((m) => ({ default: m.DailyChart })));
const RevenueBars = lazy(() =>
  import('./insights-charts').then((m) => ({ default: m.RevenueBars })),
);

type TRange = { from: string; to: string };
const ASK_DEFAULT: TRange = { from: '', to: '' };

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="space-y-3 rounded border border-gray-200 bg-white p-4">
      <h3 id={id} className="text-lg font-semibold">
        {title}
      </h3>
      {children}
    </section>
  );
}

/** Where a chart will be while uPlot loads: the same height, so the page does not jump. */
const chartPlaceholder = <div className="h-[260px]" aria-hidden="true" />;

/** The days asked for: two date fields, each with the range's problem when it has one. */
function RangeFields({ shown, onChange }: { shown: TRange; onChange(next: TRange): void }) {
  const problem = insightsRangeProblem(shown);
  const fieldProps = (field: 'from' | 'to') => {
    const message = problem?.field === field ? problem.message : null;
    return {
      'aria-invalid': message ? true : undefined,
      hint: message && <p className="mt-1 text-sm text-red-700">{message}</p>,
    };
  };
  return (
    <>
      <TextField
        label="From"
        type="date"
        value={shown.from}
        max={shown.to || undefined}
        onChange={(event) => onChange({ ...shown, from: event.target.value })}
        {...fieldProps('from')}
      />
      <TextField
        label="To"
        type="date"
        value={shown.to}
        min={shown.from || undefined}
        onChange={(event) => onChange({ ...shown, to: event.target.value })}
        {...fieldProps('to')}
      />
    </>
  );
}

/** A wait stands out; its absence is said in plain text. */
const waitClass = (seconds: number | null) =>
  seconds === null ? 'pt-2 text-gray-700' : 'text-2xl font-semibold';

function Figures({ insights }: { insights: TInsightsResponse }) {
  const figures = useMemo(() => figuresOf(insights), [insights]);
  const { paymentCheck, outcomes } = insights;
  return (
    <div className="space-y-6">
      <p className="text-sm text-gray-700">
        Revenue counts only orders that were not rejected or cancelled: per day, their grand totals
        (items and delivery); per restaurant and item, their lines. Days and hours are in{' '}
        {insights.timeZone
          ? `the campus time zone (${insights.timeZone})`
          : "each campus's own time zone"}
        .
      </p>
      <Section title="Orders and revenue per day">
        <Suspense fallback={chartPlaceholder}>
          <DailyChart days={insights.days} />
        </Suspense>
        <FigureTable figure={figures.daily} hidden />
      </Section>
      <Section title="Revenue per restaurant and the mart">
        {figures.restaurants.rows.length === 0 ? (
          <p>Nothing sold in these days.</p>
        ) : (
          <Suspense fallback={chartPlaceholder}>
            <RevenueBars figure={figures.restaurants} />
          </Suspense>
        )}
        <FigureTable figure={figures.restaurants} />
      </Section>
      <Section title="Top 10 items">
        {figures.topItems.rows.length === 0 ? (
          <p>Nothing sold in these days.</p>
        ) : (
          <Suspense fallback={chartPlaceholder}>
            <RevenueBars figure={figures.topItems} />
          </Suspense>
        )}
        <FigureTable figure={figures.topItems} />
      </Section>
      <Section title="Orders by weekday and hour">
        <p className="text-sm text-gray-700">
          The darker the hour, the more orders: when to staff the rounds.
        </p>
        <WeekdayHourHeatmap heatmap={insights.heatmap} />
        <CsvLink figure={figures.heatmap} />
      </Section>
      <Section title="Payment checks and outcomes">
        <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <div>
            <dt className="text-sm text-gray-700">Median time to payment check</dt>
            <dd className={waitClass(paymentCheck.medianSeconds)}>
              {formatWait(paymentCheck.medianSeconds)}
            </dd>
          </div>
          <div>
            <dt className="text-sm text-gray-700">90th percentile</dt>
            <dd className={waitClass(paymentCheck.p90Seconds)}>
              {formatWait(paymentCheck.p90Seconds)}
            </dd>
          </div>
          <div>
            <dt className="text-sm text-gray-700">Rejected</dt>
            <dd className="text-2xl font-semibold">
              {share(outcomes.rejected, outcomes.orders)}{' '}
              <span className="text-sm font-normal text-gray-700">
                ({outcomes.rejected} of {outcomes.orders})
              </span>
            </dd>
          </div>
          <div>
            <dt className="text-sm text-gray-700">Cancelled</dt>
            <dd className="text-2xl font-semibold">
              {share(outcomes.cancelled, outcomes.orders)}{' '}
              <span className="text-sm font-normal text-gray-700">
                ({outcomes.cancelled} of {outcomes.orders})
              </span>
            </dd>
          </div>
        </dl>
        <p className="text-sm text-gray-700">
          From placement to the first verify or reject, of the {paymentCheck.checked} orders
          checked.
        </p>
        <FigureTable figure={figures.checks} hidden />
      </Section>
    </div>
  );
}

/**
 * The Insights tab (decision 014): how a campus's business goes over a range of days (the last 30
 * unless chosen, at most a year): orders and revenue per day, revenue per restaurant and the mart,
 * the top items, orders by weekday and hour, the time to the payment check and the rejected and
 * cancelled share. Each chart has its numbers as a table and a CSV download. A super admin filters
 * by university and campus (none: every campus).
 */
export function InsightsTab({ scope }: { scope: AdminScope }) {
  const catalogue = useCatalogueScope(scope);
  // What the fields show: null until changed, the days of the last answer meanwhile.
  const [draft, setDraft] = useState<TRange | null>(null);
  // The last valid range asked for ('' for the api's default, the last 30 days).
  const [asked, setAsked] = useState<TRange>(ASK_DEFAULT);
  const insights = useInsights({ ...catalogue.campus, ...asked });
  const shown = draft ?? {
    from: insights.data?.from ?? '',
    to: insights.data?.to ?? '',
  };
  const change = (next: TRange) => {
    setDraft(next);
    if (!insightsRangeProblem(next)) setAsked(next);
  };

  return (
    <section aria-labelledby="insights-heading" className="space-y-6">
      <h2 id="insights-heading" className="text-xl font-semibold">
        Insights
      </h2>
      {/* biome-ignore lint/a11y/useSemanticElements: the role says what <search> would */}
      <div
        role="search"
        aria-label="Choose the days"
        className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4"
      >
        {catalogue.all && (
          <CampusFilter
            universities={catalogue.universities.data}
            {...catalogue.filter}
            onChange={catalogue.setFilter}
          />
        )}
        <RangeFields shown={shown} onChange={change} />
      </div>
      <p className="text-sm text-gray-700">
        Days are both included; a range is at most {INSIGHTS_MAX_DAYS} days.
      </p>
      {insights.isPending ? (
        <StatusMessage title="Loading insights..." busy />
      ) : insights.isError ? (
        <LoadFailure error={insights.error} onRetry={() => insights.refetch()} />
      ) : (
        <div aria-busy={insights.isFetching || undefined}>
          <Figures insights={insights.data} />
        </div>
      )}
    </section>
  );
}
