import { orderDashboardTabs } from '@campus/shared/domain/sheet-tab';
import { primaryButton } from '@/components/ui/button-styles';
import { useSheetTabs } from '../../api/sheet-tabs';
import { AdminListState } from '../admin-controls';

/**
 * The Order Dashboard tab (docs/product.md §2): every campus's order sheet tab but Master, sorted
 * by name, each opening in a new browser tab. A failed or timed-out load shows its message with
 * Retry.
 */
export function OrderDashboardTab() {
  const query = useSheetTabs();
  const tabs = orderDashboardTabs(query.data ?? []);
  return (
    <section aria-labelledby="order-dashboard-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="order-dashboard-heading" className="text-xl font-semibold">
          Order Dashboard
        </h2>
        {query.isSuccess && (
          <button
            type="button"
            className="text-sm text-orange-800 underline focus-visible:outline-2 focus-visible:outline-orange-700"
            onClick={() => query.refetch()}
            disabled={query.isFetching}
          >
            Refresh
          </button>
        )}
      </div>
      <AdminListState
        query={query}
        count={tabs.length}
        emptyMessage="No order sheets yet."
        loadingTitle="Loading order sheets..."
      >
        <ul className="divide-y divide-gray-200 rounded-lg border border-gray-200 bg-white">
          {tabs.map((tab) => (
            <li
              key={tab.name}
              className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between"
            >
              <span className="font-medium break-all">{tab.name}</span>
              <a
                href={tab.url}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={`View Orders of ${tab.name}`}
                className={primaryButton}
              >
                View Orders
              </a>
            </li>
          ))}
        </ul>
      </AdminListState>
    </section>
  );
}
