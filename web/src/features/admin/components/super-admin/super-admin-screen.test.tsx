import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { SuperAdminScreen } from './super-admin-screen';

describe('SuperAdminScreen', () => {
  it('has the eight tabs of the spec, in its order, System Overview first', () => {
    const client = new QueryClient();
    const html = renderToString(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <SuperAdminScreen />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const tabs = [...html.matchAll(/<button[^>]*role="tab"[^>]*>([^<]*)<\/button>/g)].map(
      (match) => match[1],
    );
    expect(tabs).toEqual([
      'System Overview',
      'Universities &amp; Campuses',
      'User Management',
      'All Restaurants',
      'All Menu Items',
      'All Mart Items',
      'Domain Management',
      'Order Dashboard',
    ]);
    expect(html).toMatch(/<button[^>]*role="tab"[^>]*aria-selected="true"[^>]*>System Overview</);
    // The quick actions reach the mail outbox (in the app) and the jobs dashboard (the api's).
    expect(html).toContain('href="/super-admin/mail"');
    expect(html).toContain('href="/ops/queues"');
  });
});
