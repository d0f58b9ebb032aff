// zod/mini: every page that follows orders live parses these.
import * as z from 'zod/mini';
import { canAccessCampus, isSuperAdmin, type RoleHolder } from './roles';

/** Where a signed-in browser opens its stream of live events (GET, text/event-stream). */
export const LIVE_EVENTS_PATH = '/api/events';

/** An event id: the position in the api's event log ('<ms>-<seq>'); later events, larger ids. */
const LIVE_EVENT_ID_PATTERN = /^\d{1,20}-\d{1,20}$/;

/** Redis keeps each part of a stream id in 64 bits. */
const MAX_ID_PART = 2n ** 64n - 1n;

/** Whether `text` is an id the event log could have given out (each part below 2^64). */
export function isLiveEventId(text: string): boolean {
  return (
    LIVE_EVENT_ID_PATTERN.test(text) && text.split('-').every((part) => BigInt(part) <= MAX_ID_PART)
  );
}

const ZEventId = z.string().check(z.regex(LIVE_EVENT_ID_PATTERN));

/**
 * What the stream tells a browser (docs/architecture.md §8): ids, never personal data; the page
 * refetches what it shows. 'resync': events may have been missed (a replay too old, Redis was
 * away), so refetch everything shown.
 */
export const ZLiveEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('order'), id: ZEventId, orderId: z.string(), state: z.string() }),
  z.object({ type: z.literal('resync'), id: ZEventId }),
]);
export type TLiveEvent = z.infer<typeof ZLiveEvent>;
export type TOrderLiveEvent = Extract<TLiveEvent, { type: 'order' }>;

/** The people an order concerns: who placed it, and the campus it belongs to. */
export type OrderAudience = {
  userId: string | null;
  universityId: string | null;
  campusId: string | null;
};

/**
 * Whether a person follows an order's changes: the student who placed it, the campus admins of
 * its campus, and every super admin.
 */
export function canFollowOrder(
  person: RoleHolder & { uid: string },
  order: OrderAudience,
): boolean {
  if (isSuperAdmin(person)) return true;
  if (order.userId !== null && order.userId === person.uid) return true;
  return (
    order.universityId !== null &&
    order.campusId !== null &&
    canAccessCampus(person, order.universityId, order.campusId)
  );
}
