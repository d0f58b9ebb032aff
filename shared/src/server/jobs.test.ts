import { describe, expect, it } from 'vitest';
import { jobId } from './jobs';

describe('jobs', () => {
  it('builds job ids from business keys', () => {
    expect(jobId('order', 'a1b2', 'sheet')).toBe('order-a1b2-sheet');
  });

  it('refuses ids BullMQ cannot take: with a colon, or digits only', () => {
    expect(() => jobId('order:1')).toThrow('Invalid job id');
    expect(() => jobId('12345')).toThrow('Invalid job id');
  });
});
