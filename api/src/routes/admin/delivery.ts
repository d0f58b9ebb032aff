import {
  BATCH_LISTS,
  type TBagLabelsResponse,
  type TBatchActionResponse,
  type TBatchDetailResponse,
  type TBatchesResponse,
  type TBatchList,
  type TDeliverySlotsResponse,
  ZBatchAction,
} from '@campus/shared/domain/batch-api';
import {
  type TDeliveryPlacesResponse,
  ZDeliveryPlacesRequest,
} from '@campus/shared/domain/delivery-places';
import { ZDeliverySlotsRequest } from '@campus/shared/domain/delivery-rounds';
import { Hono } from 'hono';
import { campusFromBody } from '../../admin/scope';
import type { AppEnv } from '../../app-env';
import type { Guards } from '../../auth/guards';
import { bagLabels } from '../../delivery/bag-labels';
import { runBatchStep } from '../../delivery/batch-actions';
import { batchListExport } from '../../delivery/batch-exports';
import { getDeliveryPlaces, saveDeliveryPlaces } from '../../delivery/delivery-places';
import { getDeliverySlots, saveDeliverySlots } from '../../delivery/delivery-slots';
import { findBatch, getBatch } from '../../delivery/get-batch';
import { listBatches } from '../../delivery/list-batches';
import { jsonBody, parseWith } from '../../http/body';
import { notFound } from '../../http/errors';
import { noStore } from '../../http/no-store';
import type { OrderStatusRouteDeps } from '../../orders/change-order-status';
import { type SheetFormat, sheetDownload } from '../../sheets/sheet-download';

const campusQuery = (query: Record<string, string>) => ({
  universityId: query.universityId ?? '',
  campusId: query.campusId ?? '',
});

/**
 * Delivery rounds and their batches (docs/architecture.md §8, decision 013), for a campus's admins
 * and super admins: the week of slots, the places orders go to (decision 026), the rounds with
 * their counts, a batch's pick and drop lists with their downloads and bag labels, and the steps
 * of a whole batch (close now, dispatch, deliver).
 */
export function deliveryRoutes(deps: OrderStatusRouteDeps, guards: Guards) {
  const { db } = deps;
  const { signedInUser } = guards;
  const admins = guards.requireRole('superAdmin', 'campusAdmin');
  return (
    new Hono<AppEnv>()
      // '/batches/*' is also '/batches' itself.
      .use('/delivery-slots/*', admins, noStore)
      .use('/delivery-places/*', admins, noStore)
      .use('/batches/*', admins, noStore)
      .get('/delivery-slots', async (c) => {
        const campus = await campusFromBody(db, await signedInUser(c), campusQuery(c.req.query()));
        const body: TDeliverySlotsResponse = await getDeliverySlots(db, campus, new Date());
        return c.json(body);
      })
      .put('/delivery-slots', async (c) => {
        const admin = await signedInUser(c);
        const campus = await campusFromBody(db, admin, campusQuery(c.req.query()));
        const request = parseWith(ZDeliverySlotsRequest, await jsonBody(c));
        const body: TDeliverySlotsResponse = await saveDeliverySlots(
          { ...deps, log: c.get('log') },
          admin,
          campus,
          request,
        );
        return c.json(body);
      })
      .get('/delivery-places', async (c) => {
        const campus = await campusFromBody(db, await signedInUser(c), campusQuery(c.req.query()));
        const body: TDeliveryPlacesResponse = await getDeliveryPlaces(db, campus);
        return c.json(body);
      })
      .put('/delivery-places', async (c) => {
        const admin = await signedInUser(c);
        const campus = await campusFromBody(db, admin, campusQuery(c.req.query()));
        const request = parseWith(ZDeliveryPlacesRequest, await jsonBody(c));
        const body: TDeliveryPlacesResponse = await saveDeliveryPlaces(db, admin, campus, request);
        return c.json(body);
      })
      .get('/batches', async (c) => {
        const batches = await listBatches(db, await signedInUser(c), c.req.query(), new Date());
        const body: TBatchesResponse = { ok: true, batches };
        return c.json(body);
      })
      .get('/batches/:id', async (c) => {
        const body: TBatchDetailResponse = await getBatch(
          db,
          await signedInUser(c),
          c.req.param('id'),
        );
        return c.json(body);
      })
      .get('/batches/:id/labels', async (c) => {
        const body: TBagLabelsResponse = await bagLabels(
          db,
          await signedInUser(c),
          c.req.param('id'),
        );
        return c.json(body);
      })
      .get('/batches/:id/:file{(pick|drop)-list\\.(xlsx|csv)}', async (c) => {
        const user = await signedInUser(c);
        const [list, extension] = c.req.param('file').split('.') as [TBatchList, SheetFormat];
        if (!BATCH_LISTS.includes(list)) throw notFound();
        const batch = await findBatch(db, user, c.req.param('id'));
        const file = batchListExport(batch, list, await getBatch(db, user, batch.id));
        return sheetDownload(c, file, extension);
      })
      .post('/batches/:id/:step', async (c) => {
        const step = parseWith(ZBatchAction, c.req.param('step'));
        const moved = await runBatchStep(
          { ...deps, log: c.get('log') },
          await signedInUser(c),
          c.req.param('id'),
          step,
        );
        const body: TBatchActionResponse = { ok: true, moved };
        return c.json(body);
      })
  );
}
