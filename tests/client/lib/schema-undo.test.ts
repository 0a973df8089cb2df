import { describe, expect, it } from 'vitest';
import type { ColumnSchema } from '../../../src/engine';
import { detectSchema } from '../../../src/engine';
import { changeLabel, restoringUpdates } from '../../../src/client/lib/schemaUndo';
import { peopleSheet } from '../../support/people-files';

/* Undo of the last schema change (lib/schemaUndo.ts): the updates that put a sheet back. */

const before = detectSchema(peopleSheet(10));
const named = (schema: ColumnSchema[], name: string) =>
  schema.find((column) => column.name === name)!;

function changed(edit: (column: ColumnSchema) => ColumnSchema, name: string): ColumnSchema[] {
  return before.map((column) => (column.name === name ? edit(column) : column));
}

describe('undoing a schema change', () => {
  it('sends back the rule, type, mode and shift that changed, and nothing else', () => {
    const now = changed(
      (column) => ({ ...column, rule: { action: 'faker', fakerMethod: 'person.lastName' } }),
      'first_name',
    );
    expect(restoringUpdates(before, now)).toEqual([
      { name: 'first_name', rule: { action: 'auto' } },
    ]);
    expect(changeLabel(named(before, 'first_name'), named(now, 'first_name'))).toBe(
      'Custom person.lastName on first_name',
    );
    const typed = changed((column) => ({ ...column, type: 'string' }), 'email');
    expect(restoringUpdates(before, typed)).toEqual([{ name: 'email', type: 'email' }]);
    // A number mode or date shift the change added goes back to what its absence meant.
    const moded = changed((column) => ({ ...column, numberMode: 'range' }), 'balance');
    expect(restoringUpdates(before, moded)).toEqual([
      { name: 'balance', numberMode: 'distribution' },
    ]);
    const shifted = changed(
      (column) => ({ ...column, dateShift: { windowDays: 30 } }),
      'signup_date',
    );
    expect(restoringUpdates(before, shifted)).toEqual([{ name: 'signup_date', dateShift: {} }]);
    expect(restoringUpdates(before, before)).toEqual([]);
  });
});
