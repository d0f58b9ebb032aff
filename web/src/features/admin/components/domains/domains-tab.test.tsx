import { EMPTY_LIST_MESSAGES } from '@campus/shared/domain/screen-messages';
import { within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildCampus, buildDomain, buildUniversity } from '@/test/builders';
import { openSuperAdminSection } from '@/test/render';

// The Domain Management tab of /super-admin, from what the admin api answers; the filters are
// chosen as a person would.

const SECTION = 'Domain Management';

const universities = [
  buildUniversity({
    campuses: [buildCampus(), buildCampus({ id: 'campus-2', name: 'Lahore Campus' })],
  }),
  buildUniversity({ id: 'uni-2', name: 'Northfield University', campuses: [] }),
];
const twoDomains = [
  buildDomain(),
  buildDomain({ id: 'd-2', domain: '@lhr.pu.edu.pk', campusId: 'campus-2' }),
];

/** The domains the list shows, by the names of their rows' Delete buttons. */
function listed(panel: HTMLElement): string[] {
  const list = within(panel).queryByRole('list');
  if (!list) return [];
  return within(list)
    .getAllByRole('button', { name: /^Delete / })
    .map((button) => button.getAttribute('aria-label')?.replace(/^Delete /, '') ?? '');
}

describe('the Domain Management tab', () => {
  it("says 'No domains configured yet.' when there are none at all", async () => {
    const { panel } = await openSuperAdminSection(SECTION, { universities, domains: [] });
    expect(await within(panel).findByText('No domains configured yet.')).toBeTruthy();
    expect(panel.textContent).not.toContain(EMPTY_LIST_MESSAGES.domainsFiltered);
  });

  it('lists the domains there are, with no empty message', async () => {
    const { panel } = await openSuperAdminSection(SECTION, {
      universities,
      domains: [buildDomain()],
    });
    expect(await within(panel).findByText('@pu.edu.pk')).toBeTruthy();
    expect(panel.textContent).not.toContain(EMPTY_LIST_MESSAGES.domains);
    expect(panel.textContent).not.toContain(EMPTY_LIST_MESSAGES.domainsFiltered);
  });

  it('gives the domain form a Cancel in add mode (docs/product.md §4)', async () => {
    const { panel } = await openSuperAdminSection(SECTION, { universities, domains: [] });
    const form = await within(panel).findByRole('form', { name: 'Add Domain' });
    const cancel = within(form).getByRole('button', { name: 'Cancel' }) as HTMLButtonElement;
    expect(cancel.type).toBe('button');
  });

  it('keeps the domains of the chosen university and campus', async () => {
    const { panel, user } = await openSuperAdminSection(SECTION, {
      universities,
      domains: twoDomains,
    });
    await within(panel).findByText('@lhr.pu.edu.pk');
    expect(listed(panel)).toEqual(['@pu.edu.pk', '@lhr.pu.edu.pk']);
    const university = within(panel).getByRole('combobox', { name: 'Filter by university' });
    const campus = within(panel).getByRole('combobox', { name: 'Filter by campus' });
    await user.selectOptions(university, 'Punjab University');
    expect(listed(panel)).toEqual(['@pu.edu.pk', '@lhr.pu.edu.pk']);
    await user.selectOptions(campus, 'Lahore Campus');
    expect(listed(panel)).toEqual(['@lhr.pu.edu.pk']);
  });

  it('says the filters hide them when domains exist but none matches', async () => {
    const { panel, user } = await openSuperAdminSection(SECTION, {
      universities,
      domains: twoDomains,
    });
    await within(panel).findByText('@lhr.pu.edu.pk');
    await user.selectOptions(
      within(panel).getByRole('combobox', { name: 'Filter by university' }),
      'Northfield University',
    );
    expect(listed(panel)).toEqual([]);
    expect(within(panel).getByText('No domains found with the selected filters.')).toBeTruthy();
  });

  it("says 'No domains configured yet.' only when there are none at all", async () => {
    const { panel, user } = await openSuperAdminSection(SECTION, { universities, domains: [] });
    await within(panel).findByText('No domains configured yet.');
    await user.selectOptions(
      within(panel).getByRole('combobox', { name: 'Filter by university' }),
      'Northfield University',
    );
    expect(within(panel).getByText('No domains configured yet.')).toBeTruthy();
    expect(panel.textContent).not.toContain(EMPTY_LIST_MESSAGES.domainsFiltered);
  });
});
