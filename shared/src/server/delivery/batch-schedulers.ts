import type { TDeliverySlot } from '../../domain/delivery-rounds';
import { parseTime12h } from '../../domain/time-of-day';
import type { Db } from '../db/client';
import { campuses } from '../db/schema';
import { DEFAULT_JOB_OPTIONS, JOBS } from '../jobs';
import type { Producer } from '../queue';

// Each slot of a campus is a BullMQ job scheduler of 'close-batches' at its cut-off, a cron
// pattern in the campus's time zone (docs/architecture.md §8). Its jobs are
// `repeat:<schedulerId>:<millis>`: campus and cut-off, so one cut-off is one job however often the
// schedulers are synced.

const SCHEDULER_PREFIX = 'batch-close-';
const CLOSE_JOB = 'close-batches';
const queueOf = (producer: Producer) => producer.queue(JOBS[CLOSE_JOB].queue);

/** Cron's day of the week: Sunday 0 … Saturday 6. */
const CRON_WEEKDAY = { sun: 0, mon: 1, tue: 2, wed: 3, thu: 4, fri: 5, sat: 6 } as const;

/** The scheduler of one slot: `batch-close-<campusId>-<weekday>-<HHMM>` (24-hour). */
export function batchSchedulerId(
  campusId: string,
  slot: Pick<TDeliverySlot, 'weekday' | 'cutoff'>,
) {
  const minutes = parseTime12h(slot.cutoff);
  if (minutes === null) throw new Error(`Invalid cut-off time: ${slot.cutoff}`);
  const hhmm = `${String(Math.floor(minutes / 60)).padStart(2, '0')}${String(minutes % 60).padStart(2, '0')}`;
  return `${SCHEDULER_PREFIX}${campusId}-${slot.weekday}-${hhmm}`;
}

/** The cron pattern of a slot's cut-off: 'M H * * D'. */
export function batchClosePattern(slot: Pick<TDeliverySlot, 'weekday' | 'cutoff'>): string {
  const minutes = parseTime12h(slot.cutoff);
  if (minutes === null) throw new Error(`Invalid cut-off time: ${slot.cutoff}`);
  return `${minutes % 60} ${Math.floor(minutes / 60)} * * ${CRON_WEEKDAY[slot.weekday]}`;
}

type Scheduler = Awaited<ReturnType<ReturnType<typeof queueOf>['getJobSchedulers']>>[number];

/** Every batch-close scheduler in Redis, with the campus it closes for. */
async function batchSchedulers(producer: Producer) {
  const all: Scheduler[] = await queueOf(producer).getJobSchedulers(0, -1, true);
  return all
    .filter((s) => s.key.startsWith(SCHEDULER_PREFIX) && s.name === CLOSE_JOB)
    .map((s) => ({ ...s, campusId: (s.template?.data as { campusId?: string })?.campusId }));
}

async function syncCampus(
  producer: Producer,
  campusId: string,
  slots: readonly TDeliverySlot[],
  timeZone: string,
  existing: readonly (Scheduler & { campusId?: string })[],
): Promise<void> {
  const queue = queueOf(producer);
  const wanted = new Map(
    slots.map((slot) => [batchSchedulerId(campusId, slot), batchClosePattern(slot)]),
  );
  const mine = existing.filter((s) => s.campusId === campusId);
  for (const [schedulerId, pattern] of wanted) {
    const now = mine.find((s) => s.key === schedulerId);
    // Unchanged: upserting again would only rewrite the scheduler's next job.
    if (now && now.pattern === pattern && now.tz === timeZone) continue;
    await queue.upsertJobScheduler(
      schedulerId,
      { pattern, tz: timeZone },
      { name: CLOSE_JOB, data: { campusId }, opts: DEFAULT_JOB_OPTIONS },
    );
  }
  for (const scheduler of mine) {
    if (!wanted.has(scheduler.key)) await queue.removeJobScheduler(scheduler.key);
  }
}

/**
 * Makes the campus's close schedulers match its slots: one per slot at its cut-off in the
 * campus's time zone, none for a slot that is gone. The api calls it after a slot save commits;
 * the worker's upkeep calls reconcileBatchSchedulers, so a call that failed is made good.
 */
export async function syncBatchSchedulers(
  producer: Producer,
  campusId: string,
  slots: TDeliverySlot[],
  timeZone: string,
): Promise<void> {
  await syncCampus(producer, campusId, slots, timeZone, await batchSchedulers(producer));
}

/**
 * Syncs the close schedulers of every campus with its slots, and removes those of campuses that
 * are gone; returns how many campuses have schedulers. A campus that fails (slots Redis refuses)
 * holds up no other: the failures are thrown together at the end.
 */
export async function reconcileBatchSchedulers(db: Db, producer: Producer): Promise<number> {
  const rows = await db
    .select({
      id: campuses.id,
      slots: campuses.deliverySlots,
      timeZone: campuses.timeZone,
    })
    .from(campuses);
  const existing = await batchSchedulers(producer);
  const failures: unknown[] = [];
  for (const campus of rows) {
    await syncCampus(producer, campus.id, campus.slots, campus.timeZone, existing).catch(
      (error: unknown) => failures.push(error),
    );
  }
  const known = new Set(rows.map((campus) => campus.id));
  const queue = queueOf(producer);
  for (const scheduler of existing) {
    if (!scheduler.campusId || !known.has(scheduler.campusId)) {
      await queue.removeJobScheduler(scheduler.key);
    }
  }
  if (failures.length > 0) {
    throw new AggregateError(
      failures,
      `close schedulers of ${failures.length} campuses not synced`,
    );
  }
  return rows.filter((campus) => campus.slots.length > 0).length;
}
