import { appErrorFromResponse } from '@campus/shared/domain/error-catalogue';
import { ROLE_MESSAGES } from '@campus/shared/domain/roles';
import { SET_ASIDE_MESSAGES } from '@campus/shared/domain/sheet-requests';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ComponentProps } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CampusOrderPanel, SetAsideRows } from './campus-order-panel';

// Rendered to HTML (the unit project has no DOM). Without names the sheet tabs are not asked for,
// so no fetch is needed; `lookup` stands for the super admin's universities query.

function render(props: ComponentProps<typeof CampusOrderPanel>) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderToString(
    <QueryClientProvider client={client}>
      <CampusOrderPanel {...props} />
    </QueryClientProvider>,
  );
}

const lookup = (state: { isPending?: boolean; error?: unknown }) => ({
  isPending: state.isPending ?? false,
  isError: state.error !== undefined,
  error: state.error ?? null,
  refetch: () => undefined,
});

const noNames = { universityName: null, campusName: null };

describe('CampusOrderPanel', () => {
  it('says the campus information is loading, not missing, while the list loads', () => {
    const html = render({ ...noNames, lookup: lookup({ isPending: true }) });
    expect(html).toContain('Loading campus information...');
    expect(html).not.toContain(ROLE_MESSAGES.campusInfoMissing);
  });

  it('shows a failed load of the list with Retry, not the missing-information message', () => {
    const error = appErrorFromResponse(503, {
      error: { code: 'unavailable', message: 'Service is currently unavailable.' },
    });
    const html = render({ ...noNames, lookup: lookup({ error }) });
    expect(html).toContain('Service is currently unavailable.');
    expect(html).toMatch(/<button[^>]*>Retry<\/button>/);
    expect(html).not.toContain(ROLE_MESSAGES.campusInfoMissing);
  });

  it('says the information is missing once the list loaded without the campus', () => {
    expect(render({ ...noNames, lookup: lookup({}) })).toContain(ROLE_MESSAGES.campusInfoMissing);
  });

  it("says the information is missing when the campus admin's profile lacks it", () => {
    expect(render(noNames)).toContain(ROLE_MESSAGES.campusInfoMissing);
  });

  it('names every order whose row the spreadsheet refused, with the reason', () => {
    const html = renderToString(
      <SetAsideRows
        rows={[
          { orderId: 'order-1', reason: 'a cell holds more than 50,000 characters' },
          { orderId: 'order-2', reason: 'Invalid values[0][16]' },
        ]}
      />,
    );
    expect(html).toContain(SET_ASIDE_MESSAGES.heading(2));
    expect(html).toContain('Order order-1: a cell holds more than 50,000 characters');
    expect(html).toContain('Order order-2: Invalid values[0][16]');
    expect(renderToString(<SetAsideRows rows={[]} />)).toBe('');
  });
});
