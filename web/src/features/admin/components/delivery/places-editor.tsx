import {
  MAX_DELIVERY_PLACES,
  PLACE_LIMITS,
  type TDeliveryPlace,
  ZDeliveryPlacesRequest,
} from '@campus/shared/domain/delivery-places';
import { formatError } from '@campus/shared/domain/error-catalogue';
import { fieldMessages } from '@campus/shared/domain/form-validation';
import { type FormEvent, useRef, useState } from 'react';
import { TextField } from '@/components/forms/form-field';
import { Alert } from '@/components/ui/alert';
import { primaryButton } from '@/components/ui/button-styles';
import { LoadFailure } from '@/components/ui/load-failure';
import { StatusMessage } from '@/components/ui/status-message';
import { focusFirstInvalid } from '@/lib/focus-first-invalid';
import { type TBatchCampus, useDeliveryPlaces, useSaveDeliveryPlaces } from '../../api/delivery';
import { rowButton, rowDangerButton } from '../admin-controls';

/** What the editor says of a campus without places. */
const NO_PLACES_MESSAGE =
  'No delivery places: checkout asks for a hostel room as free text. Add the halls, departments and gates you deliver to.';

/** A place as the editor holds it; `id` is the saved place's, none for one added here. */
type TPlaceRow = { key: number; id?: string; name: string; code: string; note: string };
type TField = 'name' | 'code' | 'note';
/** Messages by the path the api uses too ('places.2.code'). */
type TErrors = Record<string, string>;

let nextKey = 1;
const rowOf = (place?: TDeliveryPlace): TPlaceRow => ({
  key: nextKey++,
  id: place?.id,
  name: place?.name ?? '',
  code: place?.code ?? '',
  note: place?.note ?? '',
});

const requestOf = (rows: readonly TPlaceRow[]) => ({
  places: rows.map(({ id, name, code, note }) => ({ ...(id ? { id } : {}), name, code, note })),
});

/**
 * A campus's delivery places (docs/decisions/026-delivery-places.md): the list checkout offers, in
 * its order, which is also the drop list's. Each place has a name, a short code for labels and an
 * optional note students see ('Hand over at the front desk'). Removing a place leaves its orders
 * with the name they were placed with.
 */
export function PlacesEditor({ campus }: { campus: TBatchCampus }) {
  const places = useDeliveryPlaces(campus);
  const [done, setDone] = useState('');
  if (places.isPending) return <StatusMessage title="Loading delivery places..." busy />;
  if (places.isError) return <LoadFailure error={places.error} onRetry={() => places.refetch()} />;
  return (
    <PlacesForm
      key={JSON.stringify(places.data.places)}
      campus={campus}
      saved={places.data.places}
      done={done}
      setDone={setDone}
    />
  );
}

function PlacesForm({
  campus,
  saved,
  done,
  setDone,
}: {
  campus: TBatchCampus;
  saved: readonly TDeliveryPlace[];
  done: string;
  setDone: (text: string) => void;
}) {
  const [rows, setRows] = useState(() => saved.map(rowOf));
  const [errors, setErrors] = useState<TErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const save = useSaveDeliveryPlaces(campus);
  const formRef = useRef<HTMLFormElement>(null);

  const change = (next: TPlaceRow[]) => {
    setRows(next);
    setErrors({});
    setDone('');
  };
  const setField = (key: number, field: TField, value: string) =>
    change(rows.map((row) => (row.key === key ? { ...row, [field]: value } : row)));
  const move = (index: number, by: -1 | 1) => {
    const next = [...rows];
    const [row] = next.splice(index, 1);
    if (row) next.splice(index + by, 0, row);
    change(next);
  };

  const showErrors = (found: TErrors) => {
    setErrors(found);
    focusFirstInvalid(formRef.current);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    setDone('');
    const found = fieldMessages(ZDeliveryPlacesRequest, requestOf(rows));
    if (Object.keys(found).length > 0) {
      showErrors(found);
      return;
    }
    try {
      await save.mutateAsync(requestOf(rows).places);
      setDone('Delivery places saved.');
    } catch (error) {
      const formatted = formatError(error);
      const fields = formatted.fields ?? {};
      if (
        formatted.status === 400 &&
        Object.keys(fields).some((path) => path.startsWith('places.'))
      ) {
        showErrors(fields);
        return;
      }
      setFailure(formatted.message);
    }
  }

  return (
    <form
      ref={formRef}
      onSubmit={submit}
      noValidate
      aria-label="Delivery places"
      className="space-y-4"
    >
      <p className="text-sm text-gray-700">
        Students choose one of these places at checkout, then type their room. The drop list and the
        labels follow this order.
      </p>
      {rows.length === 0 && <StatusMessage title={NO_PLACES_MESSAGE} />}
      {failure && <Alert>{failure}</Alert>}
      <ol className="space-y-3">
        {rows.map((row, index) => {
          const path = `places.${index}`;
          const name = row.name.trim() || `Place ${index + 1}`;
          const field = (label: string, key: TField, max: number, width: string) => (
            <div className={width}>
              <TextField
                label={
                  <>
                    <span className="sr-only">{name} </span>
                    {label}
                  </>
                }
                value={row[key]}
                maxLength={max}
                error={errors[`${path}.${key}`]}
                onChange={(event) => setField(row.key, key, event.target.value)}
              />
            </div>
          );
          return (
            <li
              key={row.key}
              className="flex flex-wrap items-start gap-2 rounded border border-gray-200 p-3"
            >
              {field('Name', 'name', PLACE_LIMITS.name, 'w-56')}
              {field('Code', 'code', PLACE_LIMITS.code, 'w-28')}
              {field('Note for students', 'note', PLACE_LIMITS.note, 'min-w-56 flex-1')}
              <div className="mt-6 flex gap-1">
                <button
                  type="button"
                  className={rowButton}
                  aria-label={`Move ${name} up`}
                  disabled={index === 0}
                  onClick={() => move(index, -1)}
                >
                  Up
                </button>
                <button
                  type="button"
                  className={rowButton}
                  aria-label={`Move ${name} down`}
                  disabled={index === rows.length - 1}
                  onClick={() => move(index, 1)}
                >
                  Down
                </button>
                <button
                  type="button"
                  className={rowDangerButton}
                  aria-label={`Remove ${name}`}
                  onClick={() => change(rows.filter((other) => other.key !== row.key))}
                >
                  Remove
                </button>
              </div>
            </li>
          );
        })}
      </ol>
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="button"
          className={rowButton}
          disabled={rows.length >= MAX_DELIVERY_PLACES}
          onClick={() => change([...rows, rowOf()])}
        >
          Add place
        </button>
        <button type="submit" className={primaryButton} disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save delivery places'}
        </button>
        <p role="status" className="text-sm text-gray-700">
          {done}
        </p>
      </div>
    </form>
  );
}
