import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  columnLetter,
  findSheetTabCollisions,
  orderDashboardTabs,
  SHEET_TAB_MESSAGES,
  sheetTabName,
  sheetTabNameProblem,
} from './sheet-tab';

describe('sheetTabName', () => {
  it.each([
    ['FAST-NUCES', 'Lahore Campus', 'FASTNUCES_Lahore_Campus'],
    ['LUMS', 'Main', 'LUMS_Main'],
    ['  A  -  B ', ' C ', 'A_B_C'],
    ['Univ. of Punjab', "Quaid-e-Azam's Campus", 'Univ_of_Punjab_QuaideAzams_Cam'],
    ['NUST', 'H_12', 'NUST_H_12'],
    ['جامعہ کراچی', 'مرکزی', 'جامعہ_کراچی_مرکزی'],
    ['!!!', '???', ''],
  ])('(%j, %j) → %j', (university, campus, tab) => {
    expect(sheetTabName(university, campus)).toBe(tab);
  });

  it('cuts at 30 characters without splitting an astral letter', () => {
    expect(sheetTabName('A'.repeat(28), '𝒜𝒜')).toBe(`${'A'.repeat(28)}_`);
    expect(sheetTabName('A'.repeat(27), '𝒜𝒜')).toBe(`${'A'.repeat(27)}_𝒜`);
  });

  it('never exceeds 30 characters and keeps only letters, digits and underscores', () => {
    // ASCII plus the characters that matter here; fast-check's full Unicode unit is slow to build.
    const unit = fc.oneof(
      fc.string({ minLength: 1, maxLength: 1 }),
      fc.constantFrom(' ', '\t', '-', '.', "'", '_', 'é', 'ج', '٣', '𝒜', '😀'),
    );
    const name = fc.string({ unit, maxLength: 40 });
    fc.assert(
      fc.property(name, name, (u, c) => {
        const tab = sheetTabName(u, c);
        expect(tab.length).toBeLessThanOrEqual(30);
        expect(tab).toMatch(/^[\p{L}\p{N}_]*$/u);
        expect(tab).not.toMatch(/[\uD800-\uDBFF]$/);
      }),
    );
  });
});

describe('collisions', () => {
  const lumsA = { id: 'a', universityName: 'LUMS', campusName: 'Main Campus' };
  const lumsB = { id: 'b', universityName: 'LUMS Main', campusName: 'Campus' };
  const long1 = { id: 'c', universityName: 'National University of Sciences', campusName: 'One' };
  const long2 = { id: 'd', universityName: 'National University of Sciences', campusName: 'Two' };
  const other = { id: 'e', universityName: 'NUST', campusName: 'H-12' };

  it('finds campuses that share a tab, including through the 30-character cut', () => {
    expect(findSheetTabCollisions([lumsA, other, lumsB, long1, long2])).toEqual([
      { tabName: 'LUMS_Main_Campus', campuses: [lumsA, lumsB] },
      { tabName: 'National_University_of_Science', campuses: [long1, long2] },
    ]);
    expect(findSheetTabCollisions([lumsA, other])).toEqual([]);
  });

  it('explains why a new campus cannot get its own tab', () => {
    expect(sheetTabNameProblem([lumsA, other], lumsB)).toBe(
      SHEET_TAB_MESSAGES.collision('LUMS_Main_Campus'),
    );
    expect(sheetTabNameProblem([other], lumsB)).toBeNull();
    expect(sheetTabNameProblem([], { universityName: 'Master', campusName: '!' })).toBe(
      SHEET_TAB_MESSAGES.collision('Master'),
    );
    expect(sheetTabNameProblem([], { universityName: '!!', campusName: '?' })).toBe(
      SHEET_TAB_MESSAGES.empty,
    );
  });
});

describe('orderDashboardTabs', () => {
  it('hides Master and sorts by name without touching the input', () => {
    const tabs = [
      { name: 'NUST_H12', sheetId: 3 },
      { name: 'Master', sheetId: 0 },
      { name: 'LUMS_Main', sheetId: 1 },
      { name: 'master', sheetId: 9 },
    ];
    expect(orderDashboardTabs(tabs).map((t) => t.name)).toEqual([
      'LUMS_Main',
      'master',
      'NUST_H12',
    ]);
    expect(tabs[0]?.name).toBe('NUST_H12');
  });
});

describe('columnLetter', () => {
  it('names columns as spreadsheets do', () => {
    expect([0, 1, 25, 26, 27, 51, 52, 701, 702].map(columnLetter)).toEqual([
      'A',
      'B',
      'Z',
      'AA',
      'AB',
      'AZ',
      'BA',
      'ZZ',
      'AAA',
    ]);
  });
});
