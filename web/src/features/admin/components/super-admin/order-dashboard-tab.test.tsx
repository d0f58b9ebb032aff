import { ERROR_CATEGORIES } from '@campus/shared/domain/error-catalogue';
import { SUPER_ADMIN_LOAD_TIMEOUT_MS } from '@campus/shared/domain/limits';
import { ADMIN_MESSAGES } from '@campus/shared/domain/screen-messages';
import { MASTER_TAB_NAME } from '@campus/shared/domain/sheet-tab';
import { within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { buildSheetTab } from '@/test/builders';
import { apiError, json } from '@/test/fake-api';
import { openSuperAdminSection } from '@/test/render';

// The Order Dashboard tab of /super-admin, from what GET /api/sheets/tabs answers.

const SECTION = 'Order Dashboard';
const UNAVAILABLE = () => apiError(503, 'unavailable', 'Service is currently unavailable.');

describe('the Order Dashboard tab', () => {
  it('lists the tabs but Master, sorted by name, each opening its orders in a new tab', async () => {
    const { panel, fetchMock } = await openSuperAdminSection(SECTION, {
      sheetTabs: ['Zeta_Uni_City', MASTER_TAB_NAME, 'Alpha_Uni_Main', 'FAST_Lahore'].map(
        buildSheetTab,
      ),
    });
    const links = await within(panel).findAllByRole('link');
    expect(fetchMock).toHaveBeenCalledWith('/api/sheets/tabs', expect.anything());
    expect(panel.textContent).not.toContain(MASTER_TAB_NAME);
    const shown = ['Alpha_Uni_Main', 'FAST_Lahore', 'Zeta_Uni_City'];
    expect(
      within(panel)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(shown.map((name) => `${name}View Orders`));
    expect(links).toHaveLength(3);
    shown.forEach((name, index) => {
      const link = links[index];
      expect(link?.textContent).toBe('View Orders');
      expect(link?.getAttribute('aria-label')).toBe(`View Orders of ${name}`);
      expect(link?.getAttribute('href')).toBe(`/sheets/${name}`);
      expect(link?.getAttribute('target')).toBe('_blank');
      expect(link?.getAttribute('rel')).toBe('noopener noreferrer');
    });
  });

  it('shows the catalogue message of a failed load with Retry, and no link; Retry loads again', async () => {
    let answer = UNAVAILABLE;
    const { panel, user } = await openSuperAdminSection(
      SECTION,
      {},
      { 'GET /api/sheets/tabs': () => answer() },
    );
    const alert = await within(panel).findByRole('alert');
    expect(alert.textContent).toContain('Service is currently unavailable.');
    expect(within(panel).queryAllByRole('link')).toHaveLength(0);

    answer = () => json(200, { ok: true, tabs: [buildSheetTab('FAST_Lahore')] });
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(
      await within(panel).findByRole('link', { name: 'View Orders of FAST_Lahore' }),
    ).toBeTruthy();
    expect(within(panel).queryByRole('alert')).toBeNull();
  });

  it('shows the network message when the api cannot be reached', async () => {
    const { panel } = await openSuperAdminSection(
      SECTION,
      {},
      {
        'GET /api/sheets/tabs': () => {
          throw new TypeError('fetch failed');
        },
      },
    );
    const alert = await within(panel).findByRole('alert');
    expect(alert.textContent).toContain(ERROR_CATEGORIES.NETWORK.message);
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it('gives up after 30 seconds with the timeout message and Retry', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let aborted = false;
    let abortedEarly: boolean | undefined;
    const { panel, callsOf } = await openSuperAdminSection(
      SECTION,
      {},
      {
        // A server that never answers: only the abort of the 30 s timeout ends the request.
        'GET /api/sheets/tabs': ({ signal }) =>
          new Promise<Response>((_resolve, reject) => {
            setTimeout(() => {
              abortedEarly = aborted;
            }, SUPER_ADMIN_LOAD_TIMEOUT_MS - 1);
            signal?.addEventListener('abort', () => {
              aborted = true;
              reject(signal.reason);
            });
          }),
      },
      { user: { advanceTimers: vi.advanceTimersByTime } },
    );
    await vi.advanceTimersByTimeAsync(SUPER_ADMIN_LOAD_TIMEOUT_MS);
    const alert = await within(panel).findByRole('alert');
    expect(SUPER_ADMIN_LOAD_TIMEOUT_MS).toBe(30_000);
    expect(abortedEarly).toBe(false);
    expect(aborted).toBe(true);
    expect(callsOf('GET', '/api/sheets/tabs')).toHaveLength(1);
    expect(alert.textContent).toContain(ADMIN_MESSAGES.requestTimeout);
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(within(panel).queryAllByRole('link')).toHaveLength(0);
  });
});
