import type { TCampusesResponse, TUniversitiesResponse } from '@campus/shared/domain/catalogue-api';
import type { TCampus, TUniversity } from '@campus/shared/domain/entities';
import { formatError } from '@campus/shared/domain/error-catalogue';
import { readStoredCampus, readStoredUniversity } from '@campus/shared/domain/stored-shapes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { apiGet } from '@/lib/api-client';
import {
  campusesPath,
  SELECTED_CAMPUS_KEY,
  SELECTED_UNIVERSITY_KEY,
  selectionCookie,
  UNIVERSITIES_PATH,
} from '@/lib/first-paint-requests';
import { useAuth } from './auth';

/** Query keys of the public catalogue; the error screen's 'Try Again' drops everything under it. */
export const CATALOGUE_QUERY_KEY = 'catalogue';

export interface CampusSelectionValue {
  universities: TUniversity[];
  campuses: TCampus[];
  selectedUniversity: TUniversity | null;
  selectedCampus: TCampus | null;
  /** True while the universities, or the chosen university's campuses, are loading. */
  loading: boolean;
  /** The formatted message of a failed load, or null. */
  error: string | null;
  /** Loads what failed to load again. */
  retry(): void;
  /** Chooses a university and clears the campus. */
  selectUniversity(university: TUniversity): void;
  selectCampus(campus: TCampus): void;
  clearSelection(): void;
}

const CampusSelectionContext = createContext<CampusSelectionValue | null>(null);

export interface InitialSelection {
  university: TUniversity | null;
  campus: TCampus | null;
}

/**
 * The selection a page rendered on the server starts from (the selection cookie's ids, looked up
 * in the catalogue); without it the selection comes from browser storage.
 */
export const ServerSelectionContext = createContext<InitialSelection | null>(null);

function readStored<T>(key: string, read: (value: unknown) => T | null): T | null {
  let raw: string | null;
  try {
    raw = window.localStorage.getItem(key);
  } catch {
    return null;
  }
  if (raw === null) return null;
  try {
    const stored = read(JSON.parse(raw));
    if (stored !== null) return stored;
  } catch {
    // Not JSON: treated like a value of the wrong shape below.
  }
  console.warn(`Ignoring the unreadable ${key} kept in this browser`);
  window.localStorage.removeItem(key);
  return null;
}

function writeStored(key: string, value: object | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, JSON.stringify(value));
  } catch (error) {
    // Private mode or a full quota: the selection still works for this page view.
    console.warn(`Could not remember ${key}`, error);
  }
}

/** The universities list, cached under the catalogue key (the selector and sign-up share it). */
export function universitiesQueryOptions() {
  return queryOptions({
    queryKey: [CATALOGUE_QUERY_KEY, 'universities'],
    ...apiGet<TUniversitiesResponse>(UNIVERSITIES_PATH),
    select: (answer) => answer.universities,
  });
}

/** The campuses of a university; nothing is fetched while no university is chosen. */
export function campusesQueryOptions(universityId: string | null) {
  return queryOptions({
    queryKey: [CATALOGUE_QUERY_KEY, 'campuses', universityId],
    ...apiGet<TCampusesResponse>(campusesPath(universityId ?? '')),
    select: (answer) => answer.campuses,
    enabled: universityId !== null,
  });
}

/** Same entity, same shown name: nothing to refresh. */
function sameEntity(a: { id: string; name: string }, b: { id: string; name: string }): boolean {
  return a.id === b.id && a.name === b.name;
}

/**
 * The university and campus the visitor browses (docs/product.md §2 selector, §4 states). Several
 * features read it, so it is one context; every change is written to (or removed from) browser
 * storage, and its ids to the selection cookie.
 */
