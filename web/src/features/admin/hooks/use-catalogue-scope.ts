import { useState } from 'react';
import { useAdminUniversities } from '../api/universities';
import { campusLabel } from '../utils/campuses';

/**
 * Which catalogue a manager shows: one campus (the campus admin dashboard, the campus fixed by
 * the route) or everything with filters (the super admin dashboard).
 */
export type AdminScope =
  | { kind: 'campus'; universityId: string; campusId: string }
  | { kind: 'all' };

const NO_CAMPUS = { universityId: '', campusId: '' };

/**
 * The campus a catalogue manager shows: the campus admin dashboard's own, or the one the super
 * admin's filters name ('' for all), with the universities the super admin's selects offer.
 */
export function useCatalogueScope(scope: AdminScope) {
  const all = scope.kind === 'all';
  const [filter, setFilter] = useState(NO_CAMPUS);
  const universities = useAdminUniversities(all);
  return {
    all,
    filter,
    setFilter,
    campus: all ? filter : { universityId: scope.universityId, campusId: scope.campusId },
    universities,
    /** 'University - Campus' of the campus the filters name, for the dialog that clears it. */
    filteredCampus: campusLabel(universities.data, filter.campusId),
    /** 'University - Campus' of a row, where the list has every campus's. */
    placeOf: all
      ? (row: { campusId: string }) => campusLabel(universities.data, row.campusId)
      : undefined,
  };
}

/** What useCatalogueScope gives a manager's form, filters and list. */
export type TCatalogueScope = ReturnType<typeof useCatalogueScope>;
