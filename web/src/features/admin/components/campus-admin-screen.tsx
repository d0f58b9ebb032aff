import { isSuperAdmin } from '@campus/shared/domain/roles';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { AdminTabs, TabPanel } from '@/components/ui/admin-tabs';
import { useAuth } from '@/stores/auth';
import { useAdminUniversities } from '../api/universities';
import type { AdminScope } from '../hooks/use-catalogue-scope';
import { useTabParam } from '../hooks/use-tab-param';
import { CampusOrderPanel } from './campus-order-panel';
import { BatchesTab } from './delivery/batches-tab';
import { InsightsTab } from './insights/insights-tab';
import { MartItemsManager } from './mart-items/mart-items-manager';
import { MenuItemsManager } from './menu-items/menu-items-manager';
import { OperationsOverview } from './operations/operations-overview';
import { PaymentsTab } from './payments/payments-tab';
import { RefundsTab } from './refunds/refunds-tab';
import { RestaurantsManager } from './restaurants/restaurants-manager';

const TABS = [
  { id: 'overview', label: 'Overview' },
  { id: 'restaurants', label: 'Restaurants' },
  { id: 'mart-items', label: 'Mart Items' },
  { id: 'orders', label: 'Order Dashboard' },
  { id: 'payments', label: 'Payments' },
  { id: 'refunds', label: 'Refunds' },
  { id: 'batches', label: 'Batches' },
  { id: 'insights', label: 'Insights' },
];

/**
 * The names of the dashboard's campus: the campus admin's own profile, or the super admin's list
 * (with its query, `lookup`, as the names are unknown rather than missing until it loaded).
 */
function useCampusNames(universityId: string, campusId: string) {
  const { user } = useAuth();
  const superAdmin = isSuperAdmin(user);
  const universities = useAdminUniversities(superAdmin);
  if (!superAdmin) {
    const own = user?.universityId === universityId && user.campusId === campusId;
    return {
      universityName: own ? user.universityName : null,
      campusName: own ? user.campusName : null,
      lookup: undefined,
    };
  }
  const university = universities.data?.find((u) => u.id === universityId);
  const campus = university?.campuses.find((c) => c.id === campusId);
  return {
    universityName: university?.name ?? null,
    campusName: campus?.name ?? null,
    lookup: universities,
  };
}

/**
 * /admin/:universityId/:campusId (docs/product.md §2): today's figures first, the restaurants of
 * the campus with the menu of the selected one, the mart items, the order sheet, the payments to
 * check and the delivery batches (docs/architecture.md §8); the open tab is in the address. The
 * route guard lets in only a super admin or this campus's admin; the api checks again on every
 * call.
 */
export function CampusAdminScreen() {
  const params = useParams();
  const universityId = params.universityId ?? '';
  const campusId = params.campusId ?? '';
  const { universityName, campusName, lookup } = useCampusNames(universityId, campusId);
  const [tab, setTab] = useTabParam(TABS);
  const scope: AdminScope = { kind: 'campus', universityId, campusId };
  // Another campus's dashboard starts afresh: no form or selection of the last one carries over.
  const key = `${universityId}/${campusId}`;
  const [selection, setSelection] = useState<{ key: string; id: string | null }>({
    key,
    id: null,
  });
  const selectedRestaurantId = selection.key === key ? selection.id : null;
  const setSelectedRestaurantId = (id: string | null) => setSelection({ key, id });

  return (
    <section className="mx-auto max-w-6xl space-y-6 px-4 py-6">
      <header>
        <h1 className="text-2xl font-bold">Campus Admin Dashboard</h1>
        {campusName && (
          <p className="mt-1 text-lg text-gray-700">
            {universityName ? `${universityName} - ${campusName}` : campusName}
          </p>
        )}
      </header>
      <AdminTabs tabs={TABS} active={tab} onChange={setTab} label="Campus admin sections" />
      <TabPanel id="overview" active={tab}>
        <OperationsOverview key={key} campus={{ universityId, campusId }} title="Today" />
      </TabPanel>
      <TabPanel id="restaurants" active={tab}>
        <div key={key} className="space-y-10">
          <RestaurantsManager
            scope={scope}
            selectedRestaurantId={selectedRestaurantId}
            onSelectRestaurant={setSelectedRestaurantId}
          />
          {/* Another restaurant selected: its menu, and a form that adds to it, afresh. */}
          <MenuItemsManager
            key={selectedRestaurantId ?? ''}
            scope={scope}
            restaurantId={selectedRestaurantId}
          />
        </div>
      </TabPanel>
      <TabPanel id="mart-items" active={tab}>
        <MartItemsManager key={key} scope={scope} />
      </TabPanel>
      <TabPanel id="orders" active={tab}>
        <CampusOrderPanel universityName={universityName} campusName={campusName} lookup={lookup} />
      </TabPanel>
      <TabPanel id="payments" active={tab}>
        <PaymentsTab key={key} scope={scope} />
      </TabPanel>
      <TabPanel id="refunds" active={tab}>
        <RefundsTab key={key} campus={{ universityId, campusId }} />
      </TabPanel>
      <TabPanel id="batches" active={tab}>
        <BatchesTab key={key} scope={scope} />
      </TabPanel>
      <TabPanel id="insights" active={tab}>
        <InsightsTab key={key} scope={scope} />
      </TabPanel>
    </section>
  );
}
