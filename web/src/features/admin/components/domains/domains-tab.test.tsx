import type { TAdminUniversity } from '@campus/shared/domain/admin-api';
import type { TAllowedDomain } from '@campus/shared/domain/entities';
import { EMPTY_LIST_MESSAGES } from '@campus/shared/domain/screen-messages';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { adminKeys } from '@/features/admin/api/admin-client';
import { listDomains } from './domain-list';
import { DomainsTab } from './domains-tab';

// Rendered to HTML (the unit project has no DOM) from what the admin api answered; the filters
// start empty, so what they hide is checked on listDomains, which the tab lists with.

function buildDomain(overrides: Partial<TAllowedDomain> = {}): TAllowedDomain {
  return {
    id: 'd-1',
    name: 'Main campus students',
    domain: '@pu.edu.pk',
    universityId: 'uni-1',
    campusId: 'campus-1',
    ...overrides,
  };
}

const universities: TAdminUniversity[] = [
  { id: 'uni-1', name: 'Punjab University', campuses: [] },
  { id: 'uni-2', name: 'Northfield University', campuses: [] },
];

function renderTab(domains: TAllowedDomain[]) {
  const client = new QueryClient();
  client.setQueryData(adminKeys.universities(), { ok: true, universities });
  client.setQueryData(adminKeys.domains(), { ok: true, domains });
  return renderToString(
    <QueryClientProvider client={client}>
      <DomainsTab />
    </QueryClientProvider>,
  );
}

const NO_FILTER = { universityId: '', campusId: '' };

describe('DomainsTab', () => {
  it("says 'No domains configured yet.' when there are none at all", () => {
    const html = renderTab([]);
    expect(html).toContain('No domains configured yet.');
    expect(html).not.toContain(EMPTY_LIST_MESSAGES.domainsFiltered);
  });

  it('lists the domains there are, with no empty message', () => {
    const html = renderTab([buildDomain()]);
    expect(html).toContain('@pu.edu.pk');
    expect(html).not.toContain(EMPTY_LIST_MESSAGES.domains);
    expect(html).not.toContain(EMPTY_LIST_MESSAGES.domainsFiltered);
  });

  it('gives the domain form a Cancel in add mode (SPEC §4)', () => {
    const html = renderTab([]);
    const start = html.search(/<form\b[^>]*aria-labelledby="domain-form-heading"/);
    const form = html.slice(start, html.indexOf('</form>', start));
    expect(start).toBeGreaterThanOrEqual(0);
    expect(form).toMatch(/<button type="button"[^>]*>Cancel<\/button>/);
  });
});

describe('listDomains', () => {
  const domains = [
    buildDomain(),
    buildDomain({ id: 'd-2', domain: '@lhr.pu.edu.pk', campusId: 'campus-2' }),
  ];

  it('keeps the domains of the chosen university and campus', () => {
    expect(listDomains(domains, NO_FILTER).shown).toEqual(domains);
    expect(listDomains(domains, { universityId: 'uni-1', campusId: '' }).shown).toEqual(domains);
    expect(
      listDomains(domains, { universityId: 'uni-1', campusId: 'campus-2' }).shown.map(
        (d) => d.domain,
      ),
    ).toEqual(['@lhr.pu.edu.pk']);
  });

  it('says the filters hide them when domains exist but none matches', () => {
    const listed = listDomains(domains, { universityId: 'uni-2', campusId: '' });
    expect(listed.shown).toEqual([]);
    expect(listed.emptyMessage).toBe('No domains found with the selected filters.');
  });

  it("says 'No domains configured yet.' only when there are none at all", () => {
    expect(listDomains([], NO_FILTER).emptyMessage).toBe('No domains configured yet.');
    expect(listDomains([], { universityId: 'uni-2', campusId: '' }).emptyMessage).toBe(
      'No domains configured yet.',
    );
  });
});
