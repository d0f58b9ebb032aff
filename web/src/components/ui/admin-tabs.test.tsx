import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AdminTabs, TabPanel } from './admin-tabs';

const TABS = [
  { id: 'restaurants', label: 'Restaurants' },
  { id: 'mart-items', label: 'Mart Items' },
];

describe('AdminTabs', () => {
  const html = renderToStaticMarkup(
    <>
      <AdminTabs tabs={TABS} active="mart-items" onChange={() => undefined} />
      <TabPanel id="restaurants" active="mart-items">
        restaurants content
      </TabPanel>
      <TabPanel id="mart-items" active="mart-items">
        mart content
      </TabPanel>
    </>,
  );
  const tabs = [...html.matchAll(/<button([^>]*)>([^<]*)<\/button>/g)].map((match) => ({
    attributes: match[1] ?? '',
    label: match[2],
  }));

  it('is a named tab list with one tab per section, only the active one selected and tabbable', () => {
    expect(html).toContain('role="tablist"');
    expect(html).toContain('aria-label="Dashboard sections"');
    expect(tabs.map((tab) => tab.label)).toEqual(['Restaurants', 'Mart Items']);
    expect(tabs.map((tab) => /aria-selected="(\w+)"/.exec(tab.attributes)?.[1])).toEqual([
      'false',
      'true',
    ]);
    expect(tabs.map((tab) => /tabindex="(-?\d)"/.exec(tab.attributes)?.[1])).toEqual(['-1', '0']);
  });

  it('ties each tab to its panel and shows only the active panel', () => {
    for (const tab of tabs) {
      const tabId = /id="([^"]+)"/.exec(tab.attributes)?.[1];
      const panelId = /aria-controls="([^"]+)"/.exec(tab.attributes)?.[1];
      expect(html).toContain(`role="tabpanel" id="${panelId}" aria-labelledby="${tabId}"`);
    }
    expect(html).toContain('mart content');
    expect(html).not.toContain('restaurants content');
    expect(html).toMatch(/id="admin-tabpanel-restaurants"[^>]*hidden=""/);
  });
});
