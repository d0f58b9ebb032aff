import { ADMIN_API } from '@campus/shared/domain/admin-api';
import {
  INSIGHTS_MESSAGES,
  type TInsightsResponse,
  todayIn,
} from '@campus/shared/domain/insights-api';
import { expect } from 'vitest';
import type { AdminTree } from '../admin';
import { buildOrder, buildUser } from '../builders';
import { answerOf, as, campusQuery, db, type ErrorBody } from './context';
import type { Route } from './route';

/** A verified order of a student of the campus, placed now. */
async function orderAt(tree: AdminTree) {
  const student = await buildUser(db(), {
    universityId: tree.university.id,
    campusId: tree.campus.id,
  });
  return buildOrder(db(), tree, student, { status: 'verified' });
}

/** The Insights tab (decision 014): a campus admin at their own campus, a super admin anywhere. */
export const INSIGHTS_ROUTES: Route[] = [
  {
    label: 'GET /api/admin/insights',
    who: 'C',
    make: async (tree, persona) => {
      const order = await orderAt(tree);
      const path = `${ADMIN_API.insights}${campusQuery(tree)}`;
      return {
        method: 'GET',
        path,
        done: async (answer) => {
          const figures = answer as TInsightsResponse;
          const today = todayIn(tree.campus.timeZone, new Date());
          expect(figures).toMatchObject({ to: today, timeZone: tree.campus.timeZone });
          expect(figures.days).toHaveLength(30);
          // Today's order counts (other rows may have placed more at the shared campus).
          expect(figures.days.at(-1)?.orders).toBeGreaterThanOrEqual(1);
          expect(figures.days.at(-1)?.revenuePaisa).toBeGreaterThanOrEqual(order.grandTotalPaisa);
          // The same caller asking for a range that is not one: a 400 naming the field.
          const refused = await as(persona, {
            method: 'GET',
            path: `${path}&from=2026-03-10&to=2026-03-09`,
          });
          expect(refused.status).toBe(400);
          expect(((await answerOf(refused)) as ErrorBody).error.fields).toEqual({
            from: INSIGHTS_MESSAGES.fromAfterTo,
          });
        },
      };
    },
  },
];
