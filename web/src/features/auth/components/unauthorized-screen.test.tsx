import { ERROR_CATEGORIES } from '@campus/shared/domain/error-catalogue';
import { ROLE_MESSAGES } from '@campus/shared/domain/roles';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { buildUser } from '@/test/builders';
import { stubAdminApi } from '@/test/fake-api';
import { openPage } from '@/test/render';
import { UnauthorizedScreen } from './unauthorized-screen';

/** The page's visible texts, in order. */
function texts(root: HTMLElement): string[] {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const found: string[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent?.trim();
    if (text) found.push(text);
  }
  return found;
}

/** Opens /unauthorized directly with this navigation state, after a page the visitor was on. */
function openDirectly(state?: unknown) {
  const router = createMemoryRouter(
    [
      { path: '/unauthorized', element: <UnauthorizedScreen /> },
      { path: '/home', element: <h1>Home</h1> },
      { path: '/before', element: <h1>The page before</h1> },
    ],
    { initialEntries: ['/before', { pathname: '/unauthorized', state }], initialIndex: 1 },
  );
  return { ...render(<RouterProvider router={router} />), user: userEvent.setup() };
}

describe('UnauthorizedScreen', () => {
  it('says why when the guard of a super admin page sent the visitor', async () => {
    stubAdminApi({ session: buildUser() });
    const { container } = openPage('/super-admin');
    await screen.findByRole('heading', { level: 1, name: 'Access Denied' });
    expect(texts(container)).toEqual([
      'Access Denied',
      'Access denied. Super Admin privileges required.',
      'Go to Home',
      'Go Back',
    ]);
    expect(screen.getByRole('link', { name: 'Go to Home' }).getAttribute('href')).toBe('/home');
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeTruthy();
  });

  it('says why when the guard of a campus dashboard sent the visitor', async () => {
    stubAdminApi({ session: buildUser() });
    const { container } = openPage('/admin/uni-1/campus-1');
    await screen.findByRole('heading', { level: 1, name: 'Access Denied' });
    expect(container.textContent).toContain('Access denied. Campus Admin privileges required.');
    expect(container.textContent).not.toContain(ERROR_CATEGORIES.AUTHORIZATION.message);
    expect(ROLE_MESSAGES.campusAdminRequired).toBe(
      'Access denied. Campus Admin privileges required.',
    );
  });

  it('shows the generic message when opened without a reason', () => {
    for (const state of [undefined, null, {}, { denied: 42 }, { denied: '' }]) {
      const { container, unmount } = openDirectly(state);
      expect(texts(container)).toEqual([
        'Access Denied',
        'You do not have permission to perform this action.',
        'Go to Home',
        'Go Back',
      ]);
      unmount();
    }
  });

  it('goes back to the page before, or home', async () => {
    const back = openDirectly({ denied: ROLE_MESSAGES.superAdminRequired });
    await back.user.click(screen.getByRole('button', { name: 'Go Back' }));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('The page before');
    back.unmount();

    const home = openDirectly();
    await home.user.click(screen.getByRole('link', { name: 'Go to Home' }));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Home');
  });
});
