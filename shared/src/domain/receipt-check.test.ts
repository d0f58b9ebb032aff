import { describe, expect, it } from 'vitest';
import { type ReceiptExpectation, receiptDifferences } from './receipt-check';
import type { ReceiptReading } from './receipt-reading';

const order: ReceiptExpectation = {
  grandTotalPaisa: 102_000,
  paymentReference: 'CB-7K3QM',
  placedAt: '2026-12-02T14:40',
  payToAccountNumber: 'PK36 MEZN 0001 2345 6789 0042',
  transactionIdAlsoOn: [],
};

const field = <T>(value: T) => ({ value, confidence: 90 });

/** A receipt that agrees with the order in everything. */
const agreeing: ReceiptReading = {
  amount: field(102_000),
  transactionId: field('12345678901'),
  paidAt: field('2026-12-02T14:35'),
  recipientAccountEnding: field('0042'),
  references: ['CB-7K3QM'],
  characters: 200,
};

const texts = (reading: Partial<ReceiptReading>, expectation: Partial<ReceiptExpectation> = {}) =>
  receiptDifferences({ ...agreeing, ...reading }, { ...order, ...expectation }).map(
    (difference) => difference.text,
  );

describe('what the receipt check concludes', () => {
  it('finds no difference in a receipt that agrees', () => {
    expect(texts({})).toEqual([]);
  });

  it('names an amount short or over, by how much', () => {
    expect(texts({ amount: field(68_000) })).toEqual([
      'Receipt says Rs 680.00; order is Rs 1,020.00 (Rs 340.00 short).',
    ]);
    expect(texts({ amount: field(107_000) })).toEqual([
      'Receipt says Rs 1,070.00; order is Rs 1,020.00 (Rs 50.00 more).',
    ]);
    expect(texts({ amount: null })).toEqual(['No amount found on the receipt.']);
  });

  it('names a missing reference, or another order’s', () => {
    expect(texts({ references: [] })).toEqual([
      'The payment reference CB-7K3QM is not on the receipt.',
    ]);
    expect(texts({ references: ['CB-HJK23'] })).toEqual([
      "The receipt names CB-HJK23, not this order's CB-7K3QM.",
    ]);
  });

  it('takes a reference OCR read with look-alike characters as the order’s, and no other', () => {
    const order = { paymentReference: 'CB-8Z5GB' };
    expect(texts({ references: ['CB-SZSGS'] }, order)).toEqual([]);
    expect(texts({ references: ['CB-S2S6S'] }, order)).toEqual([]);
    expect(texts({ references: ['CB-8Z5GC'] }, order)).toEqual([
      "The receipt names CB-8Z5GC, not this order's CB-8Z5GB.",
    ]);
  });

  it('names a transaction id on another order’s receipt', () => {
    expect(texts({}, { transactionIdAlsoOn: ['CB-22222', 'CB-33333'] })).toEqual([
      'Transaction id 12345678901 is also on the receipt of CB-22222, CB-33333.',
    ]);
  });

  it('names a receipt dated after the order, or a day before it, with ten minutes of slack', () => {
    expect(texts({ paidAt: field('2026-12-02T14:50') })).toEqual([]);
    expect(texts({ paidAt: field('2026-12-02T14:51') })).toEqual([
      'The receipt is dated after the order was placed.',
    ]);
    expect(texts({ paidAt: field('2026-12-01T14:40') })).toEqual([]);
    expect(texts({ paidAt: field('2026-12-01T14:39') })).toEqual([
      'The receipt is dated more than 24 hours before the order.',
    ]);
  });

  it('names a recipient account that is not the campus’s', () => {
    expect(texts({ recipientAccountEnding: field('1907') })).toEqual([
      "The receipt's recipient account ends in 1907; the campus's ends in 0042.",
    ]);
    expect(texts({ recipientAccountEnding: null })).toEqual([]);
  });

  it('says only "unread" of a picture with too little text', () => {
    expect(receiptDifferences({ ...agreeing, amount: null, characters: 12 }, order)).toEqual([
      { kind: 'unread', text: 'The screenshot could not be read: it holds too little text.' },
    ]);
  });

  it('lists every difference at once, amount first', () => {
    expect(
      receiptDifferences(
        { ...agreeing, amount: field(19_000), references: [] },
        { ...order, transactionIdAlsoOn: ['CB-22222'] },
      ).map((difference) => difference.kind),
    ).toEqual(['amount_short', 'reference_missing', 'transaction_id_used']);
  });
});
