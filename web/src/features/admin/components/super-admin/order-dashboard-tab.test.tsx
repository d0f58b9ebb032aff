import { ERROR_CATEGORIES } from '@campus/shared/domain/error-catalogue';
import { SUPER_ADMIN_LOAD_TIMEOUT_MS } from '@campus/shared/domain/limits';
import { ADMIN_MESSAGES } from '@campus/shared/domain/screen-messages';
import { MASTER_TAB_NAME } from '@campus/shared/domain/sheet-tab';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminKeys } from '@/features/admin/api/admin-client';
import { fetchSheetTabs } from '@/features/admin/api/sheet-tabs';
import { OrderDashboardTab } from './order-dashboard-tab';

// Rendered to HTML (the unit project has no DOM) from what GET /api/sheets/tabs answered, with
// fetch stubbed at the boundary and the real admin api client in between.

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const tab = (name: string) => ({ name, sheetId: name.length, url: `/sheets/${name}` });

/** Loads the tabs through the stubbed fetch, then renders the tab from what the load left. */
async function renderDashboard(fetchImpl: typeof fetch, { waitMs = 0 } = {}) {
  const fetchMock = vi.fn(fetchImpl);
  vi.stubGlobal('fetch', fetchMock);
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, retryOnMount: false, staleTime: Infinity } },
  });
  const loading = client.prefetchQuery({
    queryKey: adminKeys.sheetTabs(),
    queryFn: fetchSheetTabs,
  });
  if (waitMs > 0) await vi.advanceTimersByTimeAsync(waitMs);
  await loading;
  const html = renderToString(
    <QueryClientProvider client={client}>
      <OrderDashboardTab />
    </QueryClientProvider>,
  );
  return { html, fetchMock };
}

/** The opening tags of the links of the page. */
const links = (html: string) => [...html.matchAll(/<a\b[^>]*>/g)].map((match) => match[0]);

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('OrderDashboardTab', () => {
  it('lists the tabs but Master, sorted by name, each opening its orders in a new tab', async () => {
    const { html, fetchMock } = await renderDashboard(async () =>
      json(200, {
        ok: true,
        tabs: [
          tab('Zeta_Uni_City'),
          tab(MASTER_TAB_NAME),
          tab('Alpha_Uni_Main'),
          tab('FAST_Lahore'),
        ],
      }),
    );
    expect(fetchMock).toHaveBeenCalledWith('/api/sheets/tabs', expect.anything());
    expect(html).not.toContain(MASTER_TAB_NAME);
    const shown = ['Alpha_Uni_Main', 'FAST_Lahore', 'Zeta_Uni_City'];
    const positions = shown.map((name) => html.indexOf(name));
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));

    const viewLinks = links(html);
    expect(viewLinks).toHaveLength(3);
    shown.forEach((name, index) => {
      const link = viewLinks[index] ?? '';
      expect(link).toContain(`href="/sheets/${name}"`);
      expect(link).toContain('target="_blank"');
      expect(link).toContain('rel="noopener noreferrer"');
    });
    expect(html.match(/>View Orders<\/a>/g)).toHaveLength(3);
  });

  it('shows the catalogue message of a failed load with Retry, and no link', async () => {
    const { html } = await renderDashboard(async () =>
      json(503, { error: { code: 'unavailable', message: 'Service is currently unavailable.' } }),
    );
    expect(html).toContain('role="alert"');
    expect(html).toContain('Service is currently unavailable.');
    expect(html).toMatch(/<button[^>]*>Retry<\/button>/);
    expect(links(html)).toHaveLength(0);
  });

  it('shows the network message when the api cannot be reached', async () => {
    const { html } = await renderDashboard(async () => {
      throw new TypeError('fetch failed');
    });
    expect(html).toContain(ERROR_CATEGORIES.NETWORK.message);
    expect(html).toMatch(/<button[^>]*>Retry<\/button>/);
  });

  it('gives up after 30 seconds with the timeout message and Retry', async () => {
    vi.useFakeTimers();
    let aborted = false;
    // A server that never answers: only the abort of the 30 s timeout ends the request.
    const { html, fetchMock } = await renderDashboard(
      (_input, init) =>
        new Promise<Response>((_resolve, reject) => {
          setTimeout(() => expect(aborted).toBe(false), SUPER_ADMIN_LOAD_TIMEOUT_MS - 1);
          init?.signal?.addEventListener('abort', () => {
            aborted = true;
            reject(init.signal?.reason);
          });
        }),
      { waitMs: SUPER_ADMIN_LOAD_TIMEOUT_MS },
    );
    expect(SUPER_ADMIN_LOAD_TIMEOUT_MS).toBe(30_000);
    expect(aborted).toBe(true);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(html).toContain(ADMIN_MESSAGES.requestTimeout);
    expect(html).toMatch(/<button[^>]*>Retry<\/button>/);
    expect(links(html)).toHaveLength(0);
  });
});
