import { type KeyboardEvent, type ReactNode, useRef } from 'react';

export type AdminTab = { id: string; label: string };

// Tabs and panels find each other by these ids (aria-controls / aria-labelledby).
const tabDomId = (prefix: string, id: string) => `${prefix}-tab-${id}`;
const panelDomId = (prefix: string, id: string) => `${prefix}-tabpanel-${id}`;

/**
 * The tab bar of a dashboard (WAI-ARIA tabs): the active tab is the only one in the Tab order;
 * the arrow keys, Home and End move between tabs and activate them.
 */
export function AdminTabs({
  tabs,
  active,
  onChange,
  label = 'Dashboard sections',
  idPrefix = 'admin',
}: {
  tabs: readonly AdminTab[];
  active: string;
  onChange(id: string): void;
  /** The accessible name of the tab list. */
  label?: string;
  /** Set it when one page has two tab bars; pass the same to their TabPanels. */
  idPrefix?: string;
}) {
  const refs = useRef(new Map<string, HTMLButtonElement>());

  function move(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const last = tabs.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    const tab = tabs[next];
    if (!tab) return;
    onChange(tab.id);
    refs.current.get(tab.id)?.focus();
  }

  return (
    <div
      role="tablist"
      aria-label={label}
      // The tabs wrap onto more rows rather than scroll: every tab stays in sight.
      className="flex flex-wrap gap-x-1 border-b border-gray-300"
    >
      {tabs.map((tab, index) => {
        const selected = tab.id === active;
        return (
          <button
            key={tab.id}
            ref={(element) => {
              if (element) refs.current.set(tab.id, element);
              else refs.current.delete(tab.id);
            }}
            type="button"
            role="tab"
            id={tabDomId(idPrefix, tab.id)}
            aria-selected={selected}
            aria-controls={panelDomId(idPrefix, tab.id)}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(tab.id)}
            onKeyDown={(event) => move(event, index)}
            className={`-mb-px whitespace-nowrap border-b-2 px-3 py-2 sm:px-4 font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-700 ${
              selected
                ? 'border-orange-700 text-orange-800'
                : 'border-transparent text-gray-700 hover:border-gray-400 hover:text-gray-900'
            }`}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}

/** The panel of one tab; only the active panel renders its content. */
export function TabPanel({
  id,
  active,
  children,
  idPrefix = 'admin',
}: {
  /** The id of the tab this panel belongs to. */
  id: string;
  active: string;
  children: ReactNode;
  idPrefix?: string;
}) {
  const selected = id === active;
  return (
    <div
      role="tabpanel"
      id={panelDomId(idPrefix, id)}
      aria-labelledby={tabDomId(idPrefix, id)}
      hidden={!selected}
      className="pt-4"
    >
      {selected ? children : null}
    </div>
  );
}
