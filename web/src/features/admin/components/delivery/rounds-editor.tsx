import type { TDeliverySlotsResponse } from '@campus/shared/domain/batch-api';
import {
  roundName,
  type TDeliverySlot,
  type TWeekday,
  WEEKDAY_LABELS,
  WEEKDAYS,
  ZDeliverySlotsRequest,
} from '@campus/shared/domain/delivery-rounds';
import { formatError } from '@campus/shared/domain/error-catalogue';
import { fieldMessages } from '@campus/shared/domain/form-validation';
import { time12hToTime24h, time24hToTime12h } from '@campus/shared/domain/time-of-day';
import { type FormEvent, useRef, useState } from 'react';
import { TextField } from '@/components/forms/form-field';
import { Alert } from '@/components/ui/alert';
import { primaryButton, secondaryButton } from '@/components/ui/button-styles';
import { StatusMessage } from '@/components/ui/status-message';
import { focusFirstInvalid } from '@/lib/focus-first-invalid';
import { roundOf } from '@/lib/rounds';
import { type TBatchCampus, useDeliverySlots, useSaveDeliverySlots } from '../../api/delivery';
import { rowButton, rowDangerButton } from '../admin-controls';

/** What the editor says of a campus that runs no rounds. */
const NO_ROUNDS_MESSAGE = 'No delivery rounds: orders are delivered outside batches.';

const WORK_DAYS: readonly TWeekday[] = ['tue', 'wed', 'thu', 'fri'];

/** One round as the editor holds it: <input type="time"> values ('12:30'), '' when cleared. */
type TRoundRow = { key: number; cutoff: string; delivery: string };
type TWeek = Record<TWeekday, TRoundRow[]>;
/** Messages by field path as the api names them ('slots.3.cutoff'), and by day for a day's own. */
type TErrors = Record<string, string>;

let nextKey = 1;
const row = (cutoff = '', delivery = ''): TRoundRow => ({ key: nextKey++, cutoff, delivery });

function weekOf(slots: readonly TDeliverySlot[]): TWeek {
  const week = Object.fromEntries(WEEKDAYS.map((day) => [day, [] as TRoundRow[]])) as TWeek;
  for (const slot of slots) {
    week[slot.weekday].push(
      row(time12hToTime24h(slot.cutoff) ?? '', time12hToTime24h(slot.delivery) ?? ''),
    );
  }
  return week;
}

/** The week as the api takes it, Monday first, with where each day's rounds start in it. */
function slotsOf(week: TWeek): { slots: TDeliverySlot[]; start: Record<TWeekday, number> } {
  const slots: TDeliverySlot[] = [];
  const start = {} as Record<TWeekday, number>;
  for (const day of WEEKDAYS) {
    start[day] = slots.length;
    for (const round of week[day]) {
      slots.push({
        weekday: day,
        cutoff: time24hToTime12h(round.cutoff) ?? '',
        delivery: time24hToTime12h(round.delivery) ?? '',
      });
    }
  }
  return { slots, start };
}

/**
 * A campus's weekly delivery rounds (docs/architecture.md §8): per weekday its rounds, each a
 * cut-off and a delivery time in the campus's time zone. Checked with the shared rules before it is
 * sent; what the api refuses (400, field 'slots.3.cutoff') shows beside that field.
 */
export function RoundsEditor({ campus }: { campus: TBatchCampus }) {
  const slots = useDeliverySlots(campus);
  // Kept here: a save remounts the form below with the week the api kept.
  const [done, setDone] = useState('');
  return slots.isPending ? (
    <StatusMessage title="Loading delivery rounds..." busy />
  ) : slots.isError ? (
    <Alert>
      <p>{formatError(slots.error).message}</p>
      <button type="button" className={`${rowButton} mt-2`} onClick={() => slots.refetch()}>
        Retry
      </button>
    </Alert>
  ) : (
    // A saved week starts the form afresh from what the api kept (canonical times).
    <RoundsForm
      key={JSON.stringify(slots.data.slots)}
      campus={campus}
      saved={slots.data}
      done={done}
      setDone={setDone}
    />
  );
}

