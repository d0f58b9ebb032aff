import { describe, expect, it } from 'vitest';
import { SHEET_BATCH_MAX_CHARS, withinRequestSize } from './append-order-row';

const line = (id: number, chars: number) => ({ id, row: ['x'.repeat(chars - 3), 100, 'abc'] });

describe('the rows of one append', () => {
  it('takes every waiting row while their text fits one request', () => {
    const lines = Array.from({ length: 2_000 }, (_, id) => line(id, 400));
    expect(withinRequestSize(lines)).toHaveLength(2_000);
  });

  it('stops before the row that would take the text past the bound', () => {
    const chars = 40_000;
    const fitting = Math.floor(SHEET_BATCH_MAX_CHARS / chars);
    const lines = Array.from({ length: fitting + 5 }, (_, id) => line(id, chars));
    const batch = withinRequestSize(lines);
    expect(batch.map((l) => l.id)).toEqual(lines.slice(0, fitting).map((l) => l.id));
  });

  it('always takes the first row, however long, so a long row is never stuck', () => {
    const lines = [line(0, SHEET_BATCH_MAX_CHARS + 10), line(1, 10)];
    expect(withinRequestSize(lines).map((l) => l.id)).toEqual([0]);
  });
});
