import type { TAdminUniversity } from '@campus/shared/domain/admin-api';
import type { TAdminRestaurant } from '@campus/shared/domain/admin-forms';
import type { TAllowedDomain, TUserProfile } from '@campus/shared/domain/entities';
import type { TSetAsideRow } from '@campus/shared/domain/sheet-requests';
import { vi } from 'vitest';

// The api as the web's component tests see it: fetch stubbed at the boundary, so the web's real
// api client runs in between. Routes are 'METHOD /path' with :params; the query is not matched.

/** A request as the fake api received it. */
export interface ApiCall {
  method: string;
  path: string;
  query: URLSearchParams;
  params: Record<string, string>;
  body: unknown;
  signal: AbortSignal | undefined;
}

export type ApiHandler = (call: ApiCall) => Response | Promise<Response>;

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The api's error answer. */
export const apiError = (status: number, code: string, message: string) =>
  json(status, { error: { code, message } });

/** What the admin screens load, each list as its route answers it. */
export interface AdminData {
  /** The signed-in person (GET /api/account/session); null when signed out. */
  session: TUserProfile | null;
  universities: TAdminUniversity[];
  users: TUserProfile[];
  domains: TAllowedDomain[];
  restaurants: TAdminRestaurant[];
  sheetTabs: { name: string; sheetId: number | string; url: string }[];
  setAside: TSetAsideRow[];
}

function adminRoutes(data: AdminData): Record<string, ApiHandler> {
  const ok = (body: Record<string, unknown>) => json(200, { ok: true, ...body });
  // A role change is kept, so that the list loaded again after it shows the new role.
  const users = [...data.users];
  return {
    'GET /api/account/session': () => ok({ user: data.session }),
    'POST /api/sheets/master': () => json(202, { ok: true, jobId: 'ensure-master-tab' }),
    'GET /api/admin/overview': () =>
      ok({
        counts: {
          universities: data.universities.length,
          campuses: data.universities.flatMap((u) => u.campuses).length,
          restaurants: data.restaurants.length,
          menuItems: 0,
          martItems: 0,
          users: data.users.length,
        },
        usersByRole: {
          user: data.users.filter((u) => u.role === 'user').length,
          campusAdmin: data.users.filter((u) => u.role === 'campusAdmin').length,
          superAdmin: data.users.filter((u) => u.role === 'superAdmin').length,
        },
      }),
    'GET /api/admin/universities': () => ok({ universities: data.universities }),
    // The storefront's selector and sign-up read the same universities and domains.
    'GET /api/catalogue/universities': () =>
      ok({ universities: data.universities.map(({ id, name }) => ({ id, name })) }),
    'GET /api/catalogue/universities/:id/campuses': ({ params }) =>
      ok({ campuses: data.universities.find((u) => u.id === params.id)?.campuses ?? [] }),
    'GET /api/account/allowed-domains': ({ query }) =>
      ok({
        domains: data.domains
          .filter((d) => d.campusId === query.get('campusId'))
          .map((d) => d.domain),
      }),
    'GET /api/admin/users': () => ok({ users }),
    'PATCH /api/admin/users/:id/role': ({ params, body }) => {
      const index = users.findIndex((u) => u.uid === params.id);
      const user = users[index];
      if (!user) return apiError(404, 'not-found', 'User not found.');
      const changed = { ...user, role: (body as TUserProfile).role };
      users[index] = changed;
      return ok({ user: changed });
    },
    'GET /api/admin/domains': () => ok({ domains: data.domains }),
    'GET /api/admin/restaurants': () => ok({ restaurants: data.restaurants }),
    'GET /api/admin/menu-items': () => ok({ menuItems: [] }),
    'GET /api/admin/mart-items': () => ok({ martItems: [] }),
    'GET /api/sheets/tabs': () => ok({ tabs: data.sheetTabs }),
    'GET /api/sheets/tabs/:name/set-aside': () => ok({ rows: data.setAside }),
  };
}

function matches(pattern: string, method: string, path: string): Record<string, string> | null {
  const [patternMethod, patternPath = ''] = pattern.split(' ');
  if (patternMethod !== method) return null;
  const want = patternPath.split('/');
  const got = path.split('/');
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (const [i, part] of want.entries()) {
    const actual = got[i] ?? '';
    if (part.startsWith(':')) params[part.slice(1)] = decodeURIComponent(actual);
    else if (part !== actual) return null;
  }
  return params;
}

/**
 * Stubs fetch with the admin api over `data`; `overrides` replace or add routes. Returns the
 * mock, and the calls of one route.
 */
export function stubAdminApi(
  data: Partial<AdminData> = {},
  overrides: Record<string, ApiHandler> = {},
) {
  const routes = {
    ...adminRoutes({
      session: null,
      universities: [],
      users: [],
      domains: [],
      restaurants: [],
      sheetTabs: [],
      setAside: [],
      ...data,
    }),
    ...overrides,
  };
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://campus.test');
    const method = init?.method ?? 'GET';
    for (const [pattern, handler] of Object.entries(routes)) {
      const params = matches(pattern, method, url.pathname);
      if (!params) continue;
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body;
      return handler({
        method,
        path: url.pathname,
        query: url.searchParams,
        params,
        body,
        signal: init?.signal ?? undefined,
      });
    }
    return apiError(404, 'not-found', `No stub for ${method} ${url.pathname}`);
  });
  vi.stubGlobal('fetch', fetchMock);
  /** The calls of `method path` (the path without its query), in order. */
  const callsOf = (method: string, path: string) =>
    fetchMock.mock.calls.filter(
      ([input, init]) =>
        (init?.method ?? 'GET') === method &&
        new URL(String(input), 'http://campus.test').pathname === path,
    );
  return { fetchMock, callsOf };
}
