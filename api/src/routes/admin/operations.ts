import {
  OPERATIONS_API,
  type TOperationsOverviewResponse,
  ZOperationsOverviewQuery,
  ZOrdersExportQuery,
} from '@campus/shared/domain/operations-api';
import type { Db } from '@campus/shared/server/db/client';
import type { Producer } from '@campus/shared/server/queue';
import { type Context, Hono } from 'hono';
import type { AppEnv } from '../../app-env';
import type { Guards } from '../../auth/guards';
import { parseWith } from '../../http/body';
import { noStore } from '../../http/no-store';
import { exportOrders } from '../../orders/export-orders';
import { getOperationsOverview } from '../../overview/get-operations-overview';
import { sheetDownload } from '../../sheets/sheet-download';

const ADMIN_PREFIX = '/api/admin';
const under = (path: string) => path.slice(ADMIN_PREFIX.length);

/**
 * What an operator reads first and the orders export for the accounts (docs/product.md §10), for
 * super admins and a campus's admins (their campus only). Mount at /api/admin before the order
 * routes, whose '/orders/:id' would otherwise take the export's paths.
 */
export function operationsRoutes(
  deps: { db: Db; producer: Producer; publicUrl: string },
  guards: Guards,
) {
  const { db } = deps;
  const { signedInUser } = guards;
  const admins = guards.requireRole('superAdmin', 'campusAdmin');
  const exported = async (c: Context<AppEnv>) => {
    const query = parseWith(ZOrdersExportQuery, c.req.query());
    return exportOrders(db, await signedInUser(c), query, deps.publicUrl);
  };
  return new Hono<AppEnv>()
    .get(under(OPERATIONS_API.overview), admins, noStore, async (c) => {
      const query = parseWith(ZOperationsOverviewQuery, c.req.query());
      const overview = await getOperationsOverview(
        { ...deps, log: c.get('log') },
        await signedInUser(c),
        query,
      );
      const body: TOperationsOverviewResponse = { ok: true, ...overview };
      return c.json(body);
    })
    .get(under(OPERATIONS_API.ordersExportXlsx), admins, noStore, async (c) => {
      return sheetDownload(c, await exported(c), 'xlsx');
    })
    .get(under(OPERATIONS_API.ordersExportCsv), admins, noStore, async (c) => {
      return sheetDownload(c, await exported(c), 'csv');
    });
}
