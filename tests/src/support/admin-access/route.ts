import type { AuditEntry } from '@campus/api/admin/audit';
import { ROLE_MESSAGES } from '@campus/shared/domain/roles';
import type { AdminTree } from '../admin';
import { access, type Call, type Method, type Persona } from './context';

// A row of the admin access matrix: a route, who may call it, and a fresh call of it. The rows
// are in routes-super-admin.ts, routes-catalogue.ts, routes-orders.ts, routes-batches.ts,
// routes-sheets.ts and routes-events.ts.

const SIGNED_OUT = 'Authentication required. Please log in.';

/**
 * Who succeeds: S a super admin only; C also the campus admin of the campus the request is about;
 * A any admin, a campus admin getting only their own campus's share; P any signed-in person, each
 * getting only their own share (the row's `done` checks which).
 */
export type Who = 'S' | 'C' | 'A' | 'P';

export interface Route {
  /** 'METHOD /path' as the app registers it, then the query a row may add to tell it apart. */
  label: string;
  who: Who;
  /** The status of a success, when it is not the method's usual one. */
  success?: number;
  /** The audit entry a success leaves (writes only). */
  audit?: Pick<AuditEntry, 'action' | 'entity'>;
  /** A fresh, valid request about the given campus, with the rows it needs made for it. */
  make: (tree: AdminTree, persona: Persona) => Promise<Call>;
}

const SUCCESS: Record<Method, number> = { GET: 200, POST: 201, PUT: 200, PATCH: 200, DELETE: 200 };

/** A row's route as the app registers it: its label without the query ('GET /api/admin/users'). */
export const routeOf = (route: Route) => route.label.split('?')[0] ?? route.label;

/** Whether a call is a request of its row's route: the method, and the path with :params filled. */
export function isCallOf(route: Route, call: Call): boolean {
  const [method, path = ''] = routeOf(route).split(' ');
  const pattern = path.replaceAll('.', '\\.').replace(/:[^/]+/g, '[^/]+');
  return call.method === method && new RegExp(`^${pattern}$`).test(call.path.split('?')[0] ?? '');
}

/** Every route the app registers under /api/admin, /api/sheets and /api/events, as 'METHOD /path'. */
export function registeredRoutes(): string[] {
  const routes = access.testApp.app.routes
    // use() registers its middleware (the body limits) for every method on a wildcard path.
    .filter((route) => !(route.method === 'ALL' && route.path.endsWith('*')))
    .filter((route) => /^\/api\/(admin|sheets|events)(\/|$)/.test(route.path))
    .map((route) => `${route.method} ${route.path}`);
  return [...new Set(routes)].sort();
}

export function expectedStatus(route: Route, persona: Persona): number {
  const method = route.label.split(' ')[0] as Method;
  const success = route.success ?? SUCCESS[method];
  switch (persona) {
    case 'signedOut':
      return 401;
    case 'user':
      return route.who === 'P' ? success : 403;
    case 'theirAdmin':
      return route.who === 'A' || route.who === 'P' ? success : 403;
    case 'ourAdmin':
      return route.who === 'S' ? 403 : success;
    case 'superAdmin':
      return success;
  }
}

export const refusalMessage = (status: number, who: Who) =>
  status === 401
    ? SIGNED_OUT
    : who === 'S'
      ? ROLE_MESSAGES.superAdminRequired
      : ROLE_MESSAGES.campusAdminRequired;
