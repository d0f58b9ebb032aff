import { within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { openSuperAdminSection } from '@/test/render';

// The Universities & Campuses tab of /super-admin, with no university yet.

const SECTION = 'Universities & Campuses';

describe('the Universities & Campuses tab', () => {
  it('gives the university and campus forms a Cancel in add mode (docs/product.md §4)', async () => {
    const { panel } = await openSuperAdminSection(SECTION, { universities: [] });
    for (const [heading, add] of [
      ['Add University', 'Add University'],
      ['Add Campus', 'Add Campus'],
    ] as const) {
      const form = await within(panel).findByRole('form', { name: heading });
      const submit = within(form).getByRole('button', { name: add }) as HTMLButtonElement;
      const cancel = within(form).getByRole('button', { name: 'Cancel' }) as HTMLButtonElement;
      expect(submit.type).toBe('submit');
      expect(cancel.type).toBe('button');
    }
  });

  it('empties a half-filled form with Cancel', async () => {
    const { panel, user } = await openSuperAdminSection(SECTION, { universities: [] });
    const university = await within(panel).findByRole('form', { name: 'Add University' });
    const name = within(university).getByRole('textbox', { name: /University Name/ });
    await user.type(name, 'Northfield University');
    await user.click(within(university).getByRole('button', { name: 'Cancel' }));
    expect((name as HTMLInputElement).value).toBe('');

    const campus = within(panel).getByRole('form', { name: 'Add Campus' });
    const campusName = within(campus).getByRole('textbox', { name: /Campus Name/ });
    await user.type(campusName, 'Lahore Campus');
    await user.click(within(campus).getByRole('button', { name: 'Cancel' }));
    expect((campusName as HTMLInputElement).value).toBe('');
  });
});
