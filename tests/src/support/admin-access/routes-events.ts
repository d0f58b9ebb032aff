import { LIVE_EVENTS_PATH } from '@campus/shared/domain/live-events';
import { newId } from '@campus/shared/server/db/ids';
import type { OrderEvent } from '@campus/shared/server/events/order-events';
import { expect } from 'vitest';
import type { AdminTree } from '../admin';
import { EventStreamReader } from '../event-stream';
import { access, type Persona } from './context';
import type { Route } from './route';

/** An order event of a campus, placed by `userId` (null: by nobody of this test). */
function orderAt(tree: AdminTree, userId: string | null): OrderEvent {
  return {
    orderId: newId(),
    state: 'verified',
    userId,
    universityId: tree.university.id,
    campusId: tree.campus.id,
  };
}

/**
 * The live events: every signed-in person may open the stream, and gets only the orders they
 * follow: the student their own, a campus admin their campus's, a super admin every one.
 */
export const EVENT_ROUTES: Route[] = [
  {
    label: `GET ${LIVE_EVENTS_PATH}`,
    who: 'P',
    make: async (tree, persona) => ({
      method: 'GET',
      path: LIVE_EVENTS_PATH,
      file: 'text/event-stream',
      stream: true,
      done: async (_answer, response) => {
        const stream = new EventStreamReader(response);
        const { people, ours, theirs, testApp } = access;
        const studentsOrder = orderAt(ours, people.user.id);
        const campusOrder = orderAt(tree, null);
        const otherCampusOrder = orderAt(theirs, null);
        const signedIn = persona as Exclude<Persona, 'signedOut'>;
        // Their own order, published last, is the last thing the stream gets: anything sent to
        // it that should not have been would have come before.
        const own = orderAt(signedIn === 'theirAdmin' ? theirs : tree, people[signedIn].id);
        const expected = {
          user: [studentsOrder],
          ourAdmin: [studentsOrder, campusOrder],
          theirAdmin: [otherCampusOrder],
          superAdmin: [studentsOrder, campusOrder, otherCampusOrder],
        }[signedIn];
        for (const event of [studentsOrder, campusOrder, otherCampusOrder, own]) {
          await testApp.events.publishOrder(event);
        }
        const received: string[] = [];
        try {
          while (received.at(-1) !== own.orderId) {
            const event = await stream.nextEvent();
            if (event.type === 'order') received.push(event.orderId);
          }
        } finally {
          await stream.close();
        }
        expect(received).toEqual([...expected, own].map((event) => event.orderId));
      },
    }),
  },
];
