import { formatRs } from '@campus/shared/domain/money';
import {
  QUEUES_DASHBOARD_PATH,
  type TDayFigures,
  type TWaiting,
} from '@campus/shared/domain/operations-api';
import { LoadFailure } from '@/components/ui/load-failure';
import { StatusMessage } from '@/components/ui/status-message';
import { type TOperationsCampus, useOperationsOverview } from '../../api/operations';

/** How long something has waited, e.g. '45 min', '3 h 5 min', '2 d 4 h'. */
export function formatAge(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  if (minutes < 1) return 'under a minute';
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ${minutes % 60} min`;
  return `${Math.floor(hours / 24)} d ${hours % 24} h`;
}

const card = 'rounded-lg border border-gray-200 bg-white p-4';

function Figure({ label, value, detail }: { label: string; value: string; detail: string }) {
  return (
    <div className={card}>
      <dt className="text-sm text-gray-700">{label}</dt>
      <dd className="text-2xl font-bold tabular-nums">{value}</dd>
      <dd className="text-sm text-gray-700">{detail}</dd>
    </div>
  );
}

const lastWeek = (figures: TDayFigures, key: keyof TDayFigures) =>
  `Same day last week: ${key === 'orders' ? figures.orders : formatRs(figures.revenuePaisa)}`;

const oldest = (waiting: TWaiting) =>
  waiting.oldestAgeSeconds === null
    ? 'None waiting'
    : `Oldest waiting ${formatAge(waiting.oldestAgeSeconds)}`;

/**
 * What an operator reads first (docs/product.md §10): today's orders and revenue against the same
 * weekday last week, what waits, and (for a super admin) the failed jobs with their dashboard.
 */
export function OperationsOverview({
  campus,
  title,
}: {
  campus: TOperationsCampus;
  title: string;
}) {
  const query = useOperationsOverview(campus);
  const overview = query.data;
  return (
    <section aria-labelledby="operations-heading" className="space-y-3">
      <h2 id="operations-heading" className="text-xl font-semibold">
        {title}
      </h2>
      {query.isPending && <StatusMessage title="Loading today's figures..." busy />}
      {query.isError && <LoadFailure error={query.error} onRetry={() => query.refetch()} />}
      {overview && (
        <div className="space-y-4">
          <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
            <Figure
              label="Orders today"
              value={String(overview.today.orders)}
              detail={lastWeek(overview.sameDayLastWeek, 'orders')}
            />
            <Figure
              label="Revenue today"
              value={formatRs(overview.today.revenuePaisa)}
              detail={lastWeek(overview.sameDayLastWeek, 'revenuePaisa')}
            />
            <Figure
              label="Payments waiting"
              value={String(overview.paymentsWaiting.count)}
              detail={oldest(overview.paymentsWaiting)}
            />
            <Figure
              label="Orders without their sheet row"
              value={String(overview.withoutSheetRow.count)}
              detail={oldest(overview.withoutSheetRow)}
            />
          </dl>
          {overview.failedJobs && (
            <div className={card}>
              <h3 className="font-semibold">Failed jobs</h3>
              <dl className="mt-2 flex flex-wrap gap-x-6 gap-y-1">
                {overview.failedJobs.map(({ queue, failed }) => (
                  <div key={queue} className="flex gap-2">
                    <dt className="text-gray-700">{queue}</dt>
                    <dd className="font-bold tabular-nums">{failed ?? 'unknown'}</dd>
                  </div>
                ))}
              </dl>
              {overview.failedJobs.some(({ failed }) => failed === null) && (
                <p className="mt-2 text-sm text-gray-700">
                  The queues did not answer: Redis may be away.
                </p>
              )}
              {/* Served by the api itself (bull-board), not by this app's router. */}
              <a href={QUEUES_DASHBOARD_PATH} className="mt-2 inline-block text-blue-700 underline">
                Open the jobs dashboard
              </a>
            </div>
          )}
        </div>
      )}
    </section>
  );
}
