import type { TCampus, TUniversity } from '@campus/shared/domain/entities';
import { useEffect, useId, useRef, useState } from 'react';
import { useCampusSelection } from '@/stores/campus-selection';

/** The selector button's text (docs/product.md §2). */
function selectorButtonText(
  loading: boolean,
  university: TUniversity | null,
  campus: TCampus | null,
): string {
  if (loading) return 'Loading...';
  if (!university) return 'Select University';
  if (!campus) return `${university.name} - Select Campus`;
  return `${university.name} - ${campus.name}`;
}

const optionClass =
  'flex w-full flex-col rounded px-3 py-2 text-left hover:bg-orange-50 focus-visible:outline-2 focus-visible:outline-orange-700 aria-pressed:bg-orange-100 aria-pressed:font-semibold';

const retryButton =
  'shrink-0 rounded border border-red-800 px-2 py-0.5 font-medium hover:bg-red-100 focus-visible:outline-2 focus-visible:outline-orange-700';

/**
 * The university/campus selector of the navigation bar. Choosing a university keeps the dropdown
 * open for the campus and clears any campus chosen before; choosing a campus closes it. Escape or
 * a click outside closes it too.
 */
export function CampusSelector() {
  const {
    universities,
    campuses,
    selectedUniversity,
    selectedCampus,
    loading,
    error,
    retry,
    selectUniversity,
    selectCampus,
    clearSelection,
  } = useCampusSelection();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const universityHeadingId = useId();
  const campusHeadingId = useId();

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    const onPointer = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('mousedown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('mousedown', onPointer);
    };
  }, [open]);

  const closeAndFocus = () => {
    setOpen(false);
    button.current?.focus();
  };
  const universitiesLoading = loading && universities.length === 0 && !error;
  const campusesLoading = loading && selectedUniversity !== null && campuses.length === 0;

  return (
    // Below lg the panel hangs from the sticky header, across the screen: under a selector that
    // starts mid-row it would reach past the screen's right edge.
    <div className="lg:relative" ref={root}>
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        className="flex w-full max-w-full items-center justify-between gap-2 rounded border border-gray-400 bg-white px-3 py-1.5 text-left text-sm text-gray-900 hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-700 lg:w-auto lg:max-w-72"
      >
        <span className="truncate">
          {selectorButtonText(loading, selectedUniversity, selectedCampus)}
        </span>
        <svg viewBox="0 0 20 20" aria-hidden="true" className="size-4 shrink-0" fill="currentColor">
          <path d="M5.2 7.2a.75.75 0 0 1 1.06 0L10 10.94l3.74-3.74a.75.75 0 1 1 1.06 1.06l-4.27 4.27a.75.75 0 0 1-1.06 0L5.2 8.26a.75.75 0 0 1 0-1.06Z" />
        </svg>
      </button>
      <div
        id={panelId}
        hidden={!open}
        className="absolute inset-x-4 z-40 mt-2 max-h-[70vh] overflow-y-auto rounded border border-gray-300 bg-white p-3 shadow-lg lg:right-auto lg:left-0 lg:w-80"
      >
        {error && (
          <div
            role="alert"
            className="mb-2 flex items-center justify-between gap-2 rounded bg-red-50 px-3 py-2 text-sm text-red-800"
          >
            <span>{error}</span>
            <button type="button" onClick={retry} className={retryButton}>
              Retry
            </button>
          </div>
        )}
        <p id={universityHeadingId} className="px-1 text-sm font-semibold text-gray-700">
          Select University
        </p>
        {universitiesLoading ? (
          <p className="px-3 py-2 text-sm text-gray-700">Loading...</p>
        ) : universities.length === 0 ? (
          !error && <p className="px-3 py-2 text-sm text-gray-700">No universities available</p>
        ) : (
          <ul aria-labelledby={universityHeadingId} className="mt-1 space-y-0.5">
            {universities.map((university) => (
              <li key={university.id}>
                <button
                  type="button"
                  aria-pressed={selectedUniversity?.id === university.id}
                  className={optionClass}
                  onClick={() => selectUniversity(university)}
                >
                  {university.name}
                </button>
              </li>
            ))}
          </ul>
        )}
        {selectedUniversity && (
          <div className="mt-3 border-t border-gray-200 pt-3">
            <p id={campusHeadingId} className="px-1 text-sm font-semibold text-gray-700">
              Select Campus
            </p>
            {campusesLoading ? (
              <p className="px-3 py-2 text-sm text-gray-700">Loading...</p>
            ) : campuses.length === 0 ? (
              !error && (
                <p className="px-3 py-2 text-sm text-gray-700">
                  No campuses available for this university
                </p>
              )
            ) : (
              <ul aria-labelledby={campusHeadingId} className="mt-1 space-y-0.5">
                {campuses.map((campus) => (
                  <li key={campus.id}>
                    <button
                      type="button"
                      aria-pressed={selectedCampus?.id === campus.id}
                      className={optionClass}
                      onClick={() => {
                        selectCampus(campus);
                        closeAndFocus();
                      }}
                    >
                      <span>{campus.name}</span>
                      {campus.location && (
                        <span className="text-xs font-normal text-gray-600">{campus.location}</span>
                      )}
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
        {(selectedUniversity || selectedCampus) && (
          <div className="mt-3 border-t border-gray-200 pt-3">
            <button
              type="button"
              onClick={() => {
                clearSelection();
                closeAndFocus();
              }}
              className="w-full rounded px-3 py-2 text-left text-sm font-medium text-red-800 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-orange-700"
            >
              Clear Selection
            </button>
          </div>
        )}
      </div>
    </div>
  );
}
