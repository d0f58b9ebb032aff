import { useSearchParams } from 'react-router-dom';

/**
 * The open tab of a dashboard, kept in the address (?tab=payments): a reload stays on it, the back
 * button returns to the tab before and a tab can be linked. The first tab has no parameter, and
 * one the dashboard does not have opens the first. Opening a tab drops what the last one kept
 * in the address (its open round).
 */
export function useTabParam<T extends string>(tabs: readonly { id: T }[]) {
  const [search, setSearch] = useSearchParams();
  const first = tabs[0]?.id as T;
  const active = tabs.find((tab) => tab.id === search.get('tab'))?.id ?? first;
  const select = (id: string) => {
    if (id === active || !tabs.some((tab) => tab.id === id)) return;
    setSearch(id === first ? {} : { tab: id });
  };
  return [active, select] as const;
}
