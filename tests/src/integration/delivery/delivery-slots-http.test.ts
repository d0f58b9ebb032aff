import { ADMIN_API } from '@campus/shared/domain/admin-api';
import { DELIVERY_SLOT_MESSAGES } from '@campus/shared/domain/delivery-rounds';
import { TIME_MESSAGES } from '@campus/shared/domain/time-of-day';
import { describe, expect, it } from 'vitest';
import {
  access,
  campusQuery,
  type ErrorBody,
  expectUnchanged,
  setUpAdminAccess,
} from '../../support/admin-access/context';
import { engine } from '../../support/database';

// Bad slots over HTTP (decision 013): a 400 naming the field, and nothing saved or moved.

setUpAdminAccess();

const put = (slots: unknown) => ({
  method: 'PUT' as const,
  path: `${ADMIN_API.deliverySlots}${campusQuery(access.ours)}`,
  body: { slots },
});

describe(`delivery slots over HTTP on ${engine}`, () => {
  it.each([
    [
      'a time that is not a time',
      [{ weekday: 'mon', cutoff: 'noon', delivery: '1:30 PM' }],
      'slots.0.cutoff',
      TIME_MESSAGES.invalidTime,
    ],
    [
      'a delivery before its cut-off',
      [{ weekday: 'mon', cutoff: '12:30 PM', delivery: '11:30 AM' }],
      'slots.0.delivery',
      DELIVERY_SLOT_MESSAGES.deliveryBeforeCutoff,
    ],
    [
      'unordered rounds',
      [
        { weekday: 'fri', cutoff: '6:00 PM', delivery: '7:00 PM' },
        { weekday: 'fri', cutoff: '12:30 PM', delivery: '1:30 PM' },
      ],
      'slots.1.cutoff',
      DELIVERY_SLOT_MESSAGES.unordered,
    ],
    [
      'overlapping rounds',
      [
        { weekday: 'fri', cutoff: '12:30 PM', delivery: '1:30 PM' },
        { weekday: 'fri', cutoff: '1:00 PM', delivery: '2:00 PM' },
      ],
      'slots.1.cutoff',
      DELIVERY_SLOT_MESSAGES.overlapping('1:30 PM'),
    ],
    [
      'a day that is not a day',
      [{ weekday: 'someday', cutoff: '12:30 PM', delivery: '1:30 PM' }],
      'slots.0.weekday',
      undefined,
    ],
  ])('refuses %s', async (_name, slots, field, message) => {
    const answer = (await expectUnchanged('ourAdmin', put(slots), 400)) as ErrorBody;
    expect(Object.keys(answer.error.fields ?? {})).toEqual([field]);
    if (message) expect(answer.error.message).toBe(message);
  });

  it("refuses a campus admin another campus's slots", async () => {
    await expectUnchanged(
      'theirAdmin',
      put([{ weekday: 'mon', cutoff: '12:30 PM', delivery: '1:30 PM' }]),
      403,
    );
  });
});
