import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ZCampus, ZCartLine, ZUniversity } from './entities';
import { readStoredCampus, readStoredCartLine, readStoredUniversity } from './stored-shapes';
import { buildCartLine } from './test-builders';

// The zod-free readers of browser storage must agree with the entity schemas on every value:
// the same values accepted, the same value answered.
const asParsed = (result: { success: boolean; data?: unknown }) =>
  result.success ? result.data : null;

// Values near the rules' edges, and values of every other kind.
const junk = fc.oneof(
  {
    arbitrary: fc.constantFrom<unknown>(
      undefined,
      null,
      true,
      0,
      -1,
      1.5,
      50,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      2 ** 60,
      '',
      ' ',
      'c1',
      'bad id',
      'a\u0000b',
      'x'.repeat(101),
      '\u200b',
      ' 09:00 pm ',
      '10:60 AM',
      '22:00',
      [],
      {},
    ),
    weight: 4,
  },
  { arbitrary: fc.string({ maxLength: 12 }), weight: 1 },
);

function mutated(base: Record<string, unknown>, keys: string[]) {
  return fc.record(
    Object.fromEntries(
      // Mostly the valid value, so that most values break one rule at a time.
      keys.map((key) => [
        key,
        fc.oneof(
          { arbitrary: fc.constant(base[key]), weight: 12 },
          { arbitrary: fc.constant(undefined), weight: 1 },
          { arbitrary: junk, weight: 3 },
        ),
      ]),
    ),
    { requiredKeys: [] },
  );
}

const line = buildCartLine({ stock: 3 });
const restaurantData = line.restaurantData as Record<string, unknown>;
const storedLine = fc
  .tuple(
    mutated(line, [
      'name',
      'price',
      'quantity',
      'restaurantName',
      'campusId',
      'itemId',
      'restaurantId',
      'stock',
    ]),
    fc.oneof(
      { arbitrary: mutated(restaurantData, ['openTime', 'closeTime', 'is24x7']), weight: 6 },
      { arbitrary: fc.constant(undefined), weight: 1 },
      { arbitrary: junk, weight: 1 },
    ),
    fc.boolean(),
  )
  .map(([fields, data, extraKey]) => ({
    ...fields,
    ...(data === undefined ? {} : { restaurantData: data }),
    ...(extraKey ? { extra: 'dropped' } : {}),
  }));

describe('stored shapes', () => {
  it('reads a bucket line exactly as ZCartLine parses it', () => {
    expect(readStoredCartLine(line)).toEqual(line);
    fc.assert(
      fc.property(storedLine, (value) => {
        expect(readStoredCartLine(value)).toEqual(asParsed(ZCartLine.safeParse(value)));
      }),
      { numRuns: 10_000 },
    );
  });

  it('reads a university and a campus exactly as their schemas parse them', () => {
    const university = { id: 'u1', name: 'Northfield' };
    const campus = { id: 'c1', universityId: 'u1', name: 'Lahore', location: 'Gulberg' };
    fc.assert(
      fc.property(mutated(university, ['id', 'name']), fc.oneof(junk, junk), (value, other) => {
        for (const candidate of [value, other]) {
          expect(readStoredUniversity(candidate)).toEqual(
            asParsed(ZUniversity.safeParse(candidate)),
          );
        }
      }),
    );
    fc.assert(
      fc.property(mutated(campus, ['id', 'universityId', 'name', 'location']), (value) => {
        expect(readStoredCampus(value)).toEqual(asParsed(ZCampus.safeParse(value)));
      }),
    );
  });
});
