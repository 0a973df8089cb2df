import { describe, expect, it } from 'vitest';
import { detectSchema, userRules, withUserRules, type ColumnSchema } from '../../../src/engine';
import { peopleSheet } from '../../support/people-files';

/*
 * The rules a user set (recipe/user-rules.ts): what Re-analyze keeps, and what the page names
 * before a clean slate would lose them.
 */

const detected = detectSchema(peopleSheet(20));

function edited(): ColumnSchema[] {
  return detected.map((column) => {
    switch (column.name) {
      case 'first_name':
        return { ...column, rule: { action: 'faker', fakerMethod: 'person.firstName' } };
      case 'email':
        return { ...column, type: 'string', rule: { action: 'keep' } };
      case 'balance':
        return { ...column, numberMode: 'range', range: { min: 1, max: 9 }, rangeSetByUser: true };
      case 'signup_date':
        return { ...column, dateShift: { entityColumn: 'id', windowDays: 30 } };
      default:
        return column;
    }
  });
}

describe('user rules', () => {
  it('names every rule the user set, one line per column, and none of detection’s', () => {
    expect(userRules(detected)).toEqual([]);
    expect(userRules(edited())).toEqual([
      'first_name: Custom person.firstName',
      'email: Keep',
      'signup_date: shifts with id, ± 30 days',
      'balance: even in range, own range',
    ]);
  });

  it('carries them over to a new detection by column name, types from the detection', () => {
    const kept = withUserRules(detected, edited());
    expect(kept.find((column) => column.name === 'email')).toEqual({
      ...detected.find((column) => column.name === 'email'),
      rule: { action: 'keep' },
    });
    expect(kept.find((column) => column.name === 'balance')).toMatchObject({
      numberMode: 'range',
      range: { min: 1, max: 9 },
      rangeSetByUser: true,
    });
    expect(userRules(kept)).toEqual(userRules(edited()));
    // A column the earlier schema did not have is as detected.
    expect(withUserRules(detected, edited().slice(0, 1))).toEqual(detected);
  });
});
