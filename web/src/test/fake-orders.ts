import {
  ORDERS_PAGE_SIZE,
  type TOrderDetail,
  type TQueuedOrder,
  ZOrderSummary,
} from '@campus/shared/domain/order-api';
import {
  availableActions,
  canStart,
  ORDER_ACTIONS,
  ORDER_STATUS_MESSAGES,
  type TOrderAction,
  type TransitionActor,
  ZOrderTransitionRequest,
} from '@campus/shared/domain/order-status';
import {
  differencesToConfirm,
  evidenceOf,
  PAYMENT_EVIDENCE_MESSAGES,
  unconfirmedDifferences,
} from '@campus/shared/domain/payment-evidence';
import { type ApiCall, type ApiHandler, apiError, json } from './fake-api';

// The order routes of the api (My Orders and the admins' Payments queue) over orders kept in
// memory, moved by the shared rule of transitions, as the web's component tests see them. The
// queue filters by state, days and search; the campus is the api's business (tests read the
// query sent).

const NOW = '2026-11-24T10:04:00.000Z';

/** What the queue tells of an order's screenshot: its earlier use, and what its receipt says. */
export type QueueChecks = Partial<
  Pick<TQueuedOrder, 'screenshotCheck' | 'duplicates' | 'receipt' | 'statement'>
>;

/**
 * The order routes over `initial`; `refuse(id, message)` makes the next change of that order
 * answer 409 with the message (someone else was first), as the api does.
 */
export function fakeOrdersApi(initial: readonly TOrderDetail[], actorName = 'Bilal Raza') {
  const orders = new Map(initial.map((order) => [order.id, structuredClone(order)]));
  const refusals = new Map<string, string>();
  const checks = new Map<string, QueueChecks>();
  let nextTransition = 1;

  // The queue's orders carry what the checks of their screenshot found ('clear' and its receipt
  // being read unless told).
  const queued = (order: TOrderDetail): TQueuedOrder => ({
    ...ZOrderSummary.parse(order),
    screenshotCheck: 'clear',
    duplicates: [],
    receipt: { state: 'reading' },
    statement: { state: 'no_statement' },
    screenshotsSent: 1 + order.transitions.filter((t) => t.action === 'resubmit').length,
    ...checks.get(order.id),
  });
  const pageOf = (
    list: TOrderDetail[],
    query: URLSearchParams,
    shown: (order: TOrderDetail) => object = (order) => ZOrderSummary.parse(order),
    /** The queue's count of an evidence filter (null without one); My Orders has none. */
    matching?: number | null,
  ) => {
    const page = Number(query.get('page') ?? 1);
    const start = (page - 1) * ORDERS_PAGE_SIZE;
    return json(200, {
      ok: true,
      orders: list.slice(start, start + ORDERS_PAGE_SIZE).map(shown),
      page,
      hasMore: list.length > start + ORDERS_PAGE_SIZE,
      ...(matching === undefined ? {} : { matching }),
    });
  };
  const detail = (id: string, as: TransitionActor) => {
    const order = orders.get(id);
    if (!order) return apiError(404, 'not-found', 'The requested resource was not found.');
    return json(200, {
      ok: true,
      order: { ...order, actions: availableActions(order.status, as) },
    });
  };
  const move = (id: string, action: TOrderAction, reason: string, confirmed: string[] = []) => {
    const order = orders.get(id);
    if (!order) return apiError(404, 'not-found', 'The requested resource was not found.');
    const refusal = refusals.get(id);
    if (refusal) {
      refusals.delete(id);
      return apiError(409, 'failed-precondition', refusal);
    }
    if (!canStart(action, order.status)) {
      return apiError(409, 'failed-precondition', ORDER_ACTIONS[action].refused);
    }
    // A verify names every difference the queue shows, as the api asks.
    const differences = action === 'verify' ? differencesToConfirm(queued(order)) : [];
    const unconfirmed = unconfirmedDifferences(differences, confirmed);
    if (unconfirmed.length > 0) {
      return apiError(
        409,
        'failed-precondition',
        PAYMENT_EVIDENCE_MESSAGES.unconfirmed(unconfirmed),
      );
    }
    const to = ORDER_ACTIONS[action].to;
    order.transitions.push({
      id: nextTransition++,
      action,
      fromState: order.status,
      toState: to,
      actorName,
      reason,
      confirmedDifferences: differences,
      at: NOW,
    });
    order.status = to;
    order.statusChangedAt = NOW;
    return json(200, { ok: true, orderId: id, status: to });
  };
  const newestFirst = () =>
    [...orders.values()].sort((a, b) => b.placedAt.localeCompare(a.placedAt));
  const queue = ({ query }: ApiCall) => {
    const status = query.get('status') ?? 'placed';
    const q = query.get('q')?.toLowerCase() ?? '';
    const list = newestFirst()
      .reverse()
      .filter((order) => order.status === status)
      .filter(
        (order) => !query.get('from') || order.placedAt.slice(0, 10) >= (query.get('from') ?? ''),
      )
      .filter((order) => !query.get('to') || order.placedAt.slice(0, 10) <= (query.get('to') ?? ''))
      .filter(
        (order) =>
          q === '' ||
          order.id === q ||
          order.phone.includes(q) ||
          `${order.firstName} ${order.lastName}`.toLowerCase().includes(q),
      );
    const evidence = query.get('evidence');
    if (!evidence) return pageOf(list, query, queued, null);
    const matching = list.filter((order) => evidenceOf(queued(order)) === evidence);
    return pageOf(matching, query, queued, matching.length);
  };

  const routes: Record<string, ApiHandler> = {
    'GET /api/orders': ({ query }) => pageOf(newestFirst(), query),
    'GET /api/orders/:id': ({ params }) => detail(params.id ?? '', 'student'),
    'POST /api/orders/:id/cancel': ({ params, body }) =>
      move(params.id ?? '', 'cancel', (body as { reason: string }).reason),
    'GET /api/admin/orders': queue,
    'GET /api/admin/orders/:id': ({ params }) => detail(params.id ?? '', 'admin'),
    'POST /api/admin/orders/verify-all-clear': ({ body }) => {
      const { count } = body as { count: number };
      const clear = [...orders.values()].filter(
        (order) => order.status === 'placed' && evidenceOf(queued(order)) === 'all_clear',
      );
      if (clear.length !== count) {
        return apiError(
          409,
          'failed-precondition',
          PAYMENT_EVIDENCE_MESSAGES.allClearChanged(clear.length),
        );
      }
      for (const order of clear) move(order.id, 'verify', '');
      return json(200, { ok: true, verified: clear.length });
    },
    'POST /api/admin/orders/:id/status': ({ params, body }) => {
      const parsed = ZOrderTransitionRequest.safeParse(body);
      if (!parsed.success) {
        return apiError(400, 'invalid-argument', ORDER_STATUS_MESSAGES.reasonRequired);
      }
      const { action, reason, confirmed } = parsed.data;
      return move(params.id ?? '', action, reason, confirmed);
    },
  };
  return {
    routes,
    orders,
    refuse: (id: string, message: string) => refusals.set(id, message),
    /** What the checks of the order's screenshot found, as the queue shows it. */
    check: (id: string, found: QueueChecks) => checks.set(id, found),
  };
}
