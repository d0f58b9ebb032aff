import type { TRefund } from '@campus/shared/domain/refunds';
import { formatShortTimestamp } from '@campus/shared/domain/time-zone';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildCampusAdmin } from '@/test/builders';
import { json } from '@/test/fake-api';
import { openDashboardSection, openSuperAdminSection } from '@/test/render';

// The Refunds tab of the campus dashboard /admin/uni-1/campus-1 and of the super admin's, over
// the refund routes of the fake api.

function refundOf(overrides: Partial<TRefund> = {}): TRefund {
  return {
    id: 'r-1',
    orderId: 'o-1',
    paymentReference: 'CB-7K3QM',
    studentName: 'Ayesha Khan',
    amountPaisa: 42_000,
    reason: 'The order was cancelled after its payment arrived.',
    state: 'due',
    recordedAt: '2026-12-01T09:00:00.000Z',
    sentAt: null,
    sentReference: null,
    campusName: 'Main Campus',
    timeZone: 'Asia/Karachi',
    ...overrides,
  };
}

describe('the Refunds tab', () => {
  it("records a refund by the order's payment reference, in rupees, and lists it", async () => {
    const listed = [refundOf()];
    const { panel, user, callsOf } = await openDashboardSection(
      '/admin/uni-1/campus-1',
      'Refunds',
      { session: buildCampusAdmin() },
      {
        'GET /api/admin/refunds': () => json(200, { ok: true, refunds: listed }),
        'POST /api/admin/refunds': ({ body }) => {
          const request = body as { amountPaisa: number; paymentReference: string };
          const refund = refundOf({
            id: 'r-2',
            paymentReference: request.paymentReference.toUpperCase(),
            amountPaisa: request.amountPaisa,
            reason: 'Paid twice.',
          });
          listed.push(refund);
          return json(201, { ok: true, refund });
        },
      },
    );
    expect(await within(panel).findAllByTestId('refund-due')).toHaveLength(1);
    await user.click(within(panel).getByRole('button', { name: 'Record a refund' }));
    const form = within(panel).getByRole('form', { name: 'Record a refund' });
    await user.click(within(form).getByRole('button', { name: 'Record refund' }));
    expect(within(form).getByRole('alert').textContent).toBe(
      'Please give the payment reference of the order (CB-…).',
    );
    await user.type(within(form).getByLabelText('Payment reference of the order'), 'cb-9xk2p');
    await user.type(within(form).getByLabelText('Amount (Rs)'), '1,250.50');
    await user.type(within(form).getByLabelText('Why'), 'Paid twice.');
    await user.click(within(form).getByRole('button', { name: 'Record refund' }));
    expect(
      await within(panel).findByText('Refund of Rs 1,250.50 recorded for order CB-9XK2P.'),
    ).toBeTruthy();
    const [call] = callsOf('POST', '/api/admin/refunds');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      universityId: 'uni-1',
      campusId: 'campus-1',
      paymentReference: 'cb-9xk2p',
      amountPaisa: 125_050,
      reason: 'Paid twice.',
    });
    expect(await within(panel).findAllByTestId('refund-due')).toHaveLength(2);
  });

  it("lists every campus's refunds for the super admin, each campus named, sent times in its zone", async () => {
    const sentAt = '2026-12-02T10:15:00.000Z';
    const { panel, callsOf } = await openSuperAdminSection(
      'Refunds',
      {},
      {
        'GET /api/admin/refunds': () =>
          json(200, {
            ok: true,
            refunds: [
              refundOf(),
              refundOf({
                id: 'r-3',
                studentName: 'Hamza Ali',
                state: 'sent',
                sentAt,
                sentReference: 'FT-1',
                campusName: 'Dubai Campus',
                timeZone: 'Asia/Dubai',
              }),
            ],
          }),
      },
    );
    const due = await within(panel).findByTestId('refund-due');
    expect(due.textContent).toContain('Ayesha Khan, order CB-7K3QM (Main Campus)');
    const sent = within(panel).getByTestId('refund-sent');
    expect(sent.textContent).toBe(
      `Hamza Ali, order CB-7K3QM (Dubai Campus): Refund of Rs 420.00: sent on ${formatShortTimestamp(new Date(sentAt), 'Asia/Dubai')}, ref FT-1`,
    );
    // No campus named: every campus's; and no form, which is a campus's.
    expect(callsOf('GET', '/api/admin/refunds')[0]?.[0]).toBe('/api/admin/refunds');
    expect(within(panel).queryByRole('button', { name: 'Record a refund' })).toBeNull();
    expect(screen.getByRole('tab', { name: 'Refunds', selected: true })).toBeTruthy();
  });
});
