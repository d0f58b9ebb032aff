import { describe, expect, it } from 'vitest';
import { type ReadLine, readReceipt } from './receipt-reading';

// Receipts as OCR gives their lines, in the styles of Pakistani wallets and banks.
const lines = (text: string): ReadLine[] =>
  text.split('\n').map((line) => ({ text: line, confidence: 90 }));

const valuesOf = (text: string) => {
  const reading = readReceipt(lines(text));
  return {
    amount: reading.amount?.value,
    transactionId: reading.transactionId?.value,
    paidAt: reading.paidAt?.value,
    recipient: reading.recipientAccountEnding?.value,
    references: reading.references,
  };
};

describe('reading a receipt', () => {
  it('reads a wallet receipt with its amount under its label and a mobile account', () => {
    expect(
      valuesOf(`JazzCash
Money Sent Successfully
Amount
Rs. 1,020.00
TID: 12345678901
Date 02-12-2026 14:35:07
To
CampusBucket Foods
0300-1234567
Note: CB-7K3QM`),
    ).toEqual({
      amount: 102_000,
      transactionId: '12345678901',
      paidAt: '2026-12-02T14:35',
      recipient: '4567',
      references: ['CB-7K3QM'],
    });
  });

  it('reads PKR without decimals, a spaced transaction id, a month name and an IBAN', () => {
    expect(
      valuesOf(`easypaisa
Transaction Successful
PKR 680
Transaction ID 0223 4455 6677
Dec 1, 2026 9:05 pm
Sent to Meezan Bank
PK36MEZN0001234567890042
Fee PKR 0.00
Purpose: cb 7k3qm`),
    ).toEqual({
      amount: 68_000,
      transactionId: '022344556677',
      paidAt: '2026-12-01T21:05',
      recipient: '0042',
      references: ['CB-7K3QM'],
    });
  });

  it('takes the labelled amount, never a balance or a fee, and reads an RRN and a masked account', () => {
    expect(
      valuesOf(`Available balance Rs 12,000.00
Amount transferred: Rs 300.00
Charges Rs 15.00
RRN 612345678901
2026-12-02 08:15:44
Beneficiary Account **** **** 1234`),
    ).toEqual({
      amount: 30_000,
      transactionId: '612345678901',
      paidAt: '2026-12-02T08:15',
      recipient: '1234',
      references: [],
    });
  });

  it('keeps the payment reference apart from the bank’s id, and reads an amount before its currency', () => {
    expect(
      valuesOf(`Transfer complete
1,240.00 PKR
Ref: CB-7K3QM
Trans ID 998877665544
01/12/2026 12:10 AM`),
    ).toEqual({
      amount: 124_000,
      transactionId: '998877665544',
      paidAt: '2026-12-01T00:10',
      recipient: undefined,
      references: ['CB-7K3QM'],
    });
  });

  it('reads a J of the reference or of the transaction id that OCR gave as a bracket', () => {
    expect(valuesOf('Note CB-82)MU\nPurpose cb-j2]k9').references).toEqual([
      'CB-82JMU',
      'CB-J2JK9',
    ]);
    expect(valuesOf('Transaction ID FT28141)KH9358').transactionId).toBe('FT28141JKH9358');
  });

  it('reads a printed slip: a label with a hash and a colon, the time on the line below', () => {
    expect(
      valuesOf(`Total Amount: PKR 1,808.00
Ref #: 121880805135
Date: 2026-09-12
Time: 09:41:17
Beneficiary: CampusBucket Foods
Account No: 0000001234560042`),
    ).toEqual({
      amount: 180_800,
      transactionId: '121880805135',
      paidAt: '2026-09-12T09:41',
      recipient: '0042',
      references: [],
    });
  });

  it('skips a date that does not exist, and a time that cannot be', () => {
    expect(valuesOf('31/02/2026 10:00\n03 Dec 2026 25:10').paidAt).toBe('2026-12-03T00:00');
  });

  it('keeps each field’s confidence, and counts the letters and digits read with confidence', () => {
    const reading = readReceipt([
      { text: 'Amount Rs 500', confidence: 52 },
      { text: 'TID 5566778899', confidence: 77 },
      // What the English model makes of a line of Urdu.
      { text: '\\WPEOSVAQ-) puoi opaisS ld', confidence: 12 },
    ]);
    expect(reading.amount).toEqual({ value: 50_000, confidence: 52 });
    expect(reading.transactionId).toEqual({ value: '5566778899', confidence: 77 });
    expect(reading.characters).toBe('AmountRs500TID5566778899'.length);
    expect(readReceipt([])).toMatchObject({ amount: null, characters: 0, references: [] });
  });
});
