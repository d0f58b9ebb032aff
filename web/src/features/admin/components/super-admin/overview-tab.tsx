import { QUEUES_DASHBOARD_PATH } from '@campus/shared/domain/operations-api';
import { ROLE_LABELS, ROLES } from '@campus/shared/domain/roles';
import { Link } from '@/components/link';
import { secondaryButton } from '@/components/ui/button-styles';
import { LoadFailure } from '@/components/ui/load-failure';
import { StatusMessage } from '@/components/ui/status-message';
import { useAdminOverview } from '../../api/overview';
import { OperationsOverview } from '../operations/operations-overview';

/** The counts of the overview's answer with their labels, in the order shown. */
const COUNTS = [
  ['universities', 'Universities'],
  ['campuses', 'Campuses'],
  ['restaurants', 'Restaurants'],
  ['menuItems', 'Menu Items'],
  ['martItems', 'Mart Items'],
  ['users', 'Users'],
] as const;

/** Where the quick actions lead: the tab that does the job. */
export type OverviewActions = {
  onAddUniversity(): void;
  onAddUser(): void;
  onManageDomains(): void;
  onViewOrders(): void;
};

const EVERY_CAMPUS = { universityId: '', campusId: '' };

/**
 * The System Overview tab (docs/product.md §2): the counts, the users by role and the quick
 * actions.
 */
export function OverviewTab(actions: OverviewActions) {
  const query = useAdminOverview();
  const overview = query.data;
  return (
    <div className="space-y-6">
      <OperationsOverview campus={EVERY_CAMPUS} title="Today, all campuses" />
      <section aria-labelledby="overview-counts-heading" className="space-y-3">
        <h2 id="overview-counts-heading" className="text-xl font-semibold">
          System Overview
        </h2>
        {query.isPending && <StatusMessage title="Loading overview..." busy />}
        {query.isError && <LoadFailure error={query.error} onRetry={() => query.refetch()} />}
        {overview && (
          <div className="space-y-6">
            <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
              {COUNTS.map(([key, label]) => (
                <div key={key} className="rounded-lg border border-gray-200 bg-white p-4">
                  <dt className="text-sm text-gray-700">{label}</dt>
                  <dd className="text-2xl font-bold tabular-nums">{overview.counts[key]}</dd>
                </div>
              ))}
            </dl>
            <div>
              <h3 className="mb-2 font-semibold">Users by role</h3>
              <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
                {ROLES.map((role) => (
                  <div key={role} className="rounded-lg border border-gray-200 bg-white p-4">
                    <dt className="text-sm text-gray-700">{ROLE_LABELS[role]}</dt>
                    <dd className="text-2xl font-bold tabular-nums">
                      {overview.usersByRole[role] ?? 0}
                    </dd>
                  </div>
                ))}
              </dl>
            </div>
          </div>
        )}
      </section>
      <section aria-labelledby="overview-actions-heading" className="space-y-3">
        <h2 id="overview-actions-heading" className="text-xl font-semibold">
          Quick Actions
        </h2>
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          <button type="button" className={secondaryButton} onClick={actions.onAddUniversity}>
            Add University
          </button>
          <button type="button" className={secondaryButton} onClick={actions.onAddUser}>
            Add User
          </button>
          <button type="button" className={secondaryButton} onClick={actions.onManageDomains}>
            Manage Domains
          </button>
          <button type="button" className={secondaryButton} onClick={actions.onViewOrders}>
            View Orders
          </button>
          <Link to="/super-admin/mail" className={secondaryButton}>
            Outbox mail
          </Link>
          <a href={QUEUES_DASHBOARD_PATH} className={secondaryButton}>
            Jobs dashboard
          </a>
        </div>
      </section>
    </div>
  );
}
