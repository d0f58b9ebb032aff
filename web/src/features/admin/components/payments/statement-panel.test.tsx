import {
  STATEMENT_MESSAGES,
  type TStatementPreviewResponse,
} from '@campus/shared/domain/bank-statement';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, renderAnswered } from '@/test/answered-fetch';
import { StatementPanel } from './statement-panel';

// 'Match the bank statement' in the Payments tab (decision 023), against a stubbed api: the
// columns as the api read them, the rows as they read, a new choice of column read again, and the
// import with its counts.

const PREVIEW: TStatementPreviewResponse = {
  ok: true,
  header: ['Date', 'Narration', 'Debit', 'Credit'],
  mapping: { date: 'Date', amount: 'Credit', description: 'Narration', transactionId: '' },
  rows: [
    {
      row: 2,
      credit: {
        on: '2026-11-24',
        at: '14:05',
        amountPaisa: 102_000,
        description: 'IBFT CB-7K3QM',
        references: ['CB-7K3QM'],
      },
      skipped: null,
    },
    { row: 3, credit: null, skipped: 'Not a credit (no amount, zero, or money going out).' },
  ],
  credits: 1,
  skipped: 1,
};

const openPanel = (answers: Response[]) =>
  renderAnswered(
    <StatementPanel campus={{ universityId: 'uni-1', campusId: 'campus-1' }} />,
    answers,
  );

/** The mapping a call sent, from its multipart body. */
const mappingOf = (init?: RequestInit) => {
  const sent = (init?.body as FormData | undefined)?.get('mapping');
  return sent ? JSON.parse(String(sent)) : null;
};

describe('the statement panel', () => {
  it('previews, reads again with another column, and imports with the columns chosen', async () => {
    const renamed = { ...PREVIEW, mapping: { ...PREVIEW.mapping, transactionId: 'Debit' } };
    const { user, fetchMock } = openPanel([
      json(PREVIEW),
      json(renamed),
      json({ ok: true, credits: 1, added: 1, alreadyImported: 0, skipped: 1, matched: 1 }),
    ]);
    await user.click(screen.getByText('Match the bank statement'));
    await user.upload(
      screen.getByLabelText(/Statement file/),
      new File(['Date,Narration,Debit,Credit\n'], 'statement.csv', { type: 'text/csv' }),
    );
    expect(await screen.findByText('1 credit, 1 row skipped.')).toBeTruthy();
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      '22026-11-24 14:05Rs 1,020.00IBFT CB-7K3QMCredit (CB-7K3QM)',
      '3Skipped: Not a credit (no amount, zero, or money going out).',
    ]);
    // The first preview sends no columns: the campus's last ones, or a guess.
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain(
      '/api/admin/statement/preview?universityId=uni-1&campusId=campus-1',
    );
    expect(mappingOf(fetchMock.mock.calls[0]?.[1])).toBeNull();

    await user.selectOptions(screen.getByLabelText('Transaction id'), 'Debit');
    await expect.poll(() => fetchMock.mock.calls.length).toBe(2);
    expect(mappingOf(fetchMock.mock.calls[1]?.[1])).toEqual(renamed.mapping);

    await user.click(await screen.findByRole('button', { name: 'Import 1 credit' }));
    expect(
      await screen.findByText(
        STATEMENT_MESSAGES.imported({ added: 1, alreadyImported: 0, skipped: 1, matched: 1 }),
      ),
    ).toBeTruthy();
    expect(String(fetchMock.mock.calls[2]?.[0])).toContain('/api/admin/statement/import?');
    expect(mappingOf(fetchMock.mock.calls[2]?.[1])).toEqual(renamed.mapping);
  });

  it('asks for a date and a credit column before it reads again or imports', async () => {
    const { user, fetchMock } = openPanel([json(PREVIEW)]);
    await user.click(screen.getByText('Match the bank statement'));
    await user.upload(
      screen.getByLabelText(/Statement file/),
      new File(['x'], 'statement.csv', { type: 'text/csv' }),
    );
    await screen.findByText('1 credit, 1 row skipped.');
    await user.selectOptions(screen.getByLabelText('Date'), '');
    expect(screen.getByRole('alert').textContent).toBe(STATEMENT_MESSAGES.mappingRequired);
    expect(
      (screen.getByRole('button', { name: 'Import 1 credit' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
