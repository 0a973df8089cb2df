import { describe, expect, it } from 'vitest';
import { columnUnderScheme } from '../../support/column-under-scheme';
import type { Sheet } from '../../../src/engine';
import {
  fakePeriodText,
  isPeriodText,
} from '../../../src/engine/pseudonymize/generators/period-text';
import { KeyedRandom } from '../../../src/engine/pseudonymize/keyed-random';

const random = new KeyedRandom(new TextEncoder().encode('period-key'));

describe('periods written as codes (scheme 11 on)', () => {
  it.each([
    ['2024-Q2', /^20(2[2-6])-Q[1-4]$/],
    ['2024Q2', /^20(2[2-6])Q[1-4]$/],
    ['FY24 Q2', /^FY(2[2-6]) Q[1-4]$/],
    ['Q2 2024', /^Q[1-4] 20(2[2-6])$/],
    ['q4/2019', /^q[1-4]\/20(1[7-9]|2[01])$/],
    ['2020-W52', /^20(1[89]|2[0-2])-W(0[1-9]|[1-4]\d|5[0-2])$/],
    ['2020W07', /^20(1[89]|2[0-2])W(0[1-9]|[1-4]\d|5[0-2])$/],
    ['FY2020', /^FY20(1[89]|2[12])$/],
    ['FY 20', /^FY (1[89]|2[12])$/],
  ])('%s becomes another period of its kind, in its layout', (text, layout) => {
    expect(isPeriodText(text)).toBe(true);
    for (let index = 0; index < 50; index++) {
      random.reseed('period', text, index);
      const fake = fakePeriodText(text, random)!;
      expect(fake).toMatch(layout);
      expect(fake).not.toBe(text);
    }
  });

  it.each(['2024-Q5', 'Q0 2024', '2024-W54', 'FYI', 'Q2', '2024-Q2x', 'SKU-2024'])(
    'leaves %s to the other rules',
    (text) => {
      expect(isPeriodText(text)).toBe(false);
      expect(fakePeriodText(text, random)).toBeNull();
    },
  );

  it('rewrites a column of quarters as quarters, keyed by the value, where scheme 10 made codes', () => {
    const quarters = Array.from(
      { length: 40 },
      (_, index) => `${2019 + Math.floor(index / 4)}-Q${1 + (index % 4)}`,
    );
    const sheet: Sheet = {
      name: 'revenue',
      columns: ['quarter', 'spoken'],
      rows: [...quarters, ...quarters.slice(0, 8)].map((quarter) => [
        quarter,
        `Q${quarter.slice(-1)} ${quarter.slice(0, 4)}`,
      ]),
    };
    const after = columnUnderScheme(sheet, 0, 11);
    const spoken = columnUnderScheme(sheet, 1, 11);
    after.forEach((fake) => expect(fake).toMatch(/^20\d\d-Q[1-4]$/));
    spoken.forEach((fake) => expect(fake).toMatch(/^Q[1-4] 20\d\d$/));
    expect(after.slice(40)).toEqual(after.slice(0, 8));
    expect(columnUnderScheme(sheet, 0, 10).some((fake) => !/-Q[1-4]$/.test(fake))).toBe(true);
  });
});