export function CampusSelectionProvider({ children }: { children: ReactNode }) {
  const fromServer = useContext(ServerSelectionContext);
  const [selectedUniversity, setSelectedUniversity] = useState<TUniversity | null>(() =>
    fromServer ? fromServer.university : readStored(SELECTED_UNIVERSITY_KEY, readStoredUniversity),
  );
  const [selectedCampus, setSelectedCampus] = useState<TCampus | null>(() => {
    if (fromServer) return fromServer.campus;
    const campus = readStored(SELECTED_CAMPUS_KEY, readStoredCampus);
    const university = readStored(SELECTED_UNIVERSITY_KEY, readStoredUniversity);
    return campus && university && campus.universityId === university.id ? campus : null;
  });

  useEffect(() => writeStored(SELECTED_UNIVERSITY_KEY, selectedUniversity), [selectedUniversity]);
  useEffect(() => writeStored(SELECTED_CAMPUS_KEY, selectedCampus), [selectedCampus]);
  // The server renders the next storefront page with the same selection.
  useEffect(() => {
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser
    document.cookie = selectionCookie(
      selectedUniversity && {
        universityId: selectedUniversity.id,
        campusId: selectedCampus?.id ?? null,
      },
    );
  }, [selectedUniversity, selectedCampus]);

  const universitiesQuery = useQuery(universitiesQueryOptions());
  const universityId = selectedUniversity?.id ?? null;
  const campusesQuery = useQuery(campusesQueryOptions(universityId));

  // A remembered university or campus that is gone is forgotten; a renamed one is refreshed.
  useEffect(() => {
    const list = universitiesQuery.data;
    if (!list || !selectedUniversity) return;
    const current = list.find((u) => u.id === selectedUniversity.id);
    if (!current) {
      setSelectedUniversity(null);
      setSelectedCampus(null);
    } else if (!sameEntity(current, selectedUniversity)) {
      setSelectedUniversity(current);
    }
  }, [universitiesQuery.data, selectedUniversity]);
  useEffect(() => {
    const list = campusesQuery.data;
    if (!list || !selectedCampus) return;
    const current = list.find((c) => c.id === selectedCampus.id);
    if (!current) setSelectedCampus(null);
    else if (!sameEntity(current, selectedCampus) || current.location !== selectedCampus.location) {
      setSelectedCampus(current);
    }
  }, [campusesQuery.data, selectedCampus]);

  // A person who signs in browses their own campus: the selector starts there (they may change it).
  const { user, loading: authLoading } = useAuth();
  const signedInBefore = useRef<boolean | null>(null);
  useEffect(() => {
    if (authLoading) return;
    const wasSignedIn = signedInBefore.current;
    signedInBefore.current = user !== null;
    const justSignedIn = wasSignedIn === false && user !== null;
    const nothingChosen = wasSignedIn === null && selectedCampus === null;
    if (!user?.universityId || !user.campusId || !(justSignedIn || nothingChosen)) return;
    setSelectedUniversity({ id: user.universityId, name: user.universityName ?? '' });
    setSelectedCampus({
      id: user.campusId,
      universityId: user.universityId,
      name: user.campusName ?? '',
    });
  }, [authLoading, user, selectedCampus]);

  const selectUniversity = useCallback((university: TUniversity) => {
    setSelectedUniversity(university);
    setSelectedCampus(null);
  }, []);
  const selectCampus = useCallback((campus: TCampus) => setSelectedCampus(campus), []);
  const clearSelection = useCallback(() => {
    setSelectedUniversity(null);
    setSelectedCampus(null);
  }, []);

  const loadError = universitiesQuery.error ?? campusesQuery.error;
  const { refetch: refetchUniversities } = universitiesQuery;
  const { refetch: refetchCampuses } = campusesQuery;
  const retry = useCallback(() => {
    void refetchUniversities();
    if (universityId !== null) void refetchCampuses();
  }, [refetchUniversities, refetchCampuses, universityId]);
  const value = useMemo<CampusSelectionValue>(
    () => ({
      universities: universitiesQuery.data ?? [],
      campuses: universityId === null ? [] : (campusesQuery.data ?? []),
      selectedUniversity,
      selectedCampus,
      loading: universitiesQuery.isPending || (universityId !== null && campusesQuery.isPending),
      error: loadError ? formatError(loadError).message : null,
      retry,
      selectUniversity,
      selectCampus,
      clearSelection,
    }),
    [
      universitiesQuery.data,
      universitiesQuery.isPending,
      campusesQuery.data,
      campusesQuery.isPending,
      universityId,
      selectedUniversity,
      selectedCampus,
      loadError,
      retry,
      selectUniversity,
      selectCampus,
      clearSelection,
    ],
  );
  return (
    <CampusSelectionContext.Provider value={value}>{children}</CampusSelectionContext.Provider>
  );
}

/** The selection; throws outside CampusSelectionProvider. */
export function useCampusSelection(): CampusSelectionValue {
  const value = useContext(CampusSelectionContext);
  if (!value) throw new Error('useCampusSelection must be used within a CampusSelectionProvider');
  return value;
}