function RoundsForm({
  campus,
  saved,
  done,
  setDone,
}: {
  campus: TBatchCampus;
  saved: TDeliverySlotsResponse;
  /** What the last save said, shown until the week is changed again. */
  done: string;
  setDone: (text: string) => void;
}) {
  const [week, setWeek] = useState(() => weekOf(saved.slots));
  const [errors, setErrors] = useState<TErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const save = useSaveDeliverySlots(campus);
  const formRef = useRef<HTMLFormElement>(null);
  const { start } = slotsOf(week);

  const change = (next: TWeek) => {
    setWeek(next);
    setErrors({});
    setDone('');
  };
  const setRound = (day: TWeekday, key: number, field: 'cutoff' | 'delivery', value: string) =>
    change({
      ...week,
      [day]: week[day].map((round) => (round.key === key ? { ...round, [field]: value } : round)),
    });
  const addRound = (day: TWeekday) => change({ ...week, [day]: [...week[day], row()] });
  const removeRound = (day: TWeekday, key: number) =>
    change({ ...week, [day]: week[day].filter((round) => round.key !== key) });
  const copyMonday = () => {
    const next = { ...week };
    for (const day of WORK_DAYS) {
      next[day] = week.mon.map((round) => row(round.cutoff, round.delivery));
    }
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
    const found = fieldMessages(ZDeliverySlotsRequest, slotsOf(week));
    if (Object.keys(found).length > 0) {
      showErrors(found);
      return;
    }
    try {
      const answer = await save.mutateAsync(slotsOf(week).slots);
      const moved = answer.movedOrders ?? 0;
      setDone(
        moved > 0
          ? `Delivery rounds saved. ${moved} ${moved === 1 ? 'order moved' : 'orders moved'} to another round.`
          : 'Delivery rounds saved.',
      );
    } catch (error) {
      const formatted = formatError(error);
      if (formatted.status === 400 && formatted.fields) {
        showErrors(formatted.fields);
        // A refusal of the whole week has no field to sit beside.
        if (!Object.keys(formatted.fields).some((path) => path.startsWith('slots.'))) {
          setFailure(formatted.message);
        }
        return;
      }
      setFailure(formatted.message);
    }
  }

  const total = WEEKDAYS.reduce((sum, day) => sum + week[day].length, 0);
  const nextRound = saved.nextRound ? roundOf(saved.nextRound) : null;

  return (
    <form
      ref={formRef}
      onSubmit={submit}
      noValidate
      aria-label="Delivery rounds"
      className="space-y-4"
    >
      <p className="text-sm text-gray-700">
        Times are in the campus's time zone ({saved.timeZone}). An order joins the first round whose
        cut-off is still ahead.
      </p>
      {saved.slots.length === 0 ? (
        <StatusMessage title={NO_ROUNDS_MESSAGE} />
      ) : (
        nextRound && (
          <p className="text-sm text-gray-800">
            Next round: {roundName(nextRound, saved.timeZone)}
          </p>
        )
      )}
      {failure && <Alert>{failure}</Alert>}
      <button
        type="button"
        className={rowButton}
        onClick={copyMonday}
        disabled={week.mon.length === 0}
      >
        Copy Monday to weekdays
      </button>
      <div className="grid gap-4 md:grid-cols-2">
        {WEEKDAYS.map((day) => (
          <fieldset key={day} className="space-y-2 rounded border border-gray-200 p-3">
            <legend className="px-1 font-medium">{WEEKDAY_LABELS[day]}</legend>
            {week[day].length === 0 && <p className="text-sm text-gray-700">No rounds.</p>}
            {week[day].map((round, index) => {
              const path = `slots.${start[day] + index}`;
              const name = `${WEEKDAY_LABELS[day]} round ${index + 1}`;
              return (
                <div key={round.key} className="flex flex-wrap items-start gap-2">
                  <TimeField
                    label="Cut-off"
                    name={name}
                    value={round.cutoff}
                    error={errors[`${path}.cutoff`]}
                    onChange={(value) => setRound(day, round.key, 'cutoff', value)}
                  />
                  <TimeField
                    label="Delivery"
                    name={name}
                    value={round.delivery}
                    error={errors[`${path}.delivery`]}
                    onChange={(value) => setRound(day, round.key, 'delivery', value)}
                  />
                  <button
                    type="button"
                    className={`${rowDangerButton} mt-6`}
                    aria-label={`Remove ${name}`}
                    onClick={() => removeRound(day, round.key)}
                  >
                    Remove
                  </button>
                </div>
              );
            })}
            <DayError errors={errors} from={start[day]} count={week[day].length} />
            <button
              type="button"
              className={rowButton}
              aria-label={`Add a round on ${WEEKDAY_LABELS[day]}`}
              onClick={() => addRound(day)}
            >
              Add round
            </button>
          </fieldset>
        ))}
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className={primaryButton} disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save delivery rounds'}
        </button>
        {total > 0 && (
          <button type="button" className={secondaryButton} onClick={() => change(weekOf([]))}>
            Remove all rounds
          </button>
        )}
        <p role="status" className="text-sm text-gray-700">
          {done}
        </p>
      </div>
    </form>
  );
}

/** A refusal of a day's rounds as a whole (too many rounds), below the day's rounds. */
function DayError({ errors, from, count }: { errors: TErrors; from: number; count: number }) {
  const message = Array.from(
    { length: count },
    (_, index) => errors[`slots.${from + index}.weekday`],
  ).find((text) => text !== undefined);
  return message ? <p className="text-sm text-red-700">{message}</p> : null;
}

/** A time of a round: its label names the day and round for screen readers, its error beside it. */
function TimeField({
  label,
  name,
  value,
  error,
  onChange,
}: {
  label: string;
  name: string;
  value: string;
  error: string | undefined;
  onChange(value: string): void;
}) {
  return (
    <div className="w-40">
      <TextField
        type="time"
        label={
          <>
            <span className="sr-only">{name} </span>
            {label}
            <span className="sr-only"> time</span>
          </>
        }
        value={value}
        aria-invalid={error ? true : undefined}
        hint={error && <p className="mt-1 text-sm text-red-700">{error}</p>}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
