import type { TOverviewResponse } from '@campus/shared/domain/admin-api';
import type { Db } from '@campus/shared/server/db/client';
import { Hono } from 'hono';
import type { AppEnv } from '../../app-env';
import type { Guards } from '../../auth/guards';
import { getOverview } from '../../overview/get-overview';

/** System Overview (docs/product.md §2), for super admins. */
export function overviewRoutes(db: Db, guards: Guards) {
  return new Hono<AppEnv>().get('/overview', guards.requireRole('superAdmin'), async (c) => {
    const body: TOverviewResponse = { ok: true, ...(await getOverview(db)) };
    c.header('Cache-Control', 'no-store');
    return c.json(body);
  });
}
