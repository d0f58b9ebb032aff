import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { AdminTabs, TabPanel } from './admin-tabs';

const TABS = [
  { id: 'restaurants', label: 'Restaurants' },
  { id: 'mart-items', label: 'Mart Items' },
];

/** A dashboard with the two sections, the Mart Items one open. */
function Dashboard() {
  const [active, setActive] = useState('mart-items');
  return (
    <>
      <AdminTabs tabs={TABS} active={active} onChange={setActive} />
      <TabPanel id="restaurants" active={active}>
        restaurants content
      </TabPanel>
      <TabPanel id="mart-items" active={active}>
        mart content
      </TabPanel>
    </>
  );
}

describe('AdminTabs', () => {
  it('is a named tab list with one tab per section, only the active one selected and tabbable', () => {
    render(<Dashboard />);
    const list = screen.getByRole('tablist', { name: 'Dashboard sections' });
    const tabs = screen.getAllByRole('tab');
    expect(list.contains(tabs[0] ?? null)).toBe(true);
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Restaurants', 'Mart Items']);
    expect(tabs.map((tab) => tab.getAttribute('aria-selected'))).toEqual(['false', 'true']);
    expect(tabs.map((tab) => tab.tabIndex)).toEqual([-1, 0]);
  });

  it('ties each tab to its panel and shows only the active panel', () => {
    render(<Dashboard />);
    for (const tab of screen.getAllByRole('tab')) {
      const panel = document.getElementById(tab.getAttribute('aria-controls') ?? '');
      expect(panel?.getAttribute('role')).toBe('tabpanel');
      expect(panel?.getAttribute('aria-labelledby')).toBe(tab.id);
    }
    expect(screen.getByRole('tabpanel', { name: 'Mart Items' }).textContent).toBe('mart content');
    expect(screen.queryByText('restaurants content')).toBeNull();
    const restaurants = screen.getByRole('tab', { name: 'Restaurants' });
    const hidden = document.getElementById(restaurants.getAttribute('aria-controls') ?? '');
    expect(hidden?.hidden).toBe(true);
  });

  it('opens a section by its tab, and the arrow keys move between the tabs', async () => {
    const user = userEvent.setup();
    render(<Dashboard />);
    await user.click(screen.getByRole('tab', { name: 'Restaurants' }));
    expect(screen.getByRole('tabpanel').textContent).toBe('restaurants content');

    await user.keyboard('{ArrowRight}');
    const mart = screen.getByRole('tab', { name: 'Mart Items' });
    expect(document.activeElement).toBe(mart);
    expect(mart.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').textContent).toBe('mart content');
  });
});
