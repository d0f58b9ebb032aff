import type { TAdminUniversity } from '@campus/shared/domain/admin-api';
import type { TDomainFormValues } from '@campus/shared/domain/admin-forms';
import type { TAllowedDomain } from '@campus/shared/domain/entities';
import { EMPTY_LIST_MESSAGES } from '@campus/shared/domain/screen-messages';
import { useState } from 'react';
import { campusLabel } from '../../utils/campuses';
import { card } from '../crud-form';
import { CampusFilter } from '../place-selects';
import { RecordList, type TListProps } from '../record-list';

/**
 * The domains the university and campus filters let through, and what the list says when none
 * is left: that none is configured at all, or that the filters hide them.
 */
function listDomains(
  domains: readonly TAllowedDomain[],
  filter: { universityId: string; campusId: string },
): { shown: TAllowedDomain[]; emptyMessage: string } {
  const shown = domains.filter(
    (domain) =>
      (!filter.universityId || domain.universityId === filter.universityId) &&
      (!filter.campusId || domain.campusId === filter.campusId),
  );
  const emptyMessage =
    domains.length === 0 ? EMPTY_LIST_MESSAGES.domains : EMPTY_LIST_MESSAGES.domainsFiltered;
  return { shown, emptyMessage };
}

/** The allowed domains with their university and campus filters. */
export function DomainList({
  universities,
  ...list
}: TListProps<TAllowedDomain, TDomainFormValues> & {
  universities: readonly TAdminUniversity[] | undefined;
}) {
  const [filter, setFilter] = useState({ universityId: '', campusId: '' });
  const { shown, emptyMessage } = listDomains(list.query.data ?? [], filter);
  return (
    <>
      <div className={`${card} grid gap-3 sm:grid-cols-2`}>
        <CampusFilter
          universities={universities}
          universityId={filter.universityId}
          campusId={filter.campusId}
          onChange={setFilter}
        />
      </div>
      <RecordList
        {...list}
        rows={shown}
        noun="domains"
        empty={emptyMessage}
        toForm={(domain) => domain}
        nameOf={(domain) => domain.domain}
      >
        {(domain) => {
          const campus = campusLabel(universities, domain.campusId);
          return (
            <div className="min-w-0 flex-1">
              <p className="font-medium break-all">{domain.domain}</p>
              <p className="text-sm text-gray-700">
                {domain.name}
                {campus && ` · ${campus}`}
              </p>
            </div>
          );
        }}
      </RecordList>
    </>
  );
}
