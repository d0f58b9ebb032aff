import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildCampus, buildDomain, buildUniversity } from '@/test/builders';
import { solveCaptcha } from '@/test/captcha';
import { json, stubAdminApi } from '@/test/fake-api';
import { openPage } from '@/test/render';

// /signup, signed out, at Punjab University's Main Campus (e-mail domain @pu.edu.pk), over the
// fake api; the captcha widget's code is left out, and the test solves it by its own event.

vi.mock('altcha', () => ({}));

const SIGNED_UP =
  'Account created successfully! Please check your email to verify your account. You will be redirected to the login page to sign in.';

function openSignup() {
  const api = stubAdminApi(
    {
      universities: [buildUniversity({ campuses: [buildCampus({ location: null })] })],
      domains: [buildDomain()],
    },
    { 'POST /api/account/sign-up': () => json(201, { ok: true, message: SIGNED_UP }) },
  );
  return { ...openPage('/signup', { storefront: true }), ...api };
}

const email = () => screen.getByLabelText('Email', { exact: true });
const hint = () => document.getElementById(email().getAttribute('aria-describedby') ?? '');

async function chooseCampus(user: ReturnType<typeof openSignup>['user']) {
  await user.selectOptions(
    await screen.findByRole('combobox', { name: 'University' }),
    await screen.findByRole('option', { name: 'Punjab University' }),
  );
  await user.selectOptions(
    screen.getByRole('combobox', { name: 'Campus' }),
    await screen.findByRole('option', { name: 'Main Campus' }),
  );
}

describe('the sign-up form', () => {
  afterEach(() => vi.restoreAllMocks());

  it('names the campus e-mail domain under Email as soon as a campus is chosen', async () => {
    const { user } = openSignup();
    await screen.findByRole('option', { name: 'Punjab University' });
    expect(hint()).toBeNull();
    await chooseCampus(user);
    await waitFor(() =>
      expect(hint()?.textContent).toBe('Use your campus e-mail address ending in @pu.edu.pk.'),
    );
    expect((email() as HTMLInputElement).value).toBe('');
  });

  it('moves the focus to the success message and scrolls it into view', async () => {
    const scrolled = vi.spyOn(HTMLElement.prototype, 'scrollIntoView');
    const { user, callsOf } = openSignup();
    await user.type(screen.getByLabelText('First Name'), 'Hina');
    await user.type(screen.getByLabelText('Last Name'), 'Raza');
    await chooseCampus(user);
    await user.type(email(), 'hina@pu.edu.pk');
    await user.type(screen.getByLabelText('Password', { exact: true }), 'hina-secret');
    await user.type(screen.getByLabelText('Confirm Password'), 'hina-secret');
    solveCaptcha();
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    const status = await screen.findByRole('status');
    expect(status.textContent).toBe(SIGNED_UP);
    expect(callsOf('POST', '/api/account/sign-up')).toHaveLength(1);
    await waitFor(() => expect(status.parentElement?.contains(document.activeElement)).toBe(true));
    expect(scrolled.mock.contexts).toContain(document.activeElement);
  });
});
