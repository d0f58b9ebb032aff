import { type ReactNode, useEffect, useRef, useState } from 'react';
import { AdminTabs, TabPanel } from '@/components/ui/admin-tabs';
import { ensureMasterTab } from '../../api/sheet-tabs';
import { useTabParam } from '../../hooks/use-tab-param';
import { BatchesTab } from '../delivery/batches-tab';
import { DomainsTab } from '../domains/domains-tab';
import { InsightsTab } from '../insights/insights-tab';
import { MartItemsManager } from '../mart-items/mart-items-manager';
import { MenuItemsManager } from '../menu-items/menu-items-manager';
import { PaymentsTab } from '../payments/payments-tab';
import { RefundsTab } from '../refunds/refunds-tab';
import { RestaurantsManager } from '../restaurants/restaurants-manager';
import { UniversitiesTab } from '../universities/universities-tab';
import { UsersTab } from '../users/users-tab';
import { OrderDashboardTab } from './order-dashboard-tab';
import { OverviewTab } from './overview-tab';

/**
 * The tabs of docs/product.md §2, in its order, then the payments to check, the refunds owed and
 * the delivery batches (docs/architecture.md §8).
 */
const TABS = [
  { id: 'overview', label: 'System Overview' },
  { id: 'universities', label: 'Universities & Campuses' },
  { id: 'users', label: 'User Management' },
  { id: 'restaurants', label: 'All Restaurants' },
  { id: 'menu-items', label: 'All Menu Items' },
  { id: 'mart-items', label: 'All Mart Items' },
  { id: 'domains', label: 'Domain Management' },
  { id: 'orders', label: 'Order Dashboard' },
  { id: 'payments', label: 'Payments' },
  { id: 'refunds', label: 'Refunds' },
  { id: 'batches', label: 'Batches' },
  { id: 'insights', label: 'Insights' },
] as const;

type TabId = (typeof TABS)[number]['id'];

const ALL = { kind: 'all' } as const;

/**
 * Makes sure the Master tab of the orders spreadsheet exists, once per visit of the dashboard
 * (docs/product.md §7: called on super admin load; a failure is only warned about).
 */
function useEnsureMasterTab() {
  const asked = useRef(false);
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    ensureMasterTab().catch((error: unknown) =>
      console.warn('Could not ask for the Master tab of the orders spreadsheet', error),
    );
  }, []);
}

/**
 * /super-admin: everything of every campus, one tab per concern (docs/product.md §2); the open tab
 * is in the address.
 */
export function SuperAdminScreen() {
  const [active, open] = useTabParam(TABS);
  // Set by a quick action that opens a form: that tab starts with the focus in it.
  const [adding, setAdding] = useState(false);
  useEnsureMasterTab();
  const select = (id: string) => {
    setAdding(false);
    open(id);
  };
  const startAdding = (id: 'universities' | 'users') => {
    setAdding(true);
    open(id);
  };
  const panels: Record<TabId, ReactNode> = {
    overview: (
      <OverviewTab
        onAddUniversity={() => startAdding('universities')}
        onAddUser={() => startAdding('users')}
        onManageDomains={() => select('domains')}
        onViewOrders={() => select('orders')}
      />
    ),
    universities: <UniversitiesTab focusAdd={adding} />,
    users: <UsersTab focusCreate={adding} />,
    restaurants: <RestaurantsManager scope={ALL} />,
    'menu-items': <MenuItemsManager scope={ALL} />,
    'mart-items': <MartItemsManager scope={ALL} />,
    domains: <DomainsTab />,
    orders: <OrderDashboardTab />,
    payments: <PaymentsTab scope={ALL} />,
    refunds: <RefundsTab campus={null} />,
    batches: <BatchesTab scope={ALL} />,
    insights: <InsightsTab scope={ALL} />,
  };
  return (
    <section className="mx-auto max-w-7xl space-y-4 p-4 sm:p-6">
      <h1 className="text-2xl font-bold">Super Admin Dashboard</h1>
      <AdminTabs tabs={TABS} active={active} onChange={select} label="Super admin sections" />
      {TABS.map((tab) => (
        <TabPanel key={tab.id} id={tab.id} active={active}>
          {panels[tab.id]}
        </TabPanel>
      ))}
    </section>
  );
}
