import { ORDER_SHEET_HEADER } from '@campus/shared/domain/order';
import { describe, expect, it } from 'vitest';
import { statusLayout } from './sync-order-status';

describe('the Status columns of a tab', () => {
  it('adds Status and Status Time after the last header cell of a new tab', () => {
    expect(statusLayout([...ORDER_SHEET_HEADER])).toEqual({
      orderId: 17,
      status: 18,
      statusTime: 19,
      batch: null,
      added: [
        { row: 0, column: 18, value: 'Status' },
        { row: 0, column: 19, value: 'Status Time' },
      ],
    });
  });

  it('adds Batch after the Status columns once an order of the tab is in a round', () => {
    expect(statusLayout([...ORDER_SHEET_HEADER, 'Status', 'Status Time', 'Rider'], true)).toEqual({
      orderId: 17,
      status: 18,
      statusTime: 19,
      batch: 21,
      added: [{ row: 0, column: 21, value: 'Batch' }],
    });
    expect(statusLayout([...ORDER_SHEET_HEADER], true)).toMatchObject({
      batch: 20,
      added: [
        { row: 0, column: 18, value: 'Status' },
        { row: 0, column: 19, value: 'Status Time' },
        { row: 0, column: 20, value: 'Batch' },
      ],
    });
  });

  it("keeps a person's columns after 'Order ID', and never fills a gap in the header", () => {
    const header = [...ORDER_SHEET_HEADER, 'Rider', '', 'Notes', ''];
    expect(statusLayout(header)).toMatchObject({
      status: 21,
      statusTime: 22,
      added: [
        { row: 0, column: 21, value: 'Status' },
        { row: 0, column: 22, value: 'Status Time' },
      ],
    });
  });

  it('finds every column by its header text wherever people moved it', () => {
    const header = ['Status Time', 'order id', 'Notes', ' status ', 'BATCH'];
    expect(statusLayout(header)).toEqual({
      orderId: 1,
      status: 3,
      statusTime: 0,
      batch: 4,
      added: [],
    });
  });

  it('adds only the missing one, and finds the order ids where the append writes them when their header was renamed', () => {
    const header = [...ORDER_SHEET_HEADER.slice(0, -1), 'Order', 'Status'];
    expect(statusLayout(header)).toEqual({
      orderId: 17,
      status: 18,
      statusTime: 19,
      batch: null,
      added: [{ row: 0, column: 19, value: 'Status Time' }],
    });
  });
});
