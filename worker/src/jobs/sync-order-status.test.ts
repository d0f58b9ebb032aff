import { ORDER_SHEET_HEADER } from '@campus/shared/domain/order';
import { describe, expect, it } from 'vitest';
import { statusLayout } from './sync-order-status';

describe('the columns after the append of a tab', () => {
  it('adds Status, Status Time and Payment Reference after the last header cell of a new tab', () => {
    expect(statusLayout([...ORDER_SHEET_HEADER])).toEqual({
      orderId: 17,
      status: 18,
      statusTime: 19,
      batch: null,
      paymentReference: 20,
      added: [
        { row: 0, column: 18, value: 'Status' },
        { row: 0, column: 19, value: 'Status Time' },
        { row: 0, column: 20, value: 'Payment Reference' },
      ],
    });
  });

  it('adds Batch after the Status columns once an order of the tab is in a round', () => {
    const header = [...ORDER_SHEET_HEADER, 'Status', 'Status Time', 'Rider', 'Payment Reference'];
    expect(statusLayout(header, true)).toEqual({
      orderId: 17,
      status: 18,
      statusTime: 19,
      batch: 22,
      paymentReference: 21,
      added: [{ row: 0, column: 22, value: 'Batch' }],
    });
    expect(statusLayout([...ORDER_SHEET_HEADER], true)).toMatchObject({
      batch: 20,
      paymentReference: 21,
      added: [
        { row: 0, column: 18, value: 'Status' },
        { row: 0, column: 19, value: 'Status Time' },
        { row: 0, column: 20, value: 'Batch' },
        { row: 0, column: 21, value: 'Payment Reference' },
      ],
    });
  });

  it("keeps a person's columns after 'Order ID', and never fills a gap in the header", () => {
    const header = [...ORDER_SHEET_HEADER, 'Rider', '', 'Notes', ''];
    expect(statusLayout(header)).toMatchObject({
      status: 21,
      statusTime: 22,
      paymentReference: 23,
      added: [
        { row: 0, column: 21, value: 'Status' },
        { row: 0, column: 22, value: 'Status Time' },
        { row: 0, column: 23, value: 'Payment Reference' },
      ],
    });
  });

  it('finds every column by its header text wherever people moved it', () => {
    const header = ['Status Time', 'order id', 'payment reference', 'Notes', ' status ', 'BATCH'];
    expect(statusLayout(header)).toEqual({
      orderId: 1,
      status: 4,
      statusTime: 0,
      batch: 5,
      paymentReference: 2,
      added: [],
    });
  });

  it('adds only the missing one, and finds the order ids where the append writes them when their header was renamed', () => {
    const header = [...ORDER_SHEET_HEADER.slice(0, -1), 'Order', 'Status', 'Payment Reference'];
    expect(statusLayout(header)).toEqual({
      orderId: 17,
      status: 18,
      statusTime: 20,
      batch: null,
      paymentReference: 19,
      added: [{ row: 0, column: 20, value: 'Status Time' }],
    });
  });
});
