import { ROLE_LABELS, ROLES } from '@campus/shared/domain/roles';
import { ADMIN_MESSAGES, EMPTY_LIST_MESSAGES } from '@campus/shared/domain/screen-messages';
import { act, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { buildCampusAdmin, buildSuperAdmin, buildUniversity, buildUser } from '@/test/builders';
import { openSuperAdminSection } from '@/test/render';

// The User Management tab of /super-admin, signed in as Sara Admin, from what the admin api
// answers; the api client of the web runs between the page and the stubbed fetch.

const SECTION = 'User Management';
const me = buildSuperAdmin();
const student = buildUser();
const campusAdmin = buildCampusAdmin();
const universities = [buildUniversity()];

async function openUsers(users = [me, student, campusAdmin]) {
  const opened = await openSuperAdminSection(SECTION, { session: me, universities, users });
  if (users.length > 0) await within(opened.panel).findByRole('table');
  else await within(opened.panel).findByText(EMPTY_LIST_MESSAGES.users);
  return opened;
}

const roleOf = (panel: HTMLElement, name: string) =>
  within(panel).getByRole('combobox', { name: `Role of ${name}` }) as HTMLSelectElement;
const deleteOf = (panel: HTMLElement, name: string) =>
  within(panel).getByRole('button', { name: `Delete ${name}` }) as HTMLButtonElement;

describe('the User Management tab', () => {
  it('disables Delete (and the role selector) on the own account only', async () => {
    const { panel } = await openUsers();
    expect(deleteOf(panel, 'Sara Admin').disabled).toBe(true);
    expect(deleteOf(panel, 'Ayesha Khan').disabled).toBe(false);
    expect(deleteOf(panel, 'Bilal Raza').disabled).toBe(false);
    expect(roleOf(panel, 'Sara Admin').disabled).toBe(true);
    expect(roleOf(panel, 'Ayesha Khan').disabled).toBe(false);
  });

  it('shows a role selector per user, set to their role, offering the three roles', async () => {
    const { panel } = await openUsers();
    expect(roleOf(panel, 'Sara Admin').value).toBe('superAdmin');
    expect(roleOf(panel, 'Ayesha Khan').value).toBe('user');
    expect(roleOf(panel, 'Bilal Raza').value).toBe('campusAdmin');
    for (const name of ['Sara Admin', 'Ayesha Khan', 'Bilal Raza']) {
      const options = within(roleOf(panel, name)).getAllByRole('option') as HTMLOptionElement[];
      expect(options.map((option) => [option.value, option.textContent])).toEqual(
        ROLES.map((role) => [role, ROLE_LABELS[role]]),
      );
    }
  });

  it('shows the empty message when no user matches', async () => {
    const { panel } = await openUsers([]);
    expect(within(panel).getByText(EMPTY_LIST_MESSAGES.users)).toBeTruthy();
  });

  it('gives the Create User form a Cancel beside Create User (docs/product.md §4)', async () => {
    const { panel } = await openUsers([me]);
    const form = within(panel).getByRole('form', { name: 'Create User' });
    const create = within(form).getByRole('button', { name: 'Create User' }) as HTMLButtonElement;
    const cancel = within(form).getByRole('button', { name: 'Cancel' }) as HTMLButtonElement;
    expect(create.type).toBe('submit');
    expect(cancel.type).toBe('button');
  });

  it('keeps the bulk delete off until a campus is chosen', async () => {
    const { panel, user } = await openUsers([me, student]);
    const bulk = within(panel).getByRole('button', {
      name: 'Delete all users of this campus',
    }) as HTMLButtonElement;
    expect(bulk.disabled).toBe(true);
    await user.selectOptions(
      within(panel).getByRole('combobox', { name: 'Filter by university' }),
      'Punjab University',
    );
    expect(bulk.disabled).toBe(true);
    await user.selectOptions(
      within(panel).getByRole('combobox', { name: 'Filter by campus' }),
      'Main Campus',
    );
    expect(bulk.disabled).toBe(false);
  });
});

describe('changing a role from the table', () => {
  const dialog = () => screen.getByRole('alertdialog', { name: 'Change role?' });
  const patchesOf = (callsOf: (method: string, path: string) => unknown[][]) =>
    callsOf('PATCH', '/api/admin/users/u-student/role').map(([, init]) =>
      JSON.parse(String((init as RequestInit).body)),
    );

  it('asks first, naming the person and both roles; Cancel keeps the role', async () => {
    const { panel, user, callsOf } = await openUsers();
    await user.selectOptions(roleOf(panel, 'Ayesha Khan'), ROLE_LABELS.campusAdmin);
    expect(
      screen.getByRole('alertdialog', {
        name: 'Change role?',
        description: 'Change Ayesha Khan (ayesha@uni.edu.pk) from User to Campus Admin?',
      }),
    ).toBeTruthy();
    expect(roleOf(panel, 'Ayesha Khan').value).toBe('user');
    await user.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(roleOf(panel, 'Ayesha Khan').value).toBe('user');
    expect(patchesOf(callsOf)).toEqual([]);
  });

  it('PATCHes the new role of that user once confirmed', async () => {
    const { panel, user, callsOf } = await openUsers();
    await user.selectOptions(roleOf(panel, 'Ayesha Khan'), ROLE_LABELS.campusAdmin);
    await user.click(within(dialog()).getByRole('button', { name: 'Confirm' }));
    await expect.poll(() => patchesOf(callsOf)).toEqual([{ role: 'campusAdmin' }]);
    expect(callsOf('PATCH', '/api/admin/users/u-campus-admin/role')).toHaveLength(0);
    // The list loads again and shows the role saved.
    await expect.poll(() => roleOf(panel, 'Ayesha Khan').value).toBe('campusAdmin');
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('offers Undo after a change, which gives the old role back through the same api', async () => {
    const { panel, user, callsOf } = await openUsers();
    await user.selectOptions(roleOf(panel, 'Ayesha Khan'), ROLE_LABELS.campusAdmin);
    await user.click(within(dialog()).getByRole('button', { name: 'Confirm' }));
    const notice = await within(panel).findByRole('status');
    expect(notice.textContent).toBe(
      'Ayesha Khan (ayesha@uni.edu.pk) is now Campus Admin (was User).Undo',
    );
    await user.click(within(notice).getByRole('button', { name: 'Undo' }));
    await expect
      .poll(() => patchesOf(callsOf))
      .toEqual([{ role: 'campusAdmin' }, { role: 'user' }]);
    await expect.poll(() => roleOf(panel, 'Ayesha Khan').value).toBe('user');
    expect(within(panel).queryByRole('button', { name: 'Undo' })).toBeNull();
  });

  it('offers Undo for one minute only', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    const { panel, user } = await openUsers();
    await user.selectOptions(roleOf(panel, 'Ayesha Khan'), ROLE_LABELS.campusAdmin);
    await user.click(within(dialog()).getByRole('button', { name: 'Confirm' }));
    await within(panel).findByRole('button', { name: 'Undo' });
    act(() => vi.advanceTimersByTime(59_000));
    expect(within(panel).getByRole('button', { name: 'Undo' })).toBeTruthy();
    act(() => vi.advanceTimersByTime(1_000));
    expect(within(panel).queryByRole('button', { name: 'Undo' })).toBeNull();
  });

  it('sends nothing and asks nothing when the role picked is the one the user has', async () => {
    const { panel, user, fetchMock } = await openUsers();
    const before = fetchMock.mock.calls.length;
    await user.selectOptions(roleOf(panel, 'Ayesha Khan'), ROLE_LABELS.user);
    expect(roleOf(panel, 'Ayesha Khan').value).toBe('user');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(
      fetchMock.mock.calls.slice(before).filter(([, init]) => init?.method === 'PATCH'),
    ).toEqual([]);
  });

  it('refuses a value that is not a role without asking the api', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { panel, user, fetchMock } = await openUsers();
    // A selector tampered with in the browser: its new option is no role.
    const select = roleOf(panel, 'Ayesha Khan');
    const tampered = document.createElement('option');
    tampered.value = 'owner';
    tampered.textContent = 'Owner';
    select.append(tampered);
    await user.selectOptions(select, 'Owner');
    const alert = await within(panel).findByRole('alert');
    expect(alert.textContent).toContain(ADMIN_MESSAGES.updateRoleFailed);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'PATCH')).toEqual([]);
    // The failure is logged, not swallowed.
    expect(warn).toHaveBeenCalledWith(
      expect.stringContaining(ADMIN_MESSAGES.updateRoleFailed),
      expect.any(Error),
    );
    warn.mockRestore();
  });
});
