import {
  ORDER_STATE_LABELS,
  ORDER_STATES,
  type TOrderState,
} from '@campus/shared/domain/order-status';
import {
  EVIDENCE_FILTER_LABELS,
  EVIDENCE_FILTERS,
  type TEvidenceFilter,
} from '@campus/shared/domain/payment-evidence';
import { useEffect, useRef, useState } from 'react';
import { SelectField, TextField } from '@/components/forms/form-field';
import { CampusFilter } from '../place-selects';

/** What the admin filters the queue by (the campus apart: the dashboard's, or the selects'). */
export type TPaymentFilters = {
  status: TOrderState;
  from: string;
  to: string;
  q: string;
  /** What the payment's evidence adds up to; '' for every order. */
  evidence: TEvidenceFilter | '';
};

export const DEFAULT_PAYMENT_FILTERS: TPaymentFilters = {
  status: 'placed',
  from: '',
  to: '',
  q: '',
  evidence: '',
};

/** How long the search waits for the typing to pause before it asks the api. */
const SEARCH_PAUSE_MS = 300;

/**
 * The queue's filters: a super admin's university and campus, the state, what the payment's
 * evidence adds up to, the days of placing (campus time) and a search by phone, name or order
 * number.
 */
export function PaymentFilters({
  filters,
  onChange,
  campus,
  onSearched,
}: {
  filters: TPaymentFilters;
  onChange(next: TPaymentFilters): void;
  /** Enter in the search: it applies at once and the keys go back to the queue. */
  onSearched(): void;
  /** A super admin's university and campus selects; none on a campus's dashboard. */
  campus: Parameters<typeof CampusFilter>[0] | null;
}) {
  const [search, setSearch] = useState(filters.q);
  const q = search.trim();
  // The filters as they are when the pause ends (another filter may change meanwhile).
  const latest = useRef({ filters, onChange });
  latest.current = { filters, onChange };
  useEffect(() => {
    if (q === latest.current.filters.q) return;
    const timer = setTimeout(() => {
      // Enter may have applied it already.
      if (q !== latest.current.filters.q) latest.current.onChange({ ...latest.current.filters, q });
    }, SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [q]);

  return (
    // A <div role="search"> rather than <search>, which not every engine knows yet (happy-dom).
    // biome-ignore lint/a11y/useSemanticElements: the role says what <search> would
    <div
      role="search"
      aria-label="Filter payments"
      className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4"
    >
      {campus && <CampusFilter {...campus} />}
      <SelectField
        label="State"
        value={filters.status}
        onChange={(event) => onChange({ ...filters, status: event.target.value as TOrderState })}
      >
        {ORDER_STATES.map((state) => (
          <option key={state} value={state}>
            {ORDER_STATE_LABELS[state]}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Evidence"
        value={filters.evidence}
        onChange={(event) =>
          onChange({ ...filters, evidence: event.target.value as TPaymentFilters['evidence'] })
        }
      >
        <option value="">Every order</option>
        {EVIDENCE_FILTERS.map((evidence) => (
          <option key={evidence} value={evidence}>
            {EVIDENCE_FILTER_LABELS[evidence]}
          </option>
        ))}
      </SelectField>
      <TextField
        label="Placed from"
        type="date"
        value={filters.from}
        max={filters.to || undefined}
        onChange={(event) => onChange({ ...filters, from: event.target.value })}
      />
      <TextField
        label="Placed until"
        type="date"
        value={filters.to}
        min={filters.from || undefined}
        onChange={(event) => onChange({ ...filters, to: event.target.value })}
      />
      <TextField
        label="Search"
        type="search"
        placeholder="Phone, name or order number"
        value={search}
        maxLength={100}
        onChange={(event) => setSearch(event.target.value)}
        onKeyDown={(event) => {
          if (event.key !== 'Enter') return;
          event.preventDefault();
          if (q !== filters.q) onChange({ ...filters, q });
          onSearched();
        }}
      />
    </div>
  );
}
