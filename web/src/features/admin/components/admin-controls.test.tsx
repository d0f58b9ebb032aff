import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildCampusAdmin, buildRestaurant, buildUniversity } from '@/test/builders';
import { openDashboardSection, openSuperAdminSection } from '@/test/render';

// docs/product.md §4: 'Admin forms are in add mode or edit mode depending on whether an id is set;
// Cancel or a successful save resets the form.' The catalogue forms of the campus dashboard
// /admin/uni-1/campus-1 and of the super admin's tabs, used as an admin would.

const CAMPUS_DASHBOARD = '/admin/uni-1/campus-1';
const chaiDhaba = buildRestaurant();

function openCampusSection(section: string) {
  return openDashboardSection(CAMPUS_DASHBOARD, section, {
    session: buildCampusAdmin(),
    restaurants: [chaiDhaba],
  });
}

/** The form's submit button and its Cancel, checked to be what they say. */
function actionsOf(form: HTMLElement, submitLabel: string) {
  const submit = within(form).getByRole('button', { name: submitLabel }) as HTMLButtonElement;
  const cancel = within(form).getByRole('button', { name: 'Cancel' }) as HTMLButtonElement;
  expect(submit.type).toBe('submit');
  expect(cancel.type).toBe('button');
  return { submit, cancel };
}

describe('a catalogue form', () => {
  it('offers Cancel beside Add in add mode, so a half-filled form can be emptied', async () => {
    const { panel, user } = await openCampusSection('Restaurants');
    const form = within(panel).getByRole('form', { name: 'Add restaurant' });
    const { cancel } = actionsOf(form, 'Add Restaurant');
    const name = within(form).getByRole('textbox', { name: 'Restaurant Name' }) as HTMLInputElement;
    await user.type(name, 'Half a name');
    await user.click(cancel);
    expect(name.value).toBe('');
    expect(within(panel).getByRole('form', { name: 'Add restaurant' })).toBe(form);
  });

  it('offers Cancel beside Update in edit mode, and Cancel goes back to an empty add form', async () => {
    const { panel, user } = await openCampusSection('Restaurants');
    await user.click(await within(panel).findByRole('button', { name: 'Edit Chai Dhaba' }));
    const form = within(panel).getByRole('form', { name: 'Edit restaurant' });
    const name = within(form).getByRole('textbox', { name: 'Restaurant Name' }) as HTMLInputElement;
    expect(name.value).toBe('Chai Dhaba');
    const { cancel } = actionsOf(form, 'Update Restaurant');
    await user.click(cancel);
    const add = within(panel).getByRole('form', { name: 'Add restaurant' });
    actionsOf(add, 'Add Restaurant');
    expect(
      (within(add).getByRole('textbox', { name: 'Restaurant Name' }) as HTMLInputElement).value,
    ).toBe('');
  });
});

describe('the restaurant form', () => {
  it('shows the contact e-mail that gets the pick list, and refuses one that is not an e-mail', async () => {
    const { panel, user, callsOf } = await openCampusSection('Restaurants');
    await user.click(await within(panel).findByRole('button', { name: 'Edit Chai Dhaba' }));
    const form = within(panel).getByRole('form', { name: 'Edit restaurant' });
    const email = within(form).getByRole('textbox', {
      name: 'Contact e-mail (gets the pick list)',
    }) as HTMLInputElement;
    expect(email.value).toBe('kitchen@chaidhaba.pk');
    await user.clear(email);
    await user.type(email, 'kitchen at chai dhaba');
    await user.click(within(form).getByRole('button', { name: 'Update Restaurant' }));
    expect(await within(form).findByText('Please enter a valid contact e-mail.')).toBeTruthy();
    expect(callsOf('PATCH', '/api/admin/restaurants/r-1')).toHaveLength(0);
  });
});

describe('the catalogue forms in add mode', () => {
  it('have a Cancel: restaurants', async () => {
    const { panel } = await openCampusSection('Restaurants');
    actionsOf(within(panel).getByRole('form', { name: 'Add restaurant' }), 'Add Restaurant');
  });

  it('have a Cancel: menu items', async () => {
    const { panel, user } = await openCampusSection('Restaurants');
    // The menu of the restaurant chosen in the list.
    await user.click(await within(panel).findByRole('button', { name: /^Chai Dhaba/ }));
    expect(
      await within(panel).findByRole('heading', { name: 'Menu Items of Chai Dhaba' }),
    ).toBeTruthy();
    actionsOf(within(panel).getByRole('form', { name: 'Add menu item' }), 'Add Menu Item');
  });

  it('have a Cancel: mart items', async () => {
    const { panel } = await openCampusSection('Mart Items');
    actionsOf(within(panel).getByRole('form', { name: 'Add mart item' }), 'Add Mart Item');
  });

  it('have a Cancel on the super admin tabs too', async () => {
    const { user } = await openSuperAdminSection('All Restaurants', {
      universities: [buildUniversity()],
      restaurants: [chaiDhaba],
    });
    for (const [section, form, submit] of [
      ['All Restaurants', 'Add restaurant', 'Add Restaurant'],
      ['All Menu Items', 'Add menu item', 'Add Menu Item'],
      ['All Mart Items', 'Add mart item', 'Add Mart Item'],
    ] as const) {
      await user.click(screen.getByRole('tab', { name: section }));
      const panel = screen.getByRole('tabpanel', { name: section });
      actionsOf(within(panel).getByRole('form', { name: form }), submit);
    }
  });
});
