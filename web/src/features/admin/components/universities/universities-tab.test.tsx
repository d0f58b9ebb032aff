import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { adminKeys } from '@/features/admin/api/admin-client';
import { UniversitiesTab } from './universities-tab';

// Rendered to HTML (the unit project has no DOM) from a loaded, empty universities list.

/** The HTML of the form whose heading has the id `headingId`. */
function formHeadedBy(html: string, headingId: string): string {
  const start = html.search(new RegExp(`<form\\b[^>]*aria-labelledby="${headingId}"`));
  if (start < 0) throw new Error(`no form headed by #${headingId}`);
  return html.slice(start, html.indexOf('</form>', start));
}

describe('UniversitiesTab', () => {
  it('gives the university and campus forms a Cancel in add mode (SPEC §4)', () => {
    const client = new QueryClient();
    client.setQueryData(adminKeys.universities(), { ok: true, universities: [] });
    const html = renderToString(
      <QueryClientProvider client={client}>
        <UniversitiesTab />
      </QueryClientProvider>,
    );
    for (const [heading, add] of [
      ['university-form-heading', 'Add University'],
      ['campus-form-heading', 'Add Campus'],
    ] as const) {
      const form = formHeadedBy(html, heading);
      expect(form).toMatch(new RegExp(`<button type="submit"[^>]*>${add}</button>`));
      expect(form).toMatch(/<button type="button"[^>]*>Cancel<\/button>/);
    }
  });
});
