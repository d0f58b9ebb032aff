import { type TInsightsResponse, ZInsightsQuery } from '@campus/shared/domain/insights-api';
import type { Db } from '@campus/shared/server/db/client';
import { Hono } from 'hono';
import type { AppEnv } from '../../app-env';
import type { Guards } from '../../auth/guards';
import { parseWith } from '../../http/body';
import { noStore } from '../../http/no-store';
import { getInsights } from '../../insights/get-insights';

/**
 * The Insights tab (docs/product.md §10), for a campus's admins and super admins: the figures of a
 * campus (a super admin's, or every campus) over a range of days of the campus time zone.
 */
export function insightsRoutes(db: Db, guards: Guards) {
  const admins = guards.requireRole('superAdmin', 'campusAdmin');
  return new Hono<AppEnv>().get('/insights', admins, noStore, async (c) => {
    const query = parseWith(ZInsightsQuery, c.req.query());
    const figures = await getInsights(db, await guards.signedInUser(c), query, new Date());
    const body: TInsightsResponse = { ok: true, ...figures };
    return c.json(body);
  });
}
