// The storefront's pages rendered on the server (decision 017): the api answers `/` (and `/home`),
// `/restaurants` and `/menu/:id` with the page already in the HTML and the answers it was rendered
// with beside it, so a slow phone paints the list before the app's script has arrived. Built by
// `vite build --ssr` into dist-ssr/, which the api loads (api/src/routes/web.ts).
import type { TCampusesResponse, TUniversitiesResponse } from '@campus/shared/domain/catalogue-api';
import type { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { App, createQueryClient } from './app/app';
import { pageTitle } from './app/page-title';
import {
  campusesPath,
  pageRequests,
  readSelectionCookie,
  renderedOnServer,
  type SelectionIds,
  UNIVERSITIES_PATH,
} from './lib/first-paint-requests';
import { type InitialSelection, ServerSelectionContext } from './stores/campus-selection';

/** The api's answer to a GET: its status and its JSON body. */
export interface ApiAnswer {
  status: number;
  body: unknown;
}

export interface RenderedPage {
  /** The browser tab's title (text of the app's own, never of the data). */
  title: string;
  /** The page's markup, the inside of #root. */
  markup: string;
  /** The answers it shows, as the JSON of the page's #page-data element (no '<' in it). */
  data: string;
}

/**
 * The selection as the catalogue names it now; null when the catalogue could not say, and the page
 * is then left to the app. An id the catalogue no longer has is no selection, as in the browser.
 */
function selectionOf(
  ids: SelectionIds | null,
  answers: Map<string, ApiAnswer>,
): InitialSelection | null {
  const ok = (path: string) => {
    const answer = answers.get(path);
    return answer?.status === 200 ? answer.body : null;
  };
  const universities = ok(UNIVERSITIES_PATH) as TUniversitiesResponse | null;
  if (!universities) return null;
  if (!ids) return { university: null, campus: null };
  const university = universities.universities.find((u) => u.id === ids.universityId) ?? null;
  if (!university) return { university: null, campus: null };
  const campuses = ok(campusesPath(university.id)) as TCampusesResponse | null;
  if (!campuses) return null;
  return { university, campus: campuses.campuses.find((c) => c.id === ids.campusId) ?? null };
}

/** Fills every query the page asked for whose api path was answered with 200. */
function fill(queryClient: QueryClient, answers: Map<string, ApiAnswer>): void {
  for (const query of queryClient.getQueryCache().getAll()) {
    const path = query.meta?.path;
    const answer = typeof path === 'string' ? answers.get(path) : undefined;
    if (answer?.status === 200) queryClient.setQueryData(query.queryKey, answer.body);
  }
}

/**
 * Renders a storefront page for `url` with the selection the Cookie header carries, asking `get`
 * for the api's answers; null for any other page, or when the catalogue could not answer.
 */
export async function renderPage(
  url: string,
  cookieHeader: string | undefined,
  get: (path: string) => Promise<ApiAnswer>,
): Promise<RenderedPage | null> {
  const { pathname: asked, search } = new URL(url, 'http://localhost');
  const pathname = asked.length > 1 ? asked.replace(/\/$/, '') : asked;
  if (!renderedOnServer(pathname)) return null;
  const ids = readSelectionCookie(cookieHeader);
  const paths = pageRequests(pathname, ids);
  const answers = new Map(
    await Promise.all(paths.map(async (path) => [path, await get(path)] as const)),
  );
  const selection = selectionOf(ids, answers);
  if (!selection) return null;

  const queryClient = createQueryClient();
  const Router = ({ children }: { children: ReactNode }) => (
    <StaticRouter location={`${pathname}${search}`}>{children}</StaticRouter>
  );
  const render = () =>
    renderToString(
      <ServerSelectionContext value={selection}>
        <App queryClient={queryClient} Router={Router} />
      </ServerSelectionContext>,
    );
  // The first render only shows which queries the page makes; the second shows their answers.
  render();
  fill(queryClient, answers);
  const markup = render();
  const data = queryClient
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.status === 'success')
    .map((query) => [query.queryKey, query.state.data]);
  queryClient.clear();
  // '<' written as an escape: no answer can close the script element it travels in.
  return {
    title: pageTitle(pathname),
    markup,
    data: JSON.stringify(data).replace(/</g, '\\u003c'),
  };
}
