import { ROLE_MESSAGES } from '@campus/shared/domain/roles';
import { SET_ASIDE_MESSAGES } from '@campus/shared/domain/sheet-requests';
import { sheetTabName } from '@campus/shared/domain/sheet-tab';
import { type ReactNode, useId } from 'react';
import { Alert } from '@/components/ui/alert';
import { primaryButton } from '@/components/ui/button-styles';
import { LoadFailure } from '@/components/ui/load-failure';
import { StatusMessage } from '@/components/ui/status-message';
import { useSetAsideRows, useSheetTabs } from '../api/sheet-tabs';
import { AdminListState, type ListQuery } from './admin-controls';

/**
 * The campus admin's Order Dashboard (docs/product.md §2, §6): a 'View Orders' button that opens
 * the campus's tab of the orders spreadsheet in a new browser tab. Needs the university and campus
 * names (the tab is named after them) and the tab itself; else the spec's message says which.
 */
export function CampusOrderPanel({
  universityName,
  campusName,
  lookup,
}: {
  universityName: string | null | undefined;
  campusName: string | null | undefined;
  /**
   * The query the names come from when it is not the signed-in user's profile (a super admin's
   * universities list): until it loaded, missing names are not yet known to be missing.
   */
  lookup?: ListQuery;
}) {
  const titleId = useId();
  const hasNames = !!universityName?.trim() && !!campusName?.trim();
  const tabs = useSheetTabs(hasNames);
  const tabName = hasNames ? sheetTabName(universityName ?? '', campusName ?? '') : null;
  const setAside = useSetAsideRows(tabName);

  let body: ReactNode;
  if (lookup?.isPending) {
    body = <StatusMessage title="Loading campus information..." busy />;
  } else if (lookup?.isError) {
    body = <LoadFailure error={lookup.error} onRetry={() => lookup.refetch()} />;
  } else if (!universityName || !campusName || !hasNames) {
    body = <Alert>{ROLE_MESSAGES.campusInfoMissing}</Alert>;
  } else {
    const name = sheetTabName(universityName, campusName);
    const tab = tabs.data?.find((candidate) => candidate.name === name);
    body = (
      <AdminListState
        query={tabs}
        count={1}
        emptyMessage=""
        loadingTitle="Loading the order sheet..."
      >
        {tab ? (
          <div className="space-y-3 rounded-lg border border-gray-300 bg-white p-4">
            <p className="text-gray-800">
              Orders of {universityName} - {campusName} are kept in the spreadsheet tab{' '}
              <span className="font-medium">{tab.name}</span>.
            </p>
            <a href={tab.url} target="_blank" rel="noopener noreferrer" className={primaryButton}>
              View Orders
            </a>
            <SetAsideRows rows={setAside.data ?? []} />
          </div>
        ) : (
          <Alert>{ROLE_MESSAGES.orderSheetNotFound(universityName, campusName)}</Alert>
        )}
      </AdminListState>
    );
  }

  return (
    <section aria-labelledby={titleId} className="space-y-4">
      <h2 id={titleId} className="text-xl font-semibold">
        Order Dashboard
      </h2>
      {body}
    </section>
  );
}

/**
 * Orders of the tab whose rows the spreadsheet refused: named, with the reason, so none is lost.
 */
function SetAsideRows({ rows }: { rows: readonly { orderId: string; reason: string }[] }) {
  if (rows.length === 0) return null;
  return (
    <Alert>
      <p className="font-medium">{SET_ASIDE_MESSAGES.heading(rows.length)}</p>
      <p>{SET_ASIDE_MESSAGES.explanation}</p>
      <ul className="mt-2 list-disc pl-5">
        {rows.map((row) => (
          <li key={row.orderId}>{`Order ${row.orderId}: ${row.reason}`}</li>
        ))}
      </ul>
    </Alert>
  );
}
