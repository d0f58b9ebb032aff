import { describe, expect, it } from 'vitest';
import {
  guessStatementMapping,
  matchCredits,
  parseStatementAmount,
  parseStatementDate,
  readStatementRow,
} from './bank-statement';

describe("a statement's cells", () => {
  it('reads the dates banks and wallets print, day first, with a time where given', () => {
    expect(parseStatementDate('2026-11-24 14:05:09')).toEqual({ on: '2026-11-24', at: '14:05' });
    expect(parseStatementDate('24/11/2026')).toEqual({ on: '2026-11-24', at: null });
    expect(parseStatementDate('04-11-2026 02:05 PM')).toEqual({ on: '2026-11-04', at: '14:05' });
    expect(parseStatementDate('24 Nov 2026')).toEqual({ on: '2026-11-24', at: null });
    expect(parseStatementDate('24-November-2026 12:10 am')).toEqual({
      on: '2026-11-24',
      at: '00:10',
    });
    expect(parseStatementDate('Nov 24, 2026')).toEqual({ on: '2026-11-24', at: null });
    // A workbook's date: days since Excel's day 0, the fraction the time.
    expect(parseStatementDate(46_350.5)).toEqual({ on: '2026-11-24', at: '12:00' });
    for (const bad of ['31/02/2026', 'yesterday', '', '13/13/2026', 12]) {
      expect(parseStatementDate(bad)).toBeNull();
    }
  });

  it('reads credits as paisa and tells money going out and other currencies apart', () => {
    expect(parseStatementAmount('Rs 1,020.00')).toEqual({ paisa: 102_000 });
    expect(parseStatementAmount('PKR 1020')).toEqual({ paisa: 102_000 });
    expect(parseStatementAmount('1,020.50 CR')).toEqual({ paisa: 102_050 });
    expect(parseStatementAmount(573)).toEqual({ paisa: 57_300 });
    for (const out of ['-150.00', '(150.00)', '150.00 DR', '', '0', 0, -5]) {
      expect(parseStatementAmount(out)).toEqual({ skip: 'notCredit' });
    }
    expect(parseStatementAmount('USD 20')).toEqual({ skip: 'otherCurrency' });
    expect(parseStatementAmount('twenty')).toEqual({ skip: 'unreadableAmount' });
  });

  it('guesses the columns from the header, a credit column before a plain amount', () => {
    expect(
      guessStatementMapping(['Txn Date', 'Narration', 'Debit', 'Credit', 'Balance', 'RRN']),
    ).toEqual({
      date: 'Txn Date',
      amount: 'Credit',
      description: 'Narration',
      transactionId: 'RRN',
    });
    expect(guessStatementMapping(['Sr', 'Value'])).toEqual({
      date: '',
      amount: '',
      description: '',
      transactionId: '',
    });
  });

  it('reads a row by the mapping, its references in any case', () => {
    const mapping = { date: 'Date', amount: 'Credit', description: 'Note', transactionId: '' };
    expect(
      readStatementRow({ Date: '2026-11-24', Credit: '880', Note: 'cb-7k3qm thanks' }, mapping),
    ).toEqual({
      on: '2026-11-24',
      at: null,
      amountPaisa: 88_000,
      description: 'cb-7k3qm thanks',
      transactionId: '',
      references: ['CB-7K3QM'],
    });
    expect(readStatementRow({ Date: '2026-11-24', Credit: { formula: true } }, mapping)).toEqual({
      skip: 'formula',
    });
  });
});

describe('matching credits to orders', () => {
  const order = (id: string, total: number, day = '2026-11-24') => ({
    id,
    paymentReference: `CB-${id}`,
    grandTotalPaisa: total,
    placedOn: day,
  });
  const credit = (id: string, amount: number, on = '2026-11-24', references: string[] = []) => ({
    id,
    on,
    amountPaisa: amount,
    references,
  });

  it('takes the reference first, then a single exact amount within a day', () => {
    expect(
      matchCredits(
        [credit('c1', 500, '2026-11-20', ['CB-AAAAA']), credit('c2', 700, '2026-11-25')],
        [order('AAAAA', 999), order('BBBBB', 700)],
      ),
    ).toEqual([
      { creditId: 'c1', orderId: 'AAAAA', by: 'reference' },
      { creditId: 'c2', orderId: 'BBBBB', by: 'amount' },
    ]);
  });

  it('leaves two orders of one amount, a credit two days off, and a second credit of a reference', () => {
    expect(
      matchCredits(
        [credit('c1', 290), credit('c2', 290), credit('c3', 400, '2026-11-27')],
        [order('AAAAA', 290), order('BBBBB', 290), order('CCCCC', 400)],
      ),
    ).toEqual([]);
    expect(
      matchCredits(
        [
          credit('c1', 100, '2026-11-24', ['CB-AAAAA']),
          credit('c2', 100, '2026-11-24', ['CB-AAAAA']),
        ],
        [order('AAAAA', 100)],
      ),
    ).toEqual([{ creditId: 'c1', orderId: 'AAAAA', by: 'reference' }]);
  });
});
